/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _LINUX_KPROBES_ARCH_H
#define _LINUX_KPROBES_ARCH_H
/*
 * What the generic kprobes core (kernel/kprobes/) expects from an
 * architecture's port (arch/<arch>/kernel/kprobes/ and <asm/kprobes.h>),
 * and what it offers to it: the probed-address record, the hooks a port
 * implements, and the inline code of a hit.  Probe users need only
 * <linux/kprobes.h>.
 */
#include <linux/kprobes.h>
#include <asm/ptrace.h>

#ifdef CONFIG_KPROBES
/*
 * Architecture contract
 * =====================
 *
 * The generic core keeps one struct kprobe_site per probed address.  The
 * architecture describes how the instruction at that address is run out of
 * line in struct arch_specific_insn (embedded as site->ainsn), defines
 * kprobe_opcode_t and KPROBE_SLOT_SIZE in <asm/kprobes.h>, and implements:
 *
 * arch_kprobe_prepare(site, func)
 *	Check that site->addr starts an instruction (-EILSEQ if not) that can
 *	be probed (-EINVAL if not), copy it into an out-of-line slot taken
 *	with kprobe_slot_alloc() and fill site->ainsn.  func is the start of
 *	the symbol holding site->addr (the core looked it up already: in a
 *	large module a lookup is costly).  Called with kprobe_mutex held,
 *	before the site is visible to the trap handler.
 * arch_kprobe_release(site)
 *	Undo arch_kprobe_prepare(); the core has already waited for every CPU
 *	to leave the site's slot.  Called by the reclaim worker, in process
 *	context with no kprobes lock held: nobody can reach the site any
 *	more.  A failing arch_kprobe_prepare() cleans up after itself.
 * arch_kprobe_arm(site) / arch_kprobe_disarm(site)
 *	Write (or queue the write of) the breakpoint / the original
 *	instruction, without waiting for other CPUs.  Called
 *	with cpus_read_lock() and text_mutex held; several calls are followed
 *	by one arch_kprobe_patch_sync(), which may therefore stop every
 *	online CPU at once (stop_machine_cpuslocked()).
 * arch_kprobe_patch_sync()
 *	Make the writes so far visible to every CPU.  A port that selects
 *	KPROBES_TEXT_BATCH has the core's (<linux/kprobes_text.h>) and
 *	writes two small hooks instead.
 *
 * The next three have defaults (weak, in kernel/kprobes/) that an
 * architecture overrides only where it differs:
 *
 * arch_kprobe_adjust_addr(addr, offset, &on_func_entry)
 *	Turn symbol address + offset into the address to probe (e.g. skip an
 *	endbr64) and say whether that is the function entry.  Default:
 *	addr + offset, the entry when offset is 0.
 * arch_kprobe_ftrace_site(addr)
 *	True if addr is an ftrace call site this architecture can hook with
 *	kprobe_ftrace_handler() instead of a breakpoint.  Default: every
 *	ftrace call site when CONFIG_KPROBES_ON_FTRACE is set, none otherwise.
 * arch_kprobe_refuses(addr)
 *	True for code the architecture can never probe that no table can
 *	name, decided per address (e.g. the instruction after an ftrace
 *	call site).  Default: none.
 *
 * The text an architecture never probes besides what the core refuses
 * everywhere (its exception entry, boot code, what its hits run through)
 * is data: the architecture selects HAVE_KPROBE_ARCH_REFUSALS and
 * defines kprobe_arch_refusals, a struct kprobe_arch_refusals below (a
 * const, not static and not __init: the core reads it at every
 * registration).  The core lists all of it in the blacklist at boot and
 * refuses its sections at every registration as well.  Without one
 * nothing more is refused.
 *
 * arch_kprobe_page_alloc() / arch_kprobe_page_free(page)
 *	One page of executable memory for out-of-line slots, which the port
 *	writes only through its text-patching routines.  Optional: the
 *	default (kernel/kprobes/slots.c) is execmem's EXECMEM_KPROBES
 *	memory, made read-only and executable with CONFIG_STRICT_MODULE_RWX.
 * arch_kprobe_hit_abandoned()
 *	An oops killed the context of the hit in progress on this CPU:
 *	forget per-CPU hit state kept outside struct kprobe_ctlblk.
 *	Optional: the default does nothing (kernel/kprobes/unregister_wait.c).
 *
 * With CONFIG_OPTPROBES the architecture also implements jump optimization
 * of ARMED breakpoint sites (kernel/kprobes/optimize.c drives it), and
 * defines in <asm/kprobes.h> KPROBE_OPT_SLOT_SIZE, the bytes of one
 * detour buffer, and KPROBE_OPT_MAX_LEN, the most bytes a jump covers;
 * KPROBE_OPT_RUNS_POST 1 if a hit through the detour runs post_handlers
 * as a breakpoint hit does (then a post_handler coming to an optimized
 * site need not wait for CPUs on their way through the detour).  Three
 * functions are its own:
 *
 * arch_kprobe_opt_prepare(site)
 *	Check that the instructions the jump would cover can run from a
 *	detour buffer and build that buffer (once) with
 *	kprobe_opt_slot_alloc().  A port whose jump covers more than the
 *	probed instruction also makes the breakpoint handler resume in the
 *	buffer from now on, and undoes that in arch_kprobe_opt_cancel().
 *	Called under kprobe_mutex; returns 0 or a negative errno if the site
 *	cannot be optimized now.
 * arch_kprobe_opt_write_jump(site)
 *	Queue (or write) the jump of a prepared site whose covered
 *	instructions no CPU can still be executing.  text_mutex is held.
 * arch_kprobe_opt_release(site)
 *	Free the detour buffer; no CPU can be running in it any more.
 *
 * The other six have defaults (weak, in kernel/kprobes/optimize.c) that
 * fit a jump which replaces the probed instruction alone, written as one
 * instruction the way the breakpoint is; x86, whose jump covers several,
 * overrides them all:
 *
 * arch_kprobe_opt_cancel(site)
 *	Undo the resume redirection of arch_kprobe_opt_prepare(); the buffer
 *	is kept until arch_kprobe_opt_release().  Default: nothing, which is
 *	right only for a port whose breakpoint handler never resumes in the
 *	buffer.
 * arch_kprobe_opt_needs_quiesce(site)
 *	True if the jump of a prepared site covers more than the probed
 *	instruction, so that a CPU or task may be stopped between covered
 *	instructions; the core then waits for them to leave before writing
 *	the jump.  False lets the jump be written right away.  Default: false.
 * arch_kprobe_opt_covers(site, addr)
 *	True if @addr lies strictly inside the instructions the jump of a
 *	prepared site covers.  Default: false.
 * arch_kprobe_opt_write_finish()
 *	Make every jump queued by arch_kprobe_opt_write_jump() visible.
 *	text_mutex is held.  Default: arch_kprobe_patch_sync().
 * arch_kprobe_opt_restore_break(site) / arch_kprobe_opt_restore_tail(site)
 *	Put the breakpoint back over the jump, then the rest of the original
 *	bytes; each is followed by arch_kprobe_patch_sync().  text_mutex is
 *	held.  Default: arch_kprobe_arm(site), and nothing.
 *
 * With CONFIG_KRETPROBES the architecture provides:
 *
 * kretprobe_trampoline
 *	Code that a probed call returns into instead of its caller.  It
 *	saves the registers as a struct pt_regs (the stack pointer as it is
 *	after the real return), calls kretprobe_trampoline_handler(regs,
 *	frame) with the call's frame key (see below), restores the registers
 *	from pt_regs, so that handlers may change them, and continues where
 *	arch_kretprobe_fixup_return() said.  It may be plain code or a
 *	breakpoint whose handler does the same.  Unwinders that meet its
 *	address must be able to ask kretprobe_find_ret_addr() for the real
 *	one, with the frame key of the call; it is never probed.
 * arch_kretprobe_frame(regs)
 *	At the first instruction of a function (@regs of a probe or ftrace
 *	entry), a key for this call that the trampoline and the unwinder
 *	can compute again when the call returns or is unwound: for example
 *	the stack address of the return address (x86) or the caller's frame
 *	pointer (arm64).  Keys of calls pending at once in a task differ,
 *	and bit 0 of a key is always clear.
 * arch_kretprobe_ret_addr(regs) / arch_kretprobe_set_ret_addr(regs, addr)
 *	At the first instruction of a function, read / replace its return
 *	address, wherever it lives (a stack word or a register in @regs).
 *	The core links the call's instance before it replaces the address.
 * arch_kretprobe_link(regs)
 *	Instead of the three above, an architecture whose calls leave the
 *	return address in a register defines this macro: that register in
 *	@regs, as an lvalue.  The return address is then read and replaced
 *	there, and the key is kernel_stack_pointer(regs) unless the
 *	architecture defines arch_kretprobe_frame() too (a static inline
 *	function, and a macro of the same name that says it exists).
 * arch_kretprobe_fixup_return(regs, frame, addr)
 *	Called by kretprobe_trampoline_handler() after the return handlers
 *	ran and before the instances are unlinked: make the trampoline go on
 *	at @addr, and put @addr back wherever an unwinder interrupting the
 *	trampoline would look for this call's return address.
 *
 * arch_kprobe_regs_irqs_disabled(regs)
 *	True if interrupts were disabled where the probe was hit (@regs of
 *	a probe or ftrace entry): the return probe pool allocates only when
 *	they were not.
 *
 * These are static inline functions or macros in <asm/kprobes.h>: they
 * are on every kretprobe hit.  The arch code calls, from the trampoline:
 *	kretprobe_trampoline_handler()
 *
 * So a port with breakpoints, jump optimization and return probes writes
 * nine functions and two macros besides its trampoline (it used to write
 * eighteen functions and a macro): arch_kprobe_{prepare,release,arm,
 * disarm,patch_sync}(), arch_kprobe_opt_{prepare,write_jump,release}(),
 * arch_kretprobe_fixup_return() (inline), arch_kprobe_regs_irqs_disabled()
 * and arch_kretprobe_link().  x86 and sparc64, whose return address is
 * not simply a register of @regs, write the three accessors instead of
 * the last.
 *
 * The trap and ftrace paths of the architecture call, with preemption (and
 * for a breakpoint, interrupts) disabled:
 *	kprobe_site_lookup(), kprobe_site_run_pre(), kprobe_site_run_post(),
 *	kprobe_site_wants_post(), kprobe_site_missed(), kprobe_site_fault()
 * inside the hit bracket described below (kprobe_hit_begin(), and
 * kprobe_hit_end_current() to clear current_kprobe and end it); the whole
 * use of a site's probes, including a single-step in between, must lie
 * inside one bracket.  kprobe_site_run_pre() names the probe it runs in
 * current_kprobe, or the busy marker if it runs none.  An architecture
 * that runs probed instructions out of line between two traps keeps its
 * per-CPU state in the struct kprobe_ctlblk of <linux/kprobes_xol.h>,
 * whose helpers take a hit from the breakpoint through the copy to the
 * end, nested hits included.
 */

