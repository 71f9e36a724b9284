#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""gdb-poke.py SOCKET ADDR FILE - write FILE at ADDR of a QEMU guest that
waits at reset under its gdb stub (-S -gdb unix:SOCKET,server=on), then
let it run and detach. Speaks the few packets of the GDB remote protocol
it needs (M, D); used by harness/loongarch/qemu.sh."""
import socket
import sys
import time


def packet(sock, body):
    """Send one packet, return the reply's body."""
    csum = sum(body.encode()) & 0xff
    sock.sendall(f"${body}#{csum:02x}".encode())
    buf = b""
    while True:
        buf += sock.recv(4096)
        start = buf.find(b"$")
        if start >= 0 and buf.find(b"#", start) >= 0:
            end = buf.find(b"#", start)
            if len(buf) >= end + 3:
                sock.sendall(b"+")
                return buf[start + 1:end].decode()


def main():
    path_sock, addr, path = sys.argv[1], int(sys.argv[2], 0), sys.argv[3]
    data = open(path, "rb").read()
    for _ in range(300):
        try:
            sock = socket.socket(socket.AF_UNIX)
            sock.connect(path_sock)
            break
        except OSError:
            sock.close()
            time.sleep(0.1)
    else:
        sys.exit(f"gdb-poke: no gdb stub at {path_sock}")
    step = 512
    for off in range(0, len(data), step):
        chunk = data[off:off + step]
        reply = packet(sock, f"M{addr + off:x},{len(chunk):x}:{chunk.hex()}")
        if reply != "OK":
            sys.exit(f"gdb-poke: writing at {addr + off:#x}: {reply!r}")
    packet(sock, "D")
    sock.close()


main()
