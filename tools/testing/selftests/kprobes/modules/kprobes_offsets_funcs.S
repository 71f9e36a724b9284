/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions for the every-offset kprobes test, with code of many kinds:
 * RIP-relative loads and stores, loops, a jump table, direct, indirect and
 * tail calls, cmov and setcc, push/pop and pushf/popf, string instructions,
 * short and near conditional jumps, loop, a stack frame with leave.
 *
 * Every instruction is written as "kpt_i FUNC, insn": the macro records
 * the offset where the instruction starts in FUNC_bounds, a u16 table in
 * .rodata that kpt_func_end closes with the function's size (flagged
 * KPT_B_END).  "kpt_x" records an instruction kprobes must refuse
 * (flagged KPT_B_REFUSED).  So the test knows every instruction boundary
 * exactly.  "kpt_t" marks a branch target and "kpt_j" an instruction that
 * cannot run out of line, for the jump-optimization test.
 * kprobes_offsets.h describes the tables.
 *
 * 32-bit x86 has the same functions with the same results, written for
 * its registers: the arguments come in %eax, %edx and %ecx (regparm(3)),
 * %ebx, %esi and %edi belong to the caller, and absolute addresses take
 * the place of RIP-relative ones.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/nospec-branch.h>

#include "kprobes_offsets.h"

.macro kpt_bound func, flags, insn:vararg
.Lkpt_insn_\@:
	\insn
	.pushsection .rodata.kpt_bounds, "a"
	.short (.Lkpt_insn_\@ - \func) | \flags
	.popsection
.endm

.macro kpt_i func, insn:vararg
	kpt_bound \func, 0, \insn
.endm

.macro kpt_x func, insn:vararg
	kpt_bound \func, KPT_B_REFUSED | KPT_B_FIXED, \insn
.endm

/* A branch target, and an instruction that must run where it is. */
.macro kpt_t func, insn:vararg
	kpt_bound \func, KPT_B_TARGET, \insn
.endm

.macro kpt_j func, insn:vararg
	kpt_bound \func, KPT_B_FIXED, \insn
.endm

/*
 * A jump-table target.  With IBT the indirect jump must land on an
 * endbr64, which comes first and is the branch target; kprobes refuses
 * it, since a breakpoint there would leave the jump without its endbr64.
 */
.macro kpt_case func, insn:vararg
#ifdef CONFIG_X86_KERNEL_IBT
	kpt_bound \func, KPT_B_TARGET | KPT_B_REFUSED | KPT_B_FIXED, ENDBR
	kpt_i \func, \insn
#else
	kpt_t \func, \insn
#endif
.endm

/*
 * With IBT a function starts with endbr64: it is an instruction of the
 * table like any other (a probe there goes on the next one).
 */
.macro kpt_func_begin func
	.pushsection .rodata.kpt_bounds, "a"
	.balign 2
SYM_DATA_START(\func\()_bounds)
	.popsection
SYM_START(\func, SYM_L_GLOBAL, SYM_F_ALIGN)
#ifdef CONFIG_X86_KERNEL_IBT
	kpt_i \func, ENDBR
#endif
.endm

.macro kpt_func_end func
.Lkpt_end_\func:
SYM_FUNC_END(\func)
	.pushsection .rodata.kpt_bounds, "a"
	.short (.Lkpt_end_\func - \func) | KPT_B_END
SYM_DATA_END(\func\()_bounds)
	.popsection
.endm

	.pushsection .rodata, "a"
	.balign 8
SYM_DATA_START(kpt_off_table)
	_ASM_PTR	1, 2, 4, 8, 16, 32, 64, 128
SYM_DATA_END(kpt_off_table)
	.popsection

	.pushsection .data, "aw"
	.balign 8
SYM_DATA(kpt_off_last, _ASM_PTR 0)
	.popsection

	.text

/* long kpt_off_helper(long x): 2 * x + 1 */
kpt_func_begin kpt_off_helper
#ifdef CONFIG_X86_64
	kpt_i kpt_off_helper, lea 1(%rdi, %rdi), %rax
#else
	kpt_i kpt_off_helper, lea 1(%eax, %eax), %eax
#endif
	kpt_j kpt_off_helper, RET
	kpt_x kpt_off_helper, int3
kpt_func_end kpt_off_helper

/*
 * long kpt_off_sum(long n): table[0] + ... + table[n - 1] + table[1],
 * n <= 8; the result is also stored in kpt_off_last.
 */
kpt_func_begin kpt_off_sum
#ifdef CONFIG_X86_64
	kpt_i kpt_off_sum, xor %eax, %eax
	kpt_i kpt_off_sum, xor %ecx, %ecx
	kpt_i kpt_off_sum, lea kpt_off_table(%rip), %rdx