/**
 * enum kprobe_site_state - life cycle of a probed address
 * @KPROBE_SITE_NEW: prepared, not yet findable by the trap handler
 * @KPROBE_SITE_DISARMED: findable, original code in place
 * @KPROBE_SITE_ARMED: findable, breakpoint or ftrace hook in place
 * @KPROBE_SITE_OPTIMIZED: armed, and the breakpoint was replaced by a jump
 *	to a detour buffer (CONFIG_OPTPROBES); only an ARMED site gets there
 *	and it always goes back to ARMED
 * @KPROBE_SITE_GONE: the text was freed; never patched again
 * @KPROBE_SITE_DEAD: unlinked, freed after a grace period
 */
enum kprobe_site_state {
	KPROBE_SITE_NEW,
	KPROBE_SITE_DISARMED,
	KPROBE_SITE_ARMED,
	KPROBE_SITE_OPTIMIZED,
	KPROBE_SITE_GONE,
	KPROBE_SITE_DEAD,
};

/**
 * struct kprobe_site - everything the core knows about one probed address
 * @hnode: link in the address hash table (RCU)
 * @probes: registered struct kprobe at this address, in registration
 *	order, linked by kprobe.hlist (RCU)
 * @lone: the only probe in @probes while it is enabled and has a
 *	pre_handler, else NULL; lets the hit paths skip the list walk
 *	(published with a release store under kprobe_mutex, read inside a
 *	hit bracket with READ_ONCE(), whose address dependency orders the
 *	reads of the probe's fields after it, as rcu_dereference() does)
 * @addr: the probed address
 * @state: see enum kprobe_site_state; changed under kprobe_mutex only
 * @nr_enabled: probes in @probes that are not disabled
 * @nr_post: enabled probes that have a post_handler
 * @on_ftrace: hooked through ftrace rather than a breakpoint
 * @opt_pending: prepared for jump optimization, waiting for the grace
 *	period after which the jump may be written (kernel/kprobes/optimize.c)
 * @opt_gen: optimizer generation @opt_pending was set in
 * @batch: link while a batch operation (arm, disarm, retire) works on the site
 * @ainsn: architecture data (out-of-line copy, emulation); last, because
 *	sites with @on_ftrace set are allocated without it
 */
