#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""gdb-poke.py SOCKET ADDR=FILE... [CPU@PC...] - write each FILE at ADDR
of a QEMU guest that waits at reset under its gdb stub (-S -gdb
unix:SOCKET,server=on), set the PC of each CPU (its index, from 0) named
with @, then let the guest run and detach. Speaks the few packets of the
GDB remote protocol it needs (M, qXfer, Hg, P, D); used by
harness/loongarch/qemu.sh. (LoongArch: the PC is register 33 of QEMU's
gdb stub, after r0-r31 and orig_a0.)"""
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
    path_sock = sys.argv[1]
    writes, pcs = [], []
    for arg in sys.argv[2:]:
        if "=" in arg:
            addr, path = arg.split("=", 1)
            writes.append((int(addr, 0), open(path, "rb").read()))
        elif "@" in arg:
            cpu, pc = arg.split("@", 1)
            pcs.append((int(cpu, 0), int(pc, 0)))
        else:
            sys.exit(f"gdb-poke: what is {arg!r}?")
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
    for addr, data in writes:
        for off in range(0, len(data), step):
            chunk = data[off:off + step]
            reply = packet(sock, f"M{addr + off:x},{len(chunk):x}:{chunk.hex()}")
            if reply != "OK":
                sys.exit(f"gdb-poke: writing at {addr + off:#x}: {reply!r}")
    # The stub's threads are the CPUs, numbered from 1. QEMU 7.2 answers
    # P only to a debugger that has read its target description.
    if pcs:
        packet(sock, "qXfer:features:read:target.xml:0,ffb")
    for cpu, pc in pcs:
        for body in (f"Hg{cpu + 1:x}", f"P21={pc.to_bytes(8, 'little').hex()}"):
            reply = packet(sock, body)
            if reply != "OK":
                sys.exit(f"gdb-poke: CPU {cpu}, {body}: {reply!r}")
    packet(sock, "D")
    sock.close()


main()
