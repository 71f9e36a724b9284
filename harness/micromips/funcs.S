/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The "kernel text" of decoder-test.c, assembled as microMIPS: kpmm_func
 * has every kind of branch, jump and emulated instruction the port
 * handles, with 16- and 32-bit delay slots; kpmm_sub and kpmm_jr the
 * returns; kpmm_refused what the port refuses (and the delay slots of
 * refused branches); kpmm_plain what simply runs from a slot.
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

	.globl	kpmm_refused
	.type	kpmm_refused, @function
	.ent	kpmm_refused
kpmm_refused:
	break	514
	break16	3
	sdbbp16	1
	sdbbp	2
	syscall
	eret
	deret
	wait
	di
	ei
	mtc0	$8, $12
	mtc0	$8, $12, 1
	mfc0	$8, $12
	mfc0	$8, $12, 1
	mfc0	$8, $14
	tlbp
	tlbr
	tlbwi
	tlbwr
	teq	$4, $5
	tne	$4, $5, 3
	tge	$4, $5
	tgeu	$4, $5
	tlt	$4, $5
	tltu	$4, $5
	teqi	$4, 3
	tnei	$4, 3
	tgei	$4, 3
	ll	$2, 0($3)
	sc	$2, 0($3)
	bc1t	1f
	nop32
1:	bc1f	2f
	nop32
2:	bposge32	3f
	nop32
3:	jalx	0x80000000
	nop32
	.end	kpmm_refused
	.size	kpmm_refused, . - kpmm_refused

	.globl	kpmm_plain
	.type	kpmm_plain, @function
	.ent	kpmm_plain
kpmm_plain:
	mfc0	$8, $16
	rdhwr	$3, $29
	sync
	ehb
	lui	$2, 0x1234
	synci	0($3)
	lw	$2, 4($28)
	lw	$2, 4($29)
	lwm	$16-$17, $31, 8($29)
	not	$2, $3
	xor	$2, $3
	mfhi	$2
	mflo	$3
	li	$2, 5
	move	$4, $5
	cache	0x14, 0($2)
	pref	0, 0($2)
	ins	$2, $3, 4, 8
	mul	$2, $3, $4
	mfc0	$8, $16, 1
	.end	kpmm_plain
	.size	kpmm_plain, . - kpmm_plain