struct kprobe_site {
	struct hlist_node hnode;
	struct hlist_head probes;
	struct kprobe *lone;
	kprobe_opcode_t *addr;
	enum kprobe_site_state state;
	unsigned int nr_enabled;
	unsigned int nr_post;
	bool on_ftrace;
	bool opt_pending;
	unsigned int opt_gen;
	struct list_head batch;
	struct arch_specific_insn ainsn;
};

/**
 * kprobe_site_for_each_probe() - walk the probes of a site
 * @p: struct kprobe pointer, the cursor
 * @site: the site
 *
 * In registration order.
 *
 * Context: kprobe_mutex held: the list changes only under it.
 */
#define kprobe_site_for_each_probe(p, site)				\
	hlist_for_each_entry(p, &(site)->probes, hlist)

/**
 * kprobe_site_for_each_probe_rcu() - walk the probes of a site from a hit
 * @p: struct kprobe pointer, the cursor
 * @site: the site
 *
 * Context: inside a hit bracket (kprobe_hit_begin()), which keeps the
 * probes seen valid; preemption or interrupts disabled.
 */
#define kprobe_site_for_each_probe_rcu(p, site)				\
	hlist_for_each_entry_rcu(p, &(site)->probes, hlist)

int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func);
void arch_kprobe_release(struct kprobe_site *site);
void arch_kprobe_arm(struct kprobe_site *site);
void arch_kprobe_disarm(struct kprobe_site *site);
void arch_kprobe_patch_sync(void);
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry);
bool arch_kprobe_ftrace_site(unsigned long addr);
bool arch_kprobe_refuses(unsigned long addr);
void *arch_kprobe_page_alloc(void);
void arch_kprobe_page_free(void *page);
void arch_kprobe_hit_abandoned(void);

