/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions kpmm_test.c probes at every halfword (see there): every
 * kind of branch, jump and emulated instruction of the microMIPS port,
 * with 16- and 32-bit delay slots, calls and returns.
 */
#include <asm/regdef.h>

	.text
	.set	micromips
	.set	noreorder
	.set	noat
	.globl	kpmm_func
	.type	kpmm_func, @function
	.ent	kpmm_func
kpmm_func:
	addiusp	-16
	sw	ra, 12(sp)
	move	v0, a0
	addiupc	v1, 8
	addu	v0, v0, v1
	beqz16	a0, 1f
	addiu	v0, v0, 5000
	addiu	v0, v0, 7
1:	bnez16	a0, 2f
	addiu	v0, v0, 1
	addiu	v0, v0, 100
2:	bltz	a0, 3f
	nop32
	addiu	v0, v0, 9
3:	bgez	a0, 4f
	nop16
	addiu	v0, v0, 300
4:	beq	a0, v1, 5f
	addu	v0, v0, a0
	addiu	v0, v0, 11
5:	bne	a0, v1, 6f
	addiu	v0, v0, 2
	addiu	v0, v0, 13
6:	beqzc	a0, 7f
	addiu	v0, v0, 17
7:	bnezc	a0, 8f
	addiu	v0, v0, 19
8:	blez	a0, 81f
	addiu	v0, v0, 3
	addiu	v0, v0, 1000
81:	bgtz	a0, 82f
	addiu	v0, v0, 4
	addiu	v0, v0, 2000
82:	bgezal	a0, kpmm_sub
	nop32
	jals	kpmm_sub
	move	a1, v0
	jal	kpmm_sub
	addiu	v0, v0, 6
	la	t9, kpmm_sub
	jalr	t9
	nop32
	jalrs	t9
	nop16
	jalr.hb	ra, t9
	addiu	v0, v0, 8
	j	9f
	addiu	v0, v0, 10
	addiu	v0, v0, 4000
9:	b16	10f
	nop16
	addiu	v0, v0, 23
10:	lw	ra, 12(sp)
	jraddiusp	16
	.end	kpmm_func
	.size	kpmm_func, . - kpmm_func

	.type	kpmm_sub, @function
	.ent	kpmm_sub
kpmm_sub:
	addu	v0, v0, v0
	addiu	v0, v0, 1
	jrc	ra
	.end	kpmm_sub
	.size	kpmm_sub, . - kpmm_sub

	.type	kpmm_jr, @function
	.ent	kpmm_jr
kpmm_jr:
	move	v0, a0
	jr	ra
	addiu	v0, v0, 1
	.end	kpmm_jr
	.size	kpmm_jr, . - kpmm_jr
	.globl	kpmm_jr
