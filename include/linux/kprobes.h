/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _LINUX_KPROBES_H
#define _LINUX_KPROBES_H
/*
 * Kernel probes: run a handler when the CPU reaches an arbitrary kernel
 * instruction, and (kretprobes) when a probed function returns.
 *
 * This header is the interface for probe users, and for the few places
 * outside kprobes that must know about probes (fault handlers, unwinders).
 * What the generic core in kernel/kprobes/ expects from an architecture's
 * port, and offers to it, is in <linux/kprobes_arch.h>.
 * Documentation/trace/kprobes.rst describes the behaviour.
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
/* The architecture's return trampoline; see <linux/kprobes_arch.h>. */
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

#endif /* _LINUX_KPROBES_H */
