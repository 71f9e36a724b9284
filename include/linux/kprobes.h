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
#include <linux/rethook.h>
#include <asm/kprobes.h>

struct kprobe;
struct kprobe_site;
struct pt_regs;
struct kretprobe;
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
 * @hlist: links the probe into its site's handler list while registered;
 *	unhashed when the probe is not registered.
 * @list: private link used while the core works on a batch of probes;
 *	empty otherwise.
 * @nmissed: number of hits whose handlers were skipped (recursion).
 * @addr: probed address; set by the caller or filled in from
 *	@symbol_name + @offset by register_kprobe().
 * @symbol_name: name of the probed symbol ("sym" or "module:sym").
 * @offset: byte offset of the probed instruction from @symbol_name.
 * @pre_handler: runs before the probed instruction.  Returning non-zero
 *	means the handler changed the instruction pointer: execution resumes
 *	there, the probed instruction and @post_handler are skipped.
 * @post_handler: runs after the probed instruction completed.
 * @fault_handler: runs when a fault happens inside @pre_handler,
 *	@post_handler or the probed instruction while it runs out of line.
 *	Returns 1 if it fixed the fault up, 0 to let the kernel handle it.
 * @site: the per-address object shared by all probes at @addr; owned by
 *	the core.
 * @flags: KPROBE_FLAG_*.  Callers may set KPROBE_FLAG_DISABLED before
 *	registering to register a disabled probe; the core owns the field
 *	after that.
 *
 * Fields from @hlist to @flags keep the names older kernels used, so probe
 * users build unchanged.
 */
struct kprobe {
	struct hlist_node hlist;
	struct list_head list;
	unsigned long nmissed;
	kprobe_opcode_t *addr;
	const char *symbol_name;
	unsigned int offset;
	kprobe_pre_handler_t pre_handler;
	kprobe_post_handler_t post_handler;
	kprobe_fault_handler_t fault_handler;
	struct kprobe_site *site;
	u32 flags;
};

#define KPROBE_FLAG_GONE		1	/* the probed text was freed */
#define KPROBE_FLAG_DISABLED		2	/* registered but not firing */
#define KPROBE_FLAG_OPTIMIZED		4	/* hit through a jump, not int3 */
#define KPROBE_FLAG_FTRACE		8	/* hit through an ftrace callback */
#define KPROBE_FLAG_ON_FUNC_ENTRY	16	/* at the entry of a function */

static inline bool kprobe_gone(struct kprobe *p)
{
	return p->flags & KPROBE_FLAG_GONE;
}

static inline bool kprobe_disabled(struct kprobe *p)
{
	return p->flags & (KPROBE_FLAG_DISABLED | KPROBE_FLAG_GONE);
}

static inline bool kprobe_optimized(struct kprobe *p)
{
	return p->flags & KPROBE_FLAG_OPTIMIZED;
}

static inline bool kprobe_ftrace(struct kprobe *p)
{
	return p->flags & KPROBE_FLAG_FTRACE;
}

/**
 * struct kretprobe - a probe on the return of a function
 * @kp: the entry probe; set @kp.addr or @kp.symbol_name (+ @kp.offset 0).
 * @handler: runs when the probed function returns.
 * @entry_handler: runs at function entry; a non-zero return value means
 *	no @handler runs for this call.
 * @maxactive: how many calls may be pending at once; <= 0 picks a
 *	default.
 * @nmissed: calls for which no instance was available.
 * @data_size: bytes of per-call private data (kretprobe_instance.data),
 *	at most %KRETPROBE_MAX_DATA_SIZE.
 * @rh: return hook backing the instances; owned by the core.
 */
struct kretprobe {
	struct kprobe kp;
	kretprobe_handler_t handler;
	kretprobe_handler_t entry_handler;
	int maxactive;
	int nmissed;
	size_t data_size;
	struct rethook *rh;
};

#define KRETPROBE_MAX_DATA_SIZE	4096

