/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _LINUX_KPROBES_H
#define _LINUX_KPROBES_H
/*
 * Kernel probes: run a handler when the CPU reaches an arbitrary kernel
 * instruction, and (kretprobes) when a probed function returns.
 *
 * The first half of this header is the interface for probe users.  The
 * second half, below "Architecture contract", is what the generic core in
 * kernel/kprobes/ expects from arch/<arch>/kernel/kprobes/ and what it
 * offers to it.  Documentation/trace/kprobes.rst describes the behaviour.
 */
#include <linux/compiler.h>
#include <linux/linkage.h>
#include <linux/list.h>
#include <linux/notifier.h>
#include <linux/smp.h>
#include <linux/bug.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/mutex.h>
#include <linux/ftrace.h>
#include <linux/refcount.h>
#include <linux/irq_work.h>
#include <linux/llist.h>
#include <linux/workqueue.h>
#include <asm/sections.h>
#include <asm/kprobes.h>

/*
 * An architecture defines kprobe_opcode_t in <asm/kprobes.h> when it builds
 * kprobes; without them the type only has to name struct kprobe's address.
 */
#ifndef CONFIG_KPROBES
typedef u8 kprobe_opcode_t;
#endif

struct kprobe;
struct kprobe_site;
struct pt_regs;
struct kretprobe;
struct kretprobe_cache;
struct kretprobe_instance;
struct task_struct;

typedef int (*kprobe_pre_handler_t)(struct kprobe *, struct pt_regs *);
typedef void (*kprobe_post_handler_t)(struct kprobe *, struct pt_regs *,
				      unsigned long flags);
typedef int (*kprobe_fault_handler_t)(struct kprobe *, struct pt_regs *,
				      int trapnr);
typedef int (*kretprobe_handler_t)(struct kretprobe_instance *,
				   struct pt_regs *);

/**
 * struct kprobe - a probe on one kernel instruction
 *
 * What the caller fills in before register_kprobe():
 * @addr: the instruction to probe, or NULL to name it by @symbol_name;
 *	register_kprobe() sets it to the address it probes.
 * @symbol_name: "sym" or "module:sym", instead of @addr.
 * @pre_handler: called when the instruction is reached, before it runs.
 *	A non-zero return says the handler moved the instruction pointer:
 *	execution goes on there, without the instruction or @post_handler.
 * @post_handler: called once the instruction has run.
 * @fault_handler: called for a fault raised by either handler, or by the
 *	instruction while it runs away from its place; it returns 1 when it
 *	dealt with the fault, 0 to leave it to the kernel.
 * @offset: bytes from @symbol_name (or @addr) to the instruction.
 * @flags: KPROBE_FLAG_*; KPROBE_FLAG_DISABLED set beforehand registers the
 *	probe disabled.  The core owns the field afterwards.
 *
 * What the core keeps, read-only for callers:
 * @hlist: the probe's place on its site's list while registered; first,
 *	so that the hit path gets from a list node to its probe for free.
 * @list: a link the core uses while it works on a batch of probes.
 * @site: the object all probes at @addr share.
 * @nmissed: hits of this probe whose handlers did not run (recursion).
 *
 * The names and types are those older kernels used, so that code using
 * probes builds unchanged; the order is ours.
 */
struct kprobe {
	struct hlist_node hlist;	/* first: the hit path walks these */

	kprobe_opcode_t *addr;
	const char *symbol_name;
	kprobe_pre_handler_t pre_handler;
	kprobe_post_handler_t post_handler;
	kprobe_fault_handler_t fault_handler;
	unsigned int offset;
	u32 flags;

	struct list_head list;
	struct kprobe_site *site;
	unsigned long nmissed;
};

#define KPROBE_FLAG_GONE		1	/* the probed text was freed */
#define KPROBE_FLAG_DISABLED		2	/* registered but not firing */
#define KPROBE_FLAG_OPTIMIZED		4	/* hit through a jump, no trap */
#define KPROBE_FLAG_FTRACE		8	/* hit through an ftrace callback */
#define KPROBE_FLAG_ON_FUNC_ENTRY	16	/* at the entry of a function */

/*
 * State tests on a probe, by the names callers use.  A probe whose text
 * went away counts as disabled too.
 */