#ifdef CONFIG_OPTPROBES
int arch_kprobe_opt_prepare(struct kprobe_site *site);
void arch_kprobe_opt_cancel(struct kprobe_site *site);
bool arch_kprobe_opt_needs_quiesce(struct kprobe_site *site);
bool arch_kprobe_opt_covers(struct kprobe_site *site, unsigned long addr);
void arch_kprobe_opt_write_jump(struct kprobe_site *site);
void arch_kprobe_opt_write_finish(void);
void arch_kprobe_opt_restore_break(struct kprobe_site *site);
void arch_kprobe_opt_restore_tail(struct kprobe_site *site);
void arch_kprobe_opt_release(struct kprobe_site *site);
#endif
/* Detour buffers (kernel/kprobes/optslots.c, CONFIG_OPTPROBES only). */
void *kprobe_opt_slot_alloc(void);
void kprobe_opt_slot_free(void *slot);

struct kprobe_site *kprobe_site_lookup(unsigned long addr);
#ifdef CONFIG_KRETPROBES
void kretprobe_trampoline_handler(struct pt_regs *regs, unsigned long frame);
#endif
void kprobe_site_run_post_list(struct kprobe_site *site, struct pt_regs *regs);
void kprobe_site_missed(struct kprobe_site *site);
int kprobe_site_fault(struct kprobe_site *site, struct pt_regs *regs,
		      int trapnr);