.Lkpt_sum_loop:
	kpt_t kpt_off_sum, cmp %rdi, %rcx
	kpt_j kpt_off_sum, jae .Lkpt_sum_done
	kpt_i kpt_off_sum, add (%rdx, %rcx, 8), %rax
	kpt_i kpt_off_sum, inc %rcx
	kpt_j kpt_off_sum, jmp .Lkpt_sum_loop
.Lkpt_sum_done:
	kpt_t kpt_off_sum, add kpt_off_table + 8(%rip), %rax
	kpt_i kpt_off_sum, mov %rax, kpt_off_last(%rip)
#else
	kpt_i kpt_off_sum, mov %eax, %edx
	kpt_i kpt_off_sum, xor %eax, %eax
	kpt_i kpt_off_sum, xor %ecx, %ecx
.Lkpt_sum_loop:
	kpt_t kpt_off_sum, cmp %edx, %ecx
	kpt_j kpt_off_sum, jae .Lkpt_sum_done
	kpt_i kpt_off_sum, add kpt_off_table(, %ecx, 4), %eax
	kpt_i kpt_off_sum, inc %ecx
	kpt_j kpt_off_sum, jmp .Lkpt_sum_loop
.Lkpt_sum_done:
	kpt_t kpt_off_sum, add kpt_off_table + 4, %eax
	kpt_i kpt_off_sum, mov %eax, kpt_off_last
#endif
	kpt_j kpt_off_sum, RET
kpt_func_end kpt_off_sum

/*
 * long kpt_off_switch(long sel, long x): x + 1, 3 * x, -x, 16 * x for sel
 * 0..3 through a jump table; otherwise -1 if x < 0, else 0 (cmov).
 */
kpt_func_begin kpt_off_switch
#ifdef CONFIG_X86_64
	kpt_i kpt_off_switch, cmp $3, %rdi
	kpt_j kpt_off_switch, ja .Lkpt_sw_default
	kpt_i kpt_off_switch, mov .Lkpt_sw_table(, %rdi, 8), %rax
	ANNOTATE_RETPOLINE_SAFE
	kpt_bound kpt_off_switch, KPT_B_FIXED | KPT_B_INDIRECT, jmp *%rax
.Lkpt_sw_0:
	kpt_case kpt_off_switch, lea 1(%rsi), %rax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_1:
	kpt_case kpt_off_switch, lea (%rsi, %rsi, 2), %rax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_2:
	kpt_case kpt_off_switch, mov %rsi, %rax
	kpt_i kpt_off_switch, neg %rax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_3:
	kpt_case kpt_off_switch, mov %rsi, %rax
	kpt_i kpt_off_switch, shl $4, %rax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_default:
	kpt_t kpt_off_switch, xor %eax, %eax
	kpt_i kpt_off_switch, mov $-1, %rdx
	kpt_i kpt_off_switch, test %rsi, %rsi
	kpt_i kpt_off_switch, cmovs %rdx, %rax
#else
	kpt_i kpt_off_switch, cmp $3, %eax
	kpt_j kpt_off_switch, ja .Lkpt_sw_default
	kpt_i kpt_off_switch, mov .Lkpt_sw_table(, %eax, 4), %ecx
	ANNOTATE_RETPOLINE_SAFE
	kpt_bound kpt_off_switch, KPT_B_FIXED | KPT_B_INDIRECT, jmp *%ecx
.Lkpt_sw_0:
	kpt_case kpt_off_switch, lea 1(%edx), %eax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_1:
	kpt_case kpt_off_switch, lea (%edx, %edx, 2), %eax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_2:
	kpt_case kpt_off_switch, mov %edx, %eax
	kpt_i kpt_off_switch, neg %eax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_3:
	kpt_case kpt_off_switch, mov %edx, %eax
	kpt_i kpt_off_switch, shl $4, %eax
	kpt_j kpt_off_switch, RET
.Lkpt_sw_default:
	kpt_t kpt_off_switch, xor %eax, %eax
	kpt_i kpt_off_switch, mov $-1, %ecx
	kpt_i kpt_off_switch, test %edx, %edx
	kpt_i kpt_off_switch, cmovs %ecx, %eax
#endif
	kpt_j kpt_off_switch, RET
kpt_func_end kpt_off_switch

	.pushsection .rodata, "a"
	.balign 8
.Lkpt_sw_table:
	_ASM_PTR	.Lkpt_sw_0, .Lkpt_sw_1, .Lkpt_sw_2, .Lkpt_sw_3
	.popsection

/*
 * long kpt_off_calls(long x): 12 * x + 7, through kpt_off_helper called
 * directly, indirectly and as a tail call.
 */