static inline bool kprobe_flags_any(const struct kprobe *p, u32 mask)
{
	return (READ_ONCE(p->flags) & mask) != 0;
}

static inline bool kprobe_gone(struct kprobe *p)
{
	return kprobe_flags_any(p, KPROBE_FLAG_GONE);
}

static inline bool kprobe_disabled(struct kprobe *p)
{
	return kprobe_flags_any(p, KPROBE_FLAG_GONE | KPROBE_FLAG_DISABLED);
}

static inline bool kprobe_optimized(struct kprobe *p)
{
	return kprobe_flags_any(p, KPROBE_FLAG_OPTIMIZED);
}

static inline bool kprobe_ftrace(struct kprobe *p)
{
	return kprobe_flags_any(p, KPROBE_FLAG_FTRACE);
}

/**
 * kprobe_ftrace_call_site() - does an ftrace call site start at @addr?
 * @addr: a text address
 *
 * ftrace_location(@addr) == @addr without ftrace_location()'s second try:
 * for an address that starts no call site, that one looks the symbol up
 * with kallsyms, which walks every symbol of a module (10,000 symbols:
 * some 400,000 instructions per probe).
 *
 * Return: true if @addr is the first byte of an ftrace call site.
 */
static inline bool kprobe_ftrace_call_site(unsigned long addr)
{
#ifdef CONFIG_DYNAMIC_FTRACE
	return ftrace_location_range(addr, addr) == addr;
#else
	return false;
#endif
}

/**
 * enum kretprobe_miss - why a call of a kretprobed function was not traced
 * @KRETPROBE_MISS_CAP: @maxactive calls were already pending
 * @KRETPROBE_MISS_NOMEM: no free instance, and allocating one failed or
 *	would have gone over /proc/sys/debug/kretprobe-max-instances or
 *	kretprobe-max-bytes
 * @KRETPROBE_MISS_ATOMIC: no free instance, in a context that may not
 *	allocate: NMI (which, on x86, includes the breakpoint trap),
 *	interrupts disabled where the function was entered, or any hit on
 *	PREEMPT_RT.  The pool is grown in the background by at
 *	least the shortfall.
 * @KRETPROBE_MISS_NR: number of causes
 *
 * Hits skipped because another probe was being handled on the CPU
 * (recursion) count in kretprobe.kp.nmissed, as for every kprobe.
 */
enum kretprobe_miss {
	KRETPROBE_MISS_CAP,
	KRETPROBE_MISS_NOMEM,
	KRETPROBE_MISS_ATOMIC,
	KRETPROBE_MISS_NR,
};

/**
 * struct kretprobe_holder - instance bookkeeping of one kretprobe
 * @rp: the kretprobe; NULL once it is being unregistered, after which
 *	the instances still pending on some stack only return to their
 *	callers
 * @ref: one reference for the registered kretprobe plus one per instance
 *	that exists (free or pending)
 * @lock: protects the fields below it
 * @free: free instances, linked through kretprobe_instance.llist
 * @nr_free: instances on @free
 * @nr_pending: instances taken from @free and not yet given back to it;
 *	with per-CPU caches, see kretprobe_nr_pending() for the total
 * @nr_total: instances that exist
 * @maxactive: hard cap on pending calls, or 0 for none
 * @low: below this many free instances a refill is queued (0 with a cap)
 * @shortfall: instances missing since the last refill
 * @dead: being unregistered: instances given back are freed
 * @cache: per-CPU caches of free instances in front of @free (only
 *	without a cap), the fast path of most hits and returns; NULL once
 *	the kretprobe is being unregistered
 * @cache_mem: the caches' memory, kept for kretprobe_holder_release()
 * @missed: misses by cause (enum kretprobe_miss)
 * @unreturned: instances found abandoned on a stack: the call they
 *	belonged to never returned through the trampoline
 * @addr: the probed function, for messages
 * @size: bytes per instance, private data included
 * @kick: queues @refill from any context, NMI included
 * @refill: grows @free in process context when it runs low
 * @shrink: gives free instances back once the calls have drained
 *
 * Owned by kernel/kprobes/kretprobe*.c; users only reach it through
 * get_kretprobe(), kretprobe_missed() and kretprobe_nr_pending().
 */