kprobe_opcode_t *kprobe_slot_alloc(void);
void kprobe_slot_free(kprobe_opcode_t *slot);
void *kprobe_page_alloc_rox(void);
void __kprobe_assert_mutex_held(void);

/**
 * kprobe_assert_mutex_held() - lockdep check that the caller holds
 *	kprobe_mutex, for architecture code (kprobe_mutex is the core's own)
 *
 * Compiles to nothing without CONFIG_LOCKDEP.
 */
static inline void kprobe_assert_mutex_held(void)
{
	if (IS_ENABLED(CONFIG_LOCKDEP))
		__kprobe_assert_mutex_held();
}

/**
 * struct kprobe_text_range - a section of text an architecture never probes
 * @start: its first byte (a linker symbol)
 * @end: the first byte past it; equal to @start if the section is empty
 */
struct kprobe_text_range {
	const char *start;
	const char *end;
};

/**
 * struct kprobe_text_span - assembly code from a label to the end of a
 *	function, where only kallsyms knows that end
 * @first: the first refused byte
 * @last: the function whose last byte ends the span; a span whose @last
 *	kallsyms does not know is not refused
 */
struct kprobe_text_span {
	const void *first;
	const void *last;
};

/**
 * struct kprobe_arch_refusals - the text an architecture never probes
 * @sections: sections (linker symbols, or the bounds of an array of
 *	code or vectors); refused from boot on, even without the blacklist
 * @nr_sections: entries in @sections
 * @spans: stretches of assembly code, see struct kprobe_text_span
 * @nr_spans: entries in @spans
 * @funcs: functions refused whole, by address (their descriptors where
 *	the ABI has them, as a function pointer is)
 * @nr_funcs: entries in @funcs
 * @names: functions refused whole, by name: assembly entry points that
 *	no C declaration names; a name kallsyms does not know is skipped
 * @nr_names: entries in @names
 *
 * An architecture with text of its own to refuse defines one, named
 * kprobe_arch_refusals, and selects HAVE_KPROBE_ARCH_REFUSALS; see the
 * contract above.
 */
struct kprobe_arch_refusals {
	const struct kprobe_text_range *sections;
	unsigned int nr_sections;
	const struct kprobe_text_span *spans;
	unsigned int nr_spans;
	const void * const *funcs;
	unsigned int nr_funcs;
	const char * const *names;
	unsigned int nr_names;
};

extern const struct kprobe_arch_refusals kprobe_arch_refusals;

/**
 * kprobe_site_wants_post() - does any enabled probe at @site have a
 *	post_handler?
 * @site: the site being hit
 *
 * Context: trap or ftrace handler.
 * Return: true if the post handlers must run after the instruction.
 */
static nokprobe_inline bool kprobe_site_wants_post(struct kprobe_site *site)
{
	/*
	 * After the pre stage read the probes and their flags: a probe seen
	 * firing there is counted here.  A compiler barrier on TSO machines.
	 */
	smp_rmb();	/* pairs with smp_wmb() in kprobe_site_change_locked() */
	return READ_ONCE(site->nr_post);
}

/* Stands in for a running probe where there is none (kernel/kprobes/core.c). */
extern struct kprobe kprobe_busy_marker;

