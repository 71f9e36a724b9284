/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host stubs for arch/mips/kernel/kprobes/micromips.c: the kernel types
 * and helpers it uses, for a microMIPS kernel with kprobes.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int16_t s16;
typedef int32_t s32;

#undef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#define nokprobe_inline		__always_inline
#define NOKPROBE_SYMBOL(sym)
#define IS_ENABLED(opt)		(opt)
#define CONFIG_CPU_MICROMIPS	1
#define CONFIG_KPROBES		1
#define BIT(n)			(1UL << (n))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define EINVAL			22
#define EILSEQ			84
#define ENOMEM			12

static inline s32 sign_extend32(u32 value, int index)
{
	int shift = 31 - index;

	return (s32)(value << shift) >> shift;
}