/**
 * struct kretprobe_instance - one pending call of a kretprobed function
 * @node: return hook bookkeeping (return address, frame, owner).
 * @data: @data_size bytes private to the kretprobe's handlers.
 */
struct kretprobe_instance {
	struct rethook_node node;
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

int register_kretprobe(struct kretprobe *rp);
void unregister_kretprobe(struct kretprobe *rp);
int register_kretprobes(struct kretprobe **rps, int num);
void unregister_kretprobes(struct kretprobe **rps, int num);

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

/* Return probes ride on rethook; nothing is left on a dying task. */
static inline void kprobe_flush_task(struct task_struct *tk)
{
}

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

static inline void kprobe_flush_task(struct task_struct *tk)
{
}
#endif /* CONFIG_KPROBES */

#ifdef CONFIG_KPROBES_ON_FTRACE
void kprobe_ftrace_kill(void);
#else
static inline void kprobe_ftrace_kill(void)
{
}
#endif

#ifdef CONFIG_OPTPROBES
bool is_kprobe_optinsn_slot(unsigned long addr);
#else
/* Jump optimization is not built; no address is an optimized-probe buffer. */
static inline bool is_kprobe_optinsn_slot(unsigned long addr)
{
	return false;
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

#ifdef CONFIG_KRETPROBES
/**
 * get_kretprobe() - the kretprobe an instance belongs to
 * @ri: instance passed to a kretprobe handler
 *
 * Context: inside the kretprobe's entry_handler or handler.
 * Return: the kretprobe.
 */
static nokprobe_inline struct kretprobe *
get_kretprobe(struct kretprobe_instance *ri)
{
	return READ_ONCE(ri->node.rethook->data);
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
	return ri->node.ret_addr;
}

static nokprobe_inline bool is_kretprobe_trampoline(unsigned long addr)
{
	return is_rethook_trampoline(addr);
}

static nokprobe_inline unsigned long
kretprobe_find_ret_addr(struct task_struct *tsk, void *fp,
			struct llist_node **cur)
{
	return rethook_find_ret_addr(tsk, (unsigned long)fp, cur);
}
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
 *	to leave the site's slot.
 * arch_kprobe_arm(site) / arch_kprobe_disarm(site)
 *	Write / remove the breakpoint without waiting for other CPUs.  Called
 *	with text_mutex held; several calls are followed by one
 *	arch_kprobe_patch_sync().
 * arch_kprobe_patch_sync()
 *	Make the writes so far visible to every CPU.
 * arch_kprobe_adjust_addr(addr, offset, &on_func_entry)
 *	Turn symbol address + offset into the address to probe (e.g. skip an
 *	endbr64) and say whether that is the function entry.
 * arch_kprobe_ftrace_site(addr)
 *	True if addr is an ftrace call site this architecture can hook with
 *	kprobe_ftrace_handler() instead of a breakpoint.
 * arch_kprobe_refuses(addr)
 *	True for code the architecture can never probe.
 * arch_kprobe_populate_blacklist()
 *	Add arch-owned ranges with kprobe_blacklist_add_range().
 * arch_kprobe_page_alloc() / arch_kprobe_page_free(page)
 *	One page of executable, kernel-writable-only-by-text-poke memory for
 *	out-of-line slots.
 *
 * With CONFIG_OPTPROBES the architecture also implements jump optimization
 * of ARMED breakpoint sites (kernel/kprobes/optimize.c drives it):
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
 * arch_kprobe_opt_covers(site, addr)
 *	True if @addr lies strictly inside the instructions the jump of a
 *	prepared site covers.
 * arch_kprobe_opt_write_jump(site) / arch_kprobe_opt_write_finish()
 *	Queue the jump of a prepared site whose covered instructions no CPU
 *	can still be executing, then write every queued jump.  text_mutex
 *	is held.
 * arch_kprobe_opt_restore_int3(site) / arch_kprobe_opt_restore_tail(site)
 *	Put the breakpoint back over the jump, then the rest of the original
 *	bytes; each is followed by arch_kprobe_patch_sync().  text_mutex is
 *	held.
 * arch_kprobe_opt_release(site)
 *	Free the detour buffer; no CPU can be running in it any more.
 *
 * The trap and ftrace paths of the architecture call, with preemption (and
 * for a breakpoint, interrupts) disabled:
 *	kprobe_site_lookup(), kprobe_site_run_pre(), kprobe_site_run_post(),
 *	kprobe_site_wants_post(), kprobe_site_missed(), kprobe_site_fault()
 * and set/clear current_kprobe through kprobe_site_enter()/kprobe_site_leave(),
 * which also open and close the hit bracket described below; the whole
 * use of a site's probes, including a single-step in between, must lie
 * inside one bracket.
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
 * @addr: the probed address
 * @state: see enum kprobe_site_state; changed under kprobe_mutex only
 * @nr_enabled: probes in @probes that are not disabled
 * @nr_post: enabled probes that have a post_handler
 * @on_ftrace: hooked through ftrace rather than a breakpoint
 * @opt_pending: prepared for jump optimization, waiting for the grace
 *	period after which the jump may be written (kernel/kprobes/optimize.c)
 * @batch: link while a batch operation (arm, disarm, retire) works on the site
 * @ainsn: architecture data (out-of-line copy, emulation); last, because
 *	sites with @on_ftrace set are allocated without it
 */
struct kprobe_site {
	struct hlist_node hnode;
	struct hlist_head probes;
	kprobe_opcode_t *addr;
	enum kprobe_site_state state;
	unsigned int nr_enabled;
	unsigned int nr_post;
	bool on_ftrace;
	bool opt_pending;
	struct list_head batch;
	struct arch_specific_insn ainsn;
};

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

#ifdef CONFIG_OPTPROBES
int arch_kprobe_opt_prepare(struct kprobe_site *site);
void arch_kprobe_opt_cancel(struct kprobe_site *site);
bool arch_kprobe_opt_covers(struct kprobe_site *site, unsigned long addr);
void arch_kprobe_opt_write_jump(struct kprobe_site *site);
void arch_kprobe_opt_write_finish(void);
void arch_kprobe_opt_restore_int3(struct kprobe_site *site);
void arch_kprobe_opt_restore_tail(struct kprobe_site *site);
void arch_kprobe_opt_release(struct kprobe_site *site);
void *kprobe_opt_slot_alloc(void);
void kprobe_opt_slot_free(void *slot);
#endif

struct kprobe_site *kprobe_site_lookup(unsigned long addr);
void kprobe_site_run_post(struct kprobe_site *site, struct pt_regs *regs);
void kprobe_site_missed(struct kprobe_site *site);
int kprobe_site_fault(struct kprobe_site *site, struct pt_regs *regs,
		      int trapnr);
kprobe_opcode_t *kprobe_slot_alloc(void);
void kprobe_slot_free(kprobe_opcode_t *slot);
int kprobe_blacklist_add_range(unsigned long start, unsigned long end);

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
	return READ_ONCE(site->nr_post);
}

/* Stands in for a running probe where there is none (kernel/kprobes/core.c). */
extern struct kprobe kprobe_busy_marker;

/*
 * Hit brackets.  Every path that may touch a struct kprobe it found on a
 * site (a breakpoint hit from the trap to the end of its post handlers,
 * the ftrace callback, the detour of an optimized site, counting a miss)
 * runs between kprobe_hit_begin() and kprobe_hit_end() on one CPU with
 * preemption disabled.  kprobe_hits_wait() (kernel/kprobes/hits.c) waits
 * until every bracket that began before it was called has ended, which is
 * what lets unregister_kprobe() return without a grace period.
 *
 * kprobe_hit_word of a CPU packs two counters:
 *
 *	bits 0..7	nesting depth (an NMI or a probe hit inside a bracket)
 *	bits 8..	generation, advanced each time the depth drops to 0
 */
#define KPROBE_HIT_NEST_BITS	8
#define KPROBE_HIT_NEST_MASK	(BIT(KPROBE_HIT_NEST_BITS) - 1)

DECLARE_PER_CPU(unsigned long, kprobe_hit_word);

/**
 * kprobe_hit_begin() - this CPU starts using probes it finds on sites
 *
 * A plain per-CPU increment is enough: a bracket nested in this one (an
 * NMI) ends before this CPU resumes and leaves the word as it found it.
 *
 * Context: preemption or interrupts disabled until kprobe_hit_end().
 */
static __always_inline void kprobe_hit_begin(void)
{
	__this_cpu_inc(kprobe_hit_word);
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
 * Leaving the outermost bracket moves the word to the next generation.
 *
 * Context: after kprobe_hit_begin() on the same CPU.
 */
static __always_inline void kprobe_hit_end(void)
{
	unsigned long word = __this_cpu_read(kprobe_hit_word);

	if ((word & KPROBE_HIT_NEST_MASK) == 1)
		word += KPROBE_HIT_NEST_MASK;	/* depth 0, generation + 1 */
	else
		word--;
	/*
	 * Every access to a probe is done before the new value shows; pairs
	 * with the smp_load_acquire() in kprobe_hits_wait().
	 */
	smp_store_release(raw_cpu_ptr(&kprobe_hit_word), word);
}

/**
 * kprobe_site_run_pre() - run the pre_handlers of every enabled probe
 * @site: site that was hit
 * @regs: registers at the hit, instruction pointer as the arch defines it
 *
 * Handlers run in registration order.  current_kprobe names the probe
 * whose handler runs and still names the last one on return, so that the
 * instruction executed afterwards is seen as part of the probe hit.
 * Inline: it is the heart of every hit path.
 *
 * Context: trap or ftrace handler, preemption disabled, inside a hit
 * bracket.
 * Return: true if a handler changed the instruction pointer: the caller
 * resumes there and skips the instruction and the post_handlers.
 */
static nokprobe_inline bool kprobe_site_run_pre(struct kprobe_site *site,
						struct pt_regs *regs)
{
	struct kprobe *p;

	hlist_for_each_entry_rcu(p, &site->probes, hlist) {
		if (kprobe_disabled(p))
			continue;
		__this_cpu_write(current_kprobe, p);
		if (p->pre_handler && p->pre_handler(p, regs))
			return true;
	}
	return false;
}

/**
 * kprobe_site_enter() - start a hit bracket and mark @site's first probe
 *	as running on this CPU
 * @site: the site being handled
 *
 * Context: trap or ftrace handler, preemption disabled.
 */
static nokprobe_inline void kprobe_site_enter(struct kprobe_site *site)
{
	struct hlist_node *first;
	struct kprobe *p;

	kprobe_hit_begin();
	first = rcu_dereference_raw(hlist_first_rcu(&site->probes));
	/*
	 * A site whose probes were all unregistered may still be armed for
	 * a while (kernel/kprobes/reclaim.c); its hits still run the probed
	 * instruction, and this CPU must still look busy while they do.
	 */
	p = first ? hlist_entry(first, struct kprobe, hlist) :
		    &kprobe_busy_marker;
	__this_cpu_write(current_kprobe, p);
}

/**
 * kprobe_site_leave() - no probe runs on this CPU any more; ends the hit
 *	bracket of kprobe_site_enter()
 *
 * Context: trap or ftrace handler, preemption disabled.
 */
static nokprobe_inline void kprobe_site_leave(void)
{
	__this_cpu_write(current_kprobe, NULL);
	kprobe_hit_end();
}
#endif /* CONFIG_KPROBES */

#endif /* _LINUX_KPROBES_H */