/*
 * Hit brackets.  Every path that may touch a struct kprobe it found on a
 * site (a breakpoint hit from the trap to the end of its post handlers,
 * the ftrace callback, the detour of an optimized site, counting a miss)
 * runs between kprobe_hit_begin() and kprobe_hit_end() on one CPU with
 * preemption disabled; a path that ran handlers, and so named a
 * current_kprobe, ends its bracket with kprobe_hit_end_current() instead.
 * kprobe_hits_wait() (kernel/kprobes/unregister_wait.c) waits until every
 * bracket that began before it was called has ended, which is what lets
 * unregister_kprobe() return without a grace period.
 *
 * Each CPU keeps two counters for it:
 *
 *	kprobe_hit_depth	brackets open on this CPU (more than one when
 *				an NMI or a probe hit nests in a bracket)
 *	kprobe_hit_gen		times the depth came back to zero
 *
 * Both are changed only by their CPU, with plain per-CPU instructions.
 */
DECLARE_PER_CPU(unsigned int, kprobe_hit_depth);
DECLARE_PER_CPU(unsigned long, kprobe_hit_gen);

#ifdef arch_kretprobe_link
#ifndef arch_kretprobe_frame
/* The stack pointer at the first instruction; see the contract above. */
static __always_inline unsigned long arch_kretprobe_frame(struct pt_regs *regs)
{
	return kernel_stack_pointer(regs);
}
#define arch_kretprobe_frame arch_kretprobe_frame
#endif

/* The return address of a link-register architecture: in that register. */
static __always_inline unsigned long arch_kretprobe_ret_addr(struct pt_regs *regs)
{
	return arch_kretprobe_link(regs);
}

static __always_inline void arch_kretprobe_set_ret_addr(struct pt_regs *regs,
							unsigned long addr)
{
	arch_kretprobe_link(regs) = addr;
}
#endif /* arch_kretprobe_link */

#ifndef KPROBE_OPT_RUNS_POST
/* A detour runs pre_handlers only (x86); see the contract above. */
#define KPROBE_OPT_RUNS_POST	0
#endif

#ifndef arch_kprobe_hit_release
/*
 * Orders this CPU's accesses to probes before the store that ends its
 * bracket.  An architecture that keeps stores in order after earlier
 * loads and stores overrides it with a compiler barrier.
 */
#define arch_kprobe_hit_release()	smp_mb()
#endif

/**
 * kprobe_hit_begin() - this CPU starts using probes it finds on sites
 *
 * A plain per-CPU increment is enough: a bracket nested in this one (an
 * NMI) ends before this CPU resumes and leaves the depth as it found it.
 *
 * Context: preemption or interrupts disabled until kprobe_hit_end().
 */
static __always_inline void kprobe_hit_begin(void)
{
	__this_cpu_inc(kprobe_hit_depth);
	/*
	 * The store above comes before any probe is read.  Across CPUs that
	 * is ordered by the interrupt kprobe_hits_wait() sends to this CPU,
	 * which pairs with this store.
	 */
	barrier();
}

/**
 * kprobe_hit_end() - this CPU is done with the probes of its bracket
 *
 * Leaving the outermost bracket advances the generation.
 *
 * Context: after kprobe_hit_begin() on the same CPU.
 */
static __always_inline void kprobe_hit_end(void)
{
	/*
	 * Every access to a probe is done before the depth drops and the
	 * generation moves; pairs with the acquire loads of both in
	 * kprobe_hits_wait().
	 */
	arch_kprobe_hit_release();
	__this_cpu_dec(kprobe_hit_depth);
	if (!__this_cpu_read(kprobe_hit_depth)) {
		/*
		 * A waiter that sees the new generation must also see the
		 * depth at zero, or it would wait for the next bracket to end;
		 * pairs with the smp_rmb() in kprobe_hits_wait().  A compiler
		 * barrier on TSO machines.
		 */
		smp_wmb();
		__this_cpu_inc(kprobe_hit_gen);
	}
}

/**
 * kprobe_hit_end_current() - no probe runs on this CPU any more; ends the
 *	hit bracket of a path that ran handlers
 *
 * Clears current_kprobe, which kprobe_site_run_pre() set, then does
 * kprobe_hit_end().  Breakpoint, ftrace and detour hits all end so.
 *
 * Context: after kprobe_hit_begin() on the same CPU, preemption disabled.
 */
static nokprobe_inline void kprobe_hit_end_current(void)
{
	__this_cpu_write(current_kprobe, NULL);
	kprobe_hit_end();
}