struct kretprobe_holder {
	struct kretprobe __rcu *rp;
	refcount_t ref;
	raw_spinlock_t lock;
	struct llist_node *free;
	unsigned int nr_free;
	int nr_pending;
	unsigned int nr_total;
	unsigned int maxactive;
	atomic_t active;
	unsigned int low;
	unsigned int shortfall;
	bool dead;
	struct kretprobe_cache __percpu *cache;
	struct kretprobe_cache __percpu *cache_mem;
	unsigned long missed[KRETPROBE_MISS_NR];
	unsigned long unreturned;
	kprobe_opcode_t *addr;
	size_t size;
	struct irq_work kick;
	struct work_struct refill;
	struct delayed_work shrink;
};

/**
 * struct kretprobe - a probe on the return of a function
 * @kp: the entry probe; set @kp.addr or @kp.symbol_name (+ @kp.offset 0).
 * @entry_handler: runs at function entry; a non-zero return value means
 *	no @handler runs for this call.
 * @handler: runs when the probed function returns.
 * @data_size: bytes of per-call private data (kretprobe_instance.data),
 *	at most %KRETPROBE_MAX_DATA_SIZE.
 * @maxactive: > 0: at most this many calls may be pending at once, the
 *	calls over it are missed; <= 0: no limit, instances are allocated as
 *	needed.
 * @nmissed: calls that got no instance, whatever the cause (see
 *	kretprobe_missed() for the causes).
 * @rph: instance bookkeeping; owned by the core.
 *
 * The fields keep the names and types older kernels used, so that users
 * build unchanged.
 */
struct kretprobe {
	struct kprobe kp;
	kretprobe_handler_t entry_handler;
	kretprobe_handler_t handler;
	size_t data_size;
	int maxactive;
	int nmissed;
	struct kretprobe_holder *rph;
};

#define KRETPROBE_MAX_DATA_SIZE	4096

/**
 * struct kretprobe_instance - one pending call of a kretprobed function
 * @llist: link in the task's stack of pending calls, or in the free list
 * @ret_addr: where the probed call really returns to
 * @fp: the frame key of the call (arch_kretprobe_frame() at its entry);
 *	bit 0 is set when an earlier kretprobe on the same call already
 *	hooked its return (kretprobe_instance_frame() strips it)
 * @rph: bookkeeping of the kretprobe the instance belongs to
 * @task: the task that made the call
 * @rcu: frees the instance once no unwinder can be reading @llist,
 *	@ret_addr and @fp any more (it overlays @rph and @task only)
 * @data: @data_size bytes private to the kretprobe's handlers.
 */
struct kretprobe_instance {
	struct llist_node llist;
	kprobe_opcode_t *ret_addr;
	void *fp;
	union {
		struct {
			struct kretprobe_holder *rph;
			struct task_struct *task;
		};
		struct rcu_head rcu;
	};
	char data[];
};

#ifdef CONFIG_KPROBES
DECLARE_PER_CPU(struct kprobe *, current_kprobe);

/**
 * kprobe_running() - the probe whose handlers run on this CPU
 *
 * Context: preemption disabled.
 * Return: the probe being handled on this CPU, or NULL.
 */
static inline struct kprobe *kprobe_running(void)
{
	return __this_cpu_read(current_kprobe);
}

int register_kprobe(struct kprobe *p);
void unregister_kprobe(struct kprobe *p);
int register_kprobes(struct kprobe **kps, int num);
void unregister_kprobes(struct kprobe **kps, int num);
int disable_kprobe(struct kprobe *p);
int enable_kprobe(struct kprobe *p);

struct kprobe *get_kprobe(void *addr);
kprobe_opcode_t *kprobe_lookup_name(const char *name, unsigned int offset);
int kprobe_on_func_entry(kprobe_opcode_t *addr, const char *sym,
			 unsigned long offset);
bool within_kprobe_blacklist(unsigned long addr);

void kprobe_busy_begin(void);
void kprobe_busy_end(void);
void kprobe_free_init_mem(void);
bool is_kprobe_insn_slot(unsigned long addr);
int kprobe_get_kallsym(unsigned int symnum, unsigned long *value, char *type,
		       char *sym);

#else /* !CONFIG_KPROBES */

static inline struct kprobe *kprobe_running(void)
{
	return NULL;
}

