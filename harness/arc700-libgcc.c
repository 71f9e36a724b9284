// SPDX-License-Identifier: GPL-2.0
/*
 * The libgcc routines an ARC700 (ARCompact) kernel links, for `make
 * arches ARCHES=arc700` (harness/arc700-libgcc.sh builds this file with
 * -mcpu=arc700 into the archive the kernel gets as LIBGCC).  Debian's
 * arc-linux-gnu-gcc ships libgcc for ARC HS (ARCv2) only, which the
 * linker refuses to put into an ARCompact vmlinux.
 *
 * ARC700 has no divide instruction: 32-bit division and remainder come
 * from here, and so do the 64-bit shifts, compares and division that
 * arch/arc/kernel/arcksyms.c exports.  The kernel is built with
 * -mno-millicode, so no prologue or epilogue thunks are needed.  The
 * soft-float routines arcksyms.c exports for modules (no built-in code
 * calls them) trap instead: a kernel that calls one is wrong anyway.
 *
 * Nothing here may use an operation gcc would turn back into a call of
 * these routines: no division or modulo, no 64-bit shift by a variable.
 */
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;

union dw {
	u64 u;
	s64 s;
	struct {
		u32 lo;		/* little-endian ARC */
		s32 hi;
	};
};

static u32 udivmod32(u32 n, u32 d, u32 *rem)
{
	u32 q = 0, bit = 1;

	if (!d) {
		*rem = n;
		return ~0u;
	}
	while (d < n && !(d & 0x80000000u)) {
		d <<= 1;
		bit <<= 1;
	}
	while (bit) {
		if (n >= d) {
			n -= d;
			q |= bit;
		}
		d >>= 1;
		bit >>= 1;
	}
	*rem = n;
	return q;
}

u32 __udivsi3(u32 n, u32 d)
{
	u32 r;

	return udivmod32(n, d, &r);
}

u32 __umodsi3(u32 n, u32 d)
{
	u32 r;

	udivmod32(n, d, &r);
	return r;
}

s32 __divsi3(s32 n, s32 d)
{
	u32 r, q = udivmod32(n < 0 ? -(u32)n : n, d < 0 ? -(u32)d : d, &r);

	return (n < 0) != (d < 0) ? -q : q;
}

s32 __modsi3(s32 n, s32 d)
{
	u32 r;

	udivmod32(n < 0 ? -(u32)n : n, d < 0 ? -(u32)d : d, &r);
	return n < 0 ? -r : r;
}

u64 __ashldi3(u64 v, int s)
{
	union dw w = { .u = v }, r;

	if (!s)
		return v;
	if (s >= 32) {
		r.lo = 0;
		r.hi = w.lo << (s - 32);
	} else {
		r.lo = w.lo << s;
		r.hi = ((u32)w.hi << s) | (w.lo >> (32 - s));
	}
	return r.u;
}

u64 __lshrdi3(u64 v, int s)
{
	union dw w = { .u = v }, r;

	if (!s)
		return v;
	if (s >= 32) {
		r.hi = 0;
		r.lo = (u32)w.hi >> (s - 32);
	} else {
		r.hi = (u32)w.hi >> s;
		r.lo = (w.lo >> s) | ((u32)w.hi << (32 - s));
	}
	return r.u;
}

s64 __ashrdi3(s64 v, int s)
{
	union dw w = { .s = v }, r;

	if (!s)
		return v;
	if (s >= 32) {
		r.hi = w.hi >> 31;
		r.lo = w.hi >> (s - 32);
	} else {
		r.hi = w.hi >> s;
		r.lo = (w.lo >> s) | ((u32)w.hi << (32 - s));
	}
	return r.s;
}

/* 0, 1, 2 for less, equal, greater */
int __cmpdi2(s64 a, s64 b)
{
	union dw x = { .s = a }, y = { .s = b };

	if (x.hi != y.hi)
		return x.hi < y.hi ? 0 : 2;
	if (x.lo != y.lo)
		return x.lo < y.lo ? 0 : 2;
	return 1;
}

int __ucmpdi2(u64 a, u64 b)
{
	union dw x = { .u = a }, y = { .u = b };

	if (x.hi != y.hi)
		return (u32)x.hi < (u32)y.hi ? 0 : 2;
	if (x.lo != y.lo)
		return x.lo < y.lo ? 0 : 2;
	return 1;
}

/* ARC700 multiplies 32 x 32 to 64 bits itself (mpyu, mpyhu) */
u64 __muldi3(u64 a, u64 b)
{
	union dw x = { .u = a }, y = { .u = b }, r;

	r.u = (u64)x.lo * y.lo;
	r.hi += x.lo * (u32)y.hi + (u32)x.hi * y.lo;
	return r.u;
}

u64 __udivdi3(u64 n, u64 d)
{
	u64 q = 0;
	int shift = 0;

	if (!d)
		return ~0ull;
	while (d < n && !(d >> 63)) {
		d <<= 1;	/* a shift by a constant: inline */
		shift++;
	}
	for (; shift >= 0; shift--) {
		q <<= 1;
		if (n >= d) {
			n -= d;
			q |= 1;
		}
		d >>= 1;
	}
	return q;
}

/* Exported for modules only; none of the kernel's code calls them. */
#define KP_NO_FLOAT(name)				\
	void name(void)					\
	{						\
		__builtin_trap();			\
	}

KP_NO_FLOAT(__divdf3)
KP_NO_FLOAT(__divsf3)
KP_NO_FLOAT(__muldf3)
KP_NO_FLOAT(__fixunsdfsi)
KP_NO_FLOAT(__floatunsidf)
KP_NO_FLOAT(__floatunsisf)