/**
 * kprobe_site_run_pre_list() - the pre_handler stage of a site without a
 *	lone probe: walk the list
 * @site: site that was hit
 * @regs: registers at the hit
 *
 * An enabled probe becomes current_kprobe even without a pre_handler;
 * without any enabled probe, the busy marker does.
 *
 * Context: as kprobe_site_run_pre().
 * Return: non-zero if a handler changed the instruction pointer; the
 * probes after that one do not run.
 */
static nokprobe_inline int kprobe_site_run_pre_list(struct kprobe_site *site,
						    struct pt_regs *regs)
{
	struct kprobe *p;
	int moved;

	/*
	 * With no probe left to run (all disabled, or all unregistered from
	 * a site that is still armed for a while, kernel/kprobes/idle_reclaim.c),
	 * this CPU must still look busy while the instruction runs.
	 */
	__this_cpu_write(current_kprobe, &kprobe_busy_marker);
	kprobe_site_for_each_probe_rcu(p, site) {
		if (kprobe_disabled(p))
			continue;
		__this_cpu_write(current_kprobe, p);
		if (!p->pre_handler)
			continue;
		moved = p->pre_handler(p, regs);
		if (moved)
			return moved;
	}
	return 0;
}

/**
 * kprobe_run_lone() - the pre_handler stage of a site with a lone probe
 * @p: the site's lone probe (kprobe_site.lone)
 * @regs: registers at the hit
 *
 * Context: as kprobe_site_run_pre().
 * Return: what the pre_handler returned.
 */
static nokprobe_inline int kprobe_run_lone(struct kprobe *p,
					   struct pt_regs *regs)
{
	__this_cpu_write(current_kprobe, p);
	return p->pre_handler(p, regs);
}

/**
 * kprobe_site_run_pre() - run the pre_handlers of every enabled probe
 * @site: site that was hit
 * @regs: registers at the hit, instruction pointer as the arch defines it
 *
 * Handlers run in registration order.  current_kprobe names the probe
 * whose handler runs and still names the last one on return, so that the
 * instruction executed afterwards is seen as part of the probe hit.
 * A site with one enabled probe, the usual case, publishes it in
 * @site->lone and its handler is called without looking at the list or
 * the probe's flags.
 *
 * Context: trap or ftrace handler, preemption disabled, inside a hit
 * bracket.
 * Return: non-zero if a handler changed the instruction pointer: the
 * caller resumes there and skips the instruction and the post_handlers.
 */
static nokprobe_inline int kprobe_site_run_pre(struct kprobe_site *site,
					       struct pt_regs *regs)
{
	/* Pairs with smp_store_release() in kprobe_site_update_lone_locked(). */
	struct kprobe *p = READ_ONCE(site->lone);

	if (likely(p))
		return kprobe_run_lone(p, regs);
	return kprobe_site_run_pre_list(site, regs);
}

/**
 * kprobe_site_run_post() - run the post_handlers of every enabled probe
 * @site: site that was hit
 * @regs: registers after the probed instruction ran
 *
 * As in the pre stage, a lone probe's handler is called directly; other
 * sites walk their list (kprobe_site_run_post_list()).  The lone probe is
 * still current_kprobe from the pre stage.  Only a registration racing
 * with this hit can have made another probe of the site lone in between;
 * its post_handler then runs while current_kprobe names the probe whose
 * pre_handler ran.
 *
 * Context: trap or ftrace handler, preemption disabled, in the hit bracket
 * of the pre stage.
 */
static nokprobe_inline void kprobe_site_run_post(struct kprobe_site *site,
						 struct pt_regs *regs)
{
	/* Pairs with smp_store_release() in kprobe_site_update_lone_locked(). */
	struct kprobe *p = READ_ONCE(site->lone);

	if (unlikely(!p)) {
		kprobe_site_run_post_list(site, regs);
		return;
	}
	if (p->post_handler)
		p->post_handler(p, regs, 0);
}
#endif /* CONFIG_KPROBES */

#endif /* _LINUX_KPROBES_ARCH_H */