static inline int register_kprobe(struct kprobe *p)
{
	return -EOPNOTSUPP;
}

static inline void unregister_kprobe(struct kprobe *p)
{
}

static inline int register_kprobes(struct kprobe **kps, int num)
{
	return -EOPNOTSUPP;
}

static inline void unregister_kprobes(struct kprobe **kps, int num)
{
}

static inline int disable_kprobe(struct kprobe *p)
{
	return -EOPNOTSUPP;
}

static inline int enable_kprobe(struct kprobe *p)
{
	return -EOPNOTSUPP;
}

static inline struct kprobe *get_kprobe(void *addr)
{
	return NULL;
}

static inline bool within_kprobe_blacklist(unsigned long addr)
{
	return true;
}

static inline int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	return 0;
}

static inline void kprobe_busy_begin(void)
{
}

static inline void kprobe_busy_end(void)
{
}

static inline void kprobe_free_init_mem(void)
{
}

static inline bool is_kprobe_insn_slot(unsigned long addr)
{
	return false;
}

static inline int kprobe_get_kallsym(unsigned int symnum, unsigned long *value,
				     char *type, char *sym)
{
	return -ERANGE;
}
#endif /* CONFIG_KPROBES */

#ifdef CONFIG_KPROBES
/*
 * One more than interrupt_context_level() of the hit through ftrace whose
 * handlers run on this CPU, 0 while none does (kernel/kprobes/ftrace.c):
 * a fault taken at another level is an interrupt's, not the handlers'.
 */
DECLARE_PER_CPU(unsigned char, kprobe_ftrace_level);
#endif

#ifdef CONFIG_KPROBES_ON_FTRACE
struct ftrace_ops;
struct ftrace_regs;
void kprobe_ftrace_handler(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *ops, struct ftrace_regs *fregs);
void kprobe_ftrace_kill(void);
#else
static inline void kprobe_ftrace_kill(void)
{
}
#endif

#ifdef CONFIG_OPTPROBES
bool is_kprobe_optinsn_slot(unsigned long addr);
void wait_for_kprobe_optimizer(void);
#else
/* Jump optimization is not built; no address is an optimized-probe buffer. */
static inline bool is_kprobe_optinsn_slot(unsigned long addr)
{
	return false;
}

static inline void wait_for_kprobe_optimizer(void)
{
}
#endif

#ifdef CONFIG_KRETPROBES
int register_kretprobe(struct kretprobe *rp);
void unregister_kretprobe(struct kretprobe *rp);
int register_kretprobes(struct kretprobe **rps, int num);
void unregister_kretprobes(struct kretprobe **rps, int num);
#else
static inline int register_kretprobe(struct kretprobe *rp)
{
	return -EOPNOTSUPP;
}

static inline void unregister_kretprobe(struct kretprobe *rp)
{
}

static inline int register_kretprobes(struct kretprobe **rps, int num)
{
	return -EOPNOTSUPP;
}

static inline void unregister_kretprobes(struct kretprobe **rps, int num)
{
}
#endif

static inline int disable_kretprobe(struct kretprobe *rp)
{
	return disable_kprobe(&rp->kp);
}

static inline int enable_kretprobe(struct kretprobe *rp)
{
	return enable_kprobe(&rp->kp);
}

/**
 * struct jprobe - an entry probe whose handler is declared like the function
 * @kp: the entry probe a jprobe is built on: set @kp.addr or
 *	@kp.symbol_name to the function (no offset); register_jprobe() sets
 *	its pre_handler
 * @entry: a function with the probed function's parameters (the return
 *	type does not matter), called with copies of the probed call's first
 *	JPROBE_MAX_ARGS arguments from the probe's handler context
 *
 * See "Jprobes" in Documentation/trace/kprobes.rst.
 */
struct jprobe {
	struct kprobe kp;
	void *entry;
};

/* Arguments a jprobe's entry function receives, at most. */
#define JPROBE_MAX_ARGS		8

#if defined(CONFIG_KPROBES) && defined(CONFIG_HAVE_FUNCTION_ARG_ACCESS_API)
int register_jprobe(struct jprobe *jp);
void unregister_jprobe(struct jprobe *jp);
int register_jprobes(struct jprobe **jps, int num);
void unregister_jprobes(struct jprobe **jps, int num);
#else
static inline int register_jprobe(struct jprobe *jp)
{
	return -EOPNOTSUPP;
}