kpt_func_begin kpt_off_calls
#ifdef CONFIG_X86_64
	kpt_i kpt_off_calls, push %rbx
	kpt_i kpt_off_calls, mov %rdi, %rbx
	kpt_j kpt_off_calls, call kpt_off_helper
	kpt_i kpt_off_calls, add %rax, %rbx
	kpt_i kpt_off_calls, lea kpt_off_helper(%rip), %rax
	kpt_i kpt_off_calls, mov %rbx, %rdi
	ANNOTATE_RETPOLINE_SAFE
	kpt_j kpt_off_calls, call *%rax
	kpt_i kpt_off_calls, pop %rbx
	kpt_i kpt_off_calls, mov %rax, %rdi
#else
	kpt_i kpt_off_calls, push %ebx
	kpt_i kpt_off_calls, mov %eax, %ebx
	kpt_j kpt_off_calls, call kpt_off_helper
	kpt_i kpt_off_calls, add %eax, %ebx
	kpt_i kpt_off_calls, mov $kpt_off_helper, %ecx
	kpt_i kpt_off_calls, mov %ebx, %eax
	ANNOTATE_RETPOLINE_SAFE
	kpt_j kpt_off_calls, call *%ecx
	kpt_i kpt_off_calls, pop %ebx
#endif
	kpt_j kpt_off_calls, jmp kpt_off_helper
kpt_func_end kpt_off_calls

/*
 * long kpt_off_string(char *dst, const char *src, long n): copies n bytes
 * from src to dst, appends four 'Z' and returns n + 4.
 */
kpt_func_begin kpt_off_string
#ifdef CONFIG_X86_64
	kpt_i kpt_off_string, mov %rdi, %r8
	kpt_i kpt_off_string, mov %rdx, %rcx
	kpt_i kpt_off_string, rep movsb
	kpt_i kpt_off_string, mov $0x5a, %eax
	kpt_i kpt_off_string, mov $4, %ecx
	kpt_i kpt_off_string, rep stosb
	kpt_i kpt_off_string, lea 4(%rdx), %rax
#else
	kpt_i kpt_off_string, push %edi
	kpt_i kpt_off_string, push %esi
	kpt_i kpt_off_string, mov %eax, %edi
	kpt_i kpt_off_string, mov %edx, %esi
	kpt_i kpt_off_string, mov %ecx, %edx
	kpt_i kpt_off_string, rep movsb
	kpt_i kpt_off_string, mov $0x5a, %eax
	kpt_i kpt_off_string, mov $4, %ecx
	kpt_i kpt_off_string, rep stosb
	kpt_i kpt_off_string, lea 4(%edx), %eax
	kpt_i kpt_off_string, pop %esi
	kpt_i kpt_off_string, pop %edi
#endif
	kpt_j kpt_off_string, RET
kpt_func_end kpt_off_string

/*
 * long kpt_off_flags(long a, long b): 0 if a >= b, else 297, negated when
 * a < 0 (setcc, pushf/popf, a near jcc, loop, imul, xchg, a short jcc).
 */
kpt_func_begin kpt_off_flags
#ifdef CONFIG_X86_64
	kpt_i kpt_off_flags, xor %eax, %eax
	kpt_i kpt_off_flags, cmp %rsi, %rdi
	kpt_i kpt_off_flags, setl %al
	kpt_j kpt_off_flags, pushf
	kpt_j kpt_off_flags, popf
	kpt_j kpt_off_flags, {disp32} jge .Lkpt_flags_ge
	kpt_i kpt_off_flags, add $10, %rax
.Lkpt_flags_ge:
	kpt_t kpt_off_flags, mov $3, %ecx
.Lkpt_flags_loop:
	kpt_t kpt_off_flags, imul $3, %rax, %rax
	kpt_j kpt_off_flags, loop .Lkpt_flags_loop
	kpt_i kpt_off_flags, xchg %rax, %rdx
	kpt_i kpt_off_flags, mov %rdx, %rax
	kpt_i kpt_off_flags, test %rdi, %rdi
	kpt_j kpt_off_flags, jns .Lkpt_flags_done
	kpt_i kpt_off_flags, neg %rax
.Lkpt_flags_done:
	kpt_t kpt_off_flags, nopl 0(%rax)
#else
	kpt_i kpt_off_flags, push %ebx
	kpt_i kpt_off_flags, mov %eax, %ebx
	kpt_i kpt_off_flags, xor %eax, %eax
	kpt_i kpt_off_flags, cmp %edx, %ebx
	kpt_i kpt_off_flags, setl %al
	kpt_j kpt_off_flags, pushf
	kpt_j kpt_off_flags, popf
	kpt_j kpt_off_flags, {disp32} jge .Lkpt_flags_ge
	kpt_i kpt_off_flags, add $10, %eax
.Lkpt_flags_ge:
	kpt_t kpt_off_flags, mov $3, %ecx
