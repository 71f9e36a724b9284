/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the secondary CPUs of QEMU 7.2's LoongArch virt machine wait for
 * the kernel, in place of the firmware (harness/loongarch/qemu.sh puts
 * this code in low memory and sets their PC to it). Without firmware
 * QEMU 7.2 starts every CPU at the kernel's entry point; the kernel
 * expects the others to wait until loongson_boot_secondary() writes
 * smpboot_entry's physical address to their mailbox 0
 * (LOONGARCH_IOCSR_MBUF0; loongson_prepare_cpus() clears it first) and
 * sends them an IPI. This waits by polling the mailbox, not for the IPI,
 * and runs with the CPU as reset left it: direct addressing, interrupts
 * off. The kernel clears the pending IPI itself once it runs.
 */
	.text
	.globl	_start
_start:
	li.d		$t1, 0x1020		/* LOONGARCH_IOCSR_MBUF0 */
1:	iocsrrd.d	$t0, $t1
	beqz		$t0, 1b
	jirl		$zero, $t0, 0