static inline void unregister_jprobe(struct jprobe *jp)
{
}

static inline int register_jprobes(struct jprobe **jps, int num)
{
	return -EOPNOTSUPP;
}

static inline void unregister_jprobes(struct jprobe **jps, int num)
{
}
#endif

static inline int disable_jprobe(struct jprobe *jp)
{
	return disable_kprobe(&jp->kp);
}

static inline int enable_jprobe(struct jprobe *jp)
{
	return enable_kprobe(&jp->kp);
}

/**
 * jprobe_return() - kept so that old jprobe modules build unchanged
 *
 * An entry function used to end by calling it, to have kprobes restore
 * the stack it had copied.  Nothing is copied now and the entry function
 * returns normally: the call does nothing.
 */
static inline void jprobe_return(void)
{
}

/**
 * get_kretprobe() - the kretprobe an instance belongs to
 * @ri: instance passed to a kretprobe handler
 *
 * Context: inside the kretprobe's entry_handler or handler.
 * Return: the kretprobe, or NULL if it is being unregistered.
 */
static nokprobe_inline struct kretprobe *
get_kretprobe(struct kretprobe_instance *ri)
{
	return rcu_dereference_check(ri->rph->rp, 1);
}

/**
 * get_kretprobe_retaddr() - where the probed call returns to
 * @ri: instance passed to a kretprobe handler
 *
 * Return: the original return address of the probed call.
 */
static nokprobe_inline unsigned long
get_kretprobe_retaddr(struct kretprobe_instance *ri)
{
	return (unsigned long)ri->ret_addr;
}

#ifdef CONFIG_KRETPROBES
/* The architecture's return trampoline; see the contract below. */
void kretprobe_trampoline(void);

/*
 * The code address of kretprobe_trampoline: where the symbol names a
 * function descriptor (64-bit powerpc ELFv1, parisc, ia64), the entry it
 * points to.
 */
static nokprobe_inline unsigned long kretprobe_trampoline_addr(void)
{
	return (unsigned long)
		dereference_kernel_function_descriptor(kretprobe_trampoline);
}

/**
 * is_kretprobe_trampoline() - is @addr the return trampoline?
 * @addr: a return address found on a stack or in a register
 *
 * Context: any.
 * Return: true if a pending kretprobe instance replaced this return address.
 */
static nokprobe_inline bool is_kretprobe_trampoline(unsigned long addr)
{
	return addr == kretprobe_trampoline_addr();
}

unsigned long kretprobe_find_ret_addr(struct task_struct *tsk, void *fp,
				      struct llist_node **cur);
void kprobe_flush_task(struct task_struct *tk);
unsigned long kretprobe_missed(struct kretprobe *rp, enum kretprobe_miss why);
int kretprobe_nr_pending(struct kretprobe *rp);
#else
static nokprobe_inline bool is_kretprobe_trampoline(unsigned long addr)
{
	return false;
}

static nokprobe_inline unsigned long
kretprobe_find_ret_addr(struct task_struct *tsk, void *fp,
			struct llist_node **cur)
{
	return 0;
}

static inline void kprobe_flush_task(struct task_struct *tk)
{
}

static inline unsigned long kretprobe_missed(struct kretprobe *rp,
					     enum kretprobe_miss why)
{
	return 0;
}

static inline int kretprobe_nr_pending(struct kretprobe *rp)
{
	return 0;
}
#endif

/**
 * kprobe_page_fault() - offer a kernel-mode fault to the probe being handled
 * @regs: registers at the fault
 * @trap: trap number
 *
 * Context: exception entry.
 * Return: true if kprobes fixed the fault up.
 */