.Lkpt_flags_loop:
	kpt_t kpt_off_flags, imul $3, %eax, %eax
	kpt_j kpt_off_flags, loop .Lkpt_flags_loop
	kpt_i kpt_off_flags, xchg %eax, %edx
	kpt_i kpt_off_flags, mov %edx, %eax
	kpt_i kpt_off_flags, test %ebx, %ebx
	kpt_j kpt_off_flags, jns .Lkpt_flags_done
	kpt_i kpt_off_flags, neg %eax
.Lkpt_flags_done:
	kpt_t kpt_off_flags, nopl 0(%eax)
	kpt_i kpt_off_flags, pop %ebx
#endif
	kpt_j kpt_off_flags, RET
kpt_func_end kpt_off_flags

/* long kpt_off_frame(long x): 2 * x + 5, with a frame pointer and leave. */
kpt_func_begin kpt_off_frame
#ifdef CONFIG_X86_64
	kpt_i kpt_off_frame, push %rbp
	kpt_i kpt_off_frame, mov %rsp, %rbp
	kpt_i kpt_off_frame, sub $16, %rsp
	kpt_i kpt_off_frame, mov %rdi, -8(%rbp)
	kpt_i kpt_off_frame, movq -8(%rbp), %rax
	kpt_i kpt_off_frame, add %rax, %rax
	kpt_i kpt_off_frame, movzbl kpt_off_table + 16(%rip), %ecx
	kpt_i kpt_off_frame, lea 1(%rax, %rcx), %rax
#else
	kpt_i kpt_off_frame, push %ebp
	kpt_i kpt_off_frame, mov %esp, %ebp
	kpt_i kpt_off_frame, sub $8, %esp
	kpt_i kpt_off_frame, mov %eax, -4(%ebp)
	kpt_i kpt_off_frame, movl -4(%ebp), %eax
	kpt_i kpt_off_frame, add %eax, %eax
	kpt_i kpt_off_frame, movzbl kpt_off_table + 8, %ecx
	kpt_i kpt_off_frame, lea 1(%eax, %ecx), %eax
#endif
	kpt_i kpt_off_frame, leave
	kpt_j kpt_off_frame, RET
kpt_func_end kpt_off_frame

/*
 * long kpt_off_fixup(const long *p, long x): *p + x + 1, or x + 1 when
 * reading *p faults.  The exception-table fixup of the load lands on the
 * "dec" in the middle of the function (which then reads kpt_off_table[0],
 * 1, instead), so a jump covering the "dec" but starting before it would
 * break the fixup.
 */
kpt_func_begin kpt_off_fixup
#ifdef CONFIG_X86_64
	kpt_i kpt_off_fixup, lea 2(%rsi), %rax
.Lkpt_fixup_again:
	kpt_t kpt_off_fixup, dec %rax
	kpt_i kpt_off_fixup, mov %rdi, %rcx
	kpt_i kpt_off_fixup, lea kpt_off_table(%rip), %rdi
.Lkpt_fixup_load:
	kpt_bound kpt_off_fixup, KPT_B_FIXED | KPT_B_FAULTS, mov (%rcx), %rdx
	kpt_i kpt_off_fixup, add %rdx, %rax
#else
	kpt_i kpt_off_fixup, lea 2(%edx), %ecx
.Lkpt_fixup_again:
	kpt_t kpt_off_fixup, dec %ecx
	kpt_i kpt_off_fixup, mov %eax, %edx
	kpt_i kpt_off_fixup, mov $kpt_off_table, %eax
.Lkpt_fixup_load:
	kpt_bound kpt_off_fixup, KPT_B_FIXED | KPT_B_FAULTS, mov (%edx), %edx
	kpt_i kpt_off_fixup, lea (%ecx, %edx), %eax
#endif
	kpt_j kpt_off_fixup, RET
	_ASM_EXTABLE(.Lkpt_fixup_load, .Lkpt_fixup_again)
kpt_func_end kpt_off_fixup

/*
 * long kpt_off_canary(long x): x + 3.  Its first two instructions can
 * always be covered by a jump, so a probe on its entry tells when the
 * optimizer has been through the probes registered with it.
 */
kpt_func_begin kpt_off_canary
#ifdef CONFIG_X86_64
	kpt_i kpt_off_canary, lea 1(%rdi), %rax
	kpt_i kpt_off_canary, add $2, %rax
#else
	kpt_i kpt_off_canary, lea 1(%eax), %eax
	kpt_i kpt_off_canary, add $2, %eax
#endif
	kpt_j kpt_off_canary, RET
kpt_func_end kpt_off_canary

/*
 * kallsyms sizes a module function up to the next symbol; this one keeps
 * the last function above from seeming to extend over the rest of the
 * module's text.
 */
SYM_FUNC_START(kpt_off_text_end)
	RET
SYM_FUNC_END(kpt_off_text_end)