static nokprobe_inline bool kprobe_page_fault(struct pt_regs *regs,
					      unsigned int trap)
{
	if (!IS_ENABLED(CONFIG_KPROBES) || user_mode(regs))
		return false;
	/* kprobe_running() is only meaningful while we cannot migrate. */
	if (preemptible() || !kprobe_running())
		return false;
	return kprobe_fault_handler(regs, trap);
}

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
 *	Write / remove the breakpoint without waiting for other CPUs.  Called
 *	with cpus_read_lock() and text_mutex held; several calls are followed
 *	by one arch_kprobe_patch_sync(), which may therefore stop every
 *	online CPU at once (stop_machine_cpuslocked()).
 * arch_kprobe_patch_sync()
 *	Make the writes so far visible to every CPU.
 *
 * The next four have defaults (weak, in kernel/kprobes/) that an
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
 *	True for code the architecture can never probe.  Default: none.
 * arch_kprobe_populate_blacklist()
 *	Add arch-owned ranges with kprobe_blacklist_add_range(), or a
 *	table of sections with kprobe_blacklist_add_ranges() (which
 *	arch_kprobe_refuses() can then test with
 *	kprobe_text_ranges_contain()).  Default: none.
 *
 * arch_kprobe_page_alloc() / arch_kprobe_page_free(page)
 *	One page of executable memory for out-of-line slots, which the port
 *	writes only through its text-patching routines.  Optional: the
 *	default (kernel/kprobes/slots.c) is execmem's EXECMEM_KPROBES
 *	memory, made read-only and executable with CONFIG_STRICT_MODULE_RWX.
 * arch_kprobe_hit_abandoned()
 *	An oops killed the context of the hit in progress on this CPU:
 *	forget per-CPU hit state kept outside struct kprobe_ctlblk.
 *	Optional: the default does nothing (kernel/kprobes/hits.c).
 *
 * With CONFIG_OPTPROBES the architecture also implements jump optimization
 * of ARMED breakpoint sites (kernel/kprobes/optimize.c drives it), and
 * defines in <asm/kprobes.h> KPROBE_OPT_SLOT_SIZE, the bytes of one
 * detour buffer, and KPROBE_OPT_MAX_LEN, the most bytes a jump covers;
 * KPROBE_OPT_RUNS_POST 1 if a hit through the detour runs post_handlers
 * as a breakpoint hit does (then a post_handler coming to an optimized
 * site need not wait for CPUs on their way through the detour):
 *
 * arch_kprobe_opt_prepare(site)
 *	Check that the instructions the jump would cover can run from a
 *	detour buffer, build that buffer (once) with kprobe_opt_slot_alloc(),
 *	and make the breakpoint handler resume in it.  Called under
 *	kprobe_mutex; returns 0 or a negative errno if the site cannot be
 *	optimized now.
 * arch_kprobe_opt_cancel(site)
 *	Undo the resume redirection of arch_kprobe_opt_prepare(); the buffer
 *	is kept until arch_kprobe_opt_release().
 * arch_kprobe_opt_needs_quiesce(site)
 *	True if the jump of a prepared site covers more than the probed
 *	instruction, so that a CPU or task may be stopped between covered
 *	instructions; the core then waits for them to leave before writing
 *	the jump.  False lets the jump be written right away.
 * arch_kprobe_opt_covers(site, addr)
 *	True if @addr lies strictly inside the instructions the jump of a
 *	prepared site covers.
 * arch_kprobe_opt_write_jump(site) / arch_kprobe_opt_write_finish()
 *	Queue the jump of a prepared site whose covered instructions no CPU
 *	can still be executing, then write every queued jump.  text_mutex
 *	is held.
 * arch_kprobe_opt_restore_break(site) / arch_kprobe_opt_restore_tail(site)
 *	Put the breakpoint back over the jump, then the rest of the original
 *	bytes; each is followed by arch_kprobe_patch_sync().  text_mutex is
 *	held.
 * arch_kprobe_opt_release(site)
 *	Free the detour buffer; no CPU can be running in it any more.
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
int arch_kprobe_populate_blacklist(void);
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
int kprobe_blacklist_add_range(unsigned long start, unsigned long end);
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

bool kprobe_text_ranges_contain(const struct kprobe_text_range *ranges,
				unsigned int nr, unsigned long addr);
int kprobe_blacklist_add_ranges(const struct kprobe_text_range *ranges,
				unsigned int nr);

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
 * kprobe_hits_wait() (kernel/kprobes/hits.c) waits until every bracket
 * that began before it was called has ended, which is what lets
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
	 * a site that is still armed for a while, kernel/kprobes/reclaim.c),
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

#endif /* _LINUX_KPROBES_H */
