/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Declarations shared by the files of kernel/kprobes/, grouped by the file
 * that owns them.
 *
 * Lock order, outermost first (the only place it is written down):
 *
 *	kprobe_mutex -> cpu_hotplug_lock (cpus_read_lock(), kprobe_hits_wait())
 *	kprobe_mutex -> cpu_hotplug_lock -> text_mutex (kprobe_text_lock():
 *			code patching)
 *	kprobe_mutex -> kprobe_insn_pool_mutex, kprobe_opt_pool_mutex (slot
 *			pages, slots.c and optslots.c)
 *
 * Leaves, under which nothing else is taken: kprobe_insn_pool_mutex,
 * kprobe_opt_pool_mutex, kprobe_free_lock (idle_reclaim.c: the sites waiting
 * for their grace period) and kretprobe_holder.lock (a raw spinlock: a
 * kretprobe's shared list of instances, taken on the hit path).
 *
 * ftrace's own locks (and text_mutex, which ftrace takes itself) are only
 * entered with kprobe_mutex held and text_mutex not held.
 * kprobe_mutex serialises every change to sites and probes.  The trap and
 * ftrace paths take no lock: they find sites through RCU (they run with
 * preemption or interrupts disabled, which is an RCU read side), and every
 * site or slot they may still see is freed only after a grace period
 * (plus an RCU tasks one on preemptible kernels), asynchronously
 * (idle_reclaim.c).  The struct kprobe they find on a site belongs to the
 * caller; they use it only inside a hit bracket, and unregistration waits
 * for the brackets in progress (unregister_wait.c) instead of a grace period.
 */
#ifndef _KERNEL_KPROBES_INTERNAL_H
#define _KERNEL_KPROBES_INTERNAL_H

#include <linux/cpu.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/seq_file.h>

struct dentry;

#define KPROBE_HASH_BITS	9
#define KPROBE_TABLE_SIZE	BIT(KPROBE_HASH_BITS)

/* core.c */
extern struct mutex kprobe_mutex;
extern struct kmem_cache *kprobe_site_cache;
extern struct kmem_cache *kprobe_ftrace_site_cache;
extern struct hlist_head kprobe_table[KPROBE_TABLE_SIZE];
extern bool kprobes_all_disarmed;

/**
 * kprobe_text_lock() - hold off CPU hotplug and take text_mutex
 *
 * Every breakpoint or jump the core writes is written under both, so
 * that an architecture may synchronise all online CPUs at once, as
 * stop_machine_cpuslocked() does.
 *
 * Context: process context, may sleep; kprobe_mutex held.
 */
static inline void kprobe_text_lock(void)
{
	lockdep_assert_held(&kprobe_mutex);
	cpus_read_lock();
	mutex_lock(&text_mutex);
}

/* kprobe_text_unlock() - undo kprobe_text_lock() */
static inline void kprobe_text_unlock(void)
{
	mutex_unlock(&text_mutex);
	cpus_read_unlock();
}

struct hlist_head *kprobe_bucket(unsigned long addr);

/**
 * kprobe_for_each_site() - walk every site of the address hash table
 * @site: struct kprobe_site pointer, the cursor
 *
 * Two nested loops: a break leaves only the current bucket.
 *
 * Context: kprobe_mutex held: the table changes only under it.
 */
#define kprobe_for_each_site(site)					\
	for (unsigned int __bucket = 0; __bucket < KPROBE_TABLE_SIZE;	\
	     __bucket++)						\
		hlist_for_each_entry(site, &kprobe_table[__bucket], hnode)

/* The first site on @list, unlinked from it; NULL if @list is empty. */
static inline struct kprobe_site *kprobe_batch_take_first(struct list_head *list)
{
	struct kprobe_site *site;

	site = list_first_entry_or_null(list, struct kprobe_site, batch);
	if (site)
		list_del_init(&site->batch);
	return site;
}

/**
 * kprobe_batch_for_each_take() - empty a batch list, one site at a time
 * @site: struct kprobe_site pointer, the cursor
 * @list: sites linked by site->batch, taken in list order
 *
 * Each site is off @list (list_del_init()) when the body sees it, so the
 * body may free it or link it on another list.  @list is empty at the end
 * unless the body breaks out.
 */
#define kprobe_batch_for_each_take(site, list)				\
	for (; ((site) = kprobe_batch_take_first(list)); )

/*
 * A registered probe's flags change only under kprobe_mutex, but the hit
 * path and the probes' owners read them at any time (READ_ONCE() in
 * kprobe_flags_any()): every change is one marked store.
 */
static inline void kprobe_flags_set_locked(struct kprobe *p, u32 mask)
{
	lockdep_assert_held(&kprobe_mutex);
	WRITE_ONCE(p->flags, p->flags | mask);
}

static inline void kprobe_flags_clear_locked(struct kprobe *p, u32 mask)
{
	lockdep_assert_held(&kprobe_mutex);
	WRITE_ONCE(p->flags, p->flags & ~mask);
}

/* site.c, for debugfs and module.c */
int kprobes_arm_all(void);
int kprobes_disarm_all(void);
void kprobe_sites_mark_gone_locked(struct list_head *batch);

/* site.c */
struct kprobe_site *kprobe_site_find_locked(kprobe_opcode_t *addr);
struct kprobe_site *kprobe_site_create_locked(kprobe_opcode_t *addr,
					      unsigned long func);
void kprobe_site_publish_locked(struct kprobe_site *site);

/* How a probe's part in its site changes (kprobe_site_change_locked()). */
enum kprobe_site_change {
	KPROBE_SITE_JOIN,
	KPROBE_SITE_LEAVE,
	KPROBE_SITE_ENABLE,
	KPROBE_SITE_DISABLE,
};

void kprobe_site_change_locked(struct kprobe_site *site, struct kprobe *p,
			       enum kprobe_site_change how);
bool kprobe_site_wants_armed(struct kprobe_site *site);
int kprobe_sites_arm_locked(struct list_head *batch);
void kprobe_sites_disarm_locked(struct list_head *batch);
int kprobe_site_sync_armed_locked(struct kprobe_site *site);
void kprobe_site_retire_locked(struct kprobe_site *site);
void kprobe_site_dealloc(struct kprobe_site *site);
void kprobe_sites_unlink_batch(struct list_head *batch);
void kprobe_site_optimized_locked(struct kprobe_site *site);
void kprobe_site_unoptimized_locked(struct kprobe_site *site);

/**
 * kprobe_site_is_armed() - is @site's breakpoint, jump or ftrace hook live?
 * @site: a site
 *
 * Return: true for ARMED and OPTIMIZED sites.
 */
static inline bool kprobe_site_is_armed(struct kprobe_site *site)
{
	return site->state == KPROBE_SITE_ARMED ||
	       site->state == KPROBE_SITE_OPTIMIZED;
}

/* register.c */
struct kprobe_batch;

bool kprobe_is_registered_locked(struct kprobe *p);
int kprobe_on_func_entry_locked(kprobe_opcode_t *addr, const char *sym,
				unsigned long offset);
int kprobe_register_locked(struct kprobe *p);
int kprobes_register_batch_locked(struct kprobe **kps, int num,
				  struct kprobe_batch *b);
void kprobe_detach_locked(struct kprobe *p, struct kprobe_batch *b);

/* unregister_wait.c */
void kprobe_hits_wait(void);

/* idle_reclaim.c */
/**
 * struct kprobe_batch - probes being unregistered together
 * @disarm: sites left without probes that are still armed
 * @dead: sites to retire and free after one grace period
 * @lazy: leave armed sites without probes to idle_reclaim.c instead of
 *	disarming them now (unregister_kprobe() of one probe)
 */
struct kprobe_batch {
	struct list_head disarm;
	struct list_head dead;
	bool lazy;
};

static inline void kprobe_batch_init(struct kprobe_batch *b)
{
	INIT_LIST_HEAD(&b->disarm);
	INIT_LIST_HEAD(&b->dead);
	b->lazy = false;
}

void kprobe_batch_commit_locked(struct kprobe_batch *b);
void kprobe_batch_wait(struct kprobe_batch *b);
void kprobe_site_idle_locked(struct kprobe_site *site);
void kprobe_sites_free(struct list_head *dead);

/* blacklist.c */
int kprobe_blacklist_init(void);
bool kprobe_blacklisted(unsigned long addr);
bool kprobe_blacklisted_range(unsigned long addr);
bool kprobe_blacklisted_name(const char *name);
int kprobe_blacklist_add_area(unsigned long start, unsigned long end,
			      struct module *owner);
int kprobe_blacklist_add_func(unsigned long addr, struct module *owner);
void kprobe_blacklist_remove_owner(struct module *mod);
extern const struct seq_operations kprobe_blacklist_seq_ops;
/* NOKPROBE_SYMBOL() addresses of the kernel image, from the linker script */
extern unsigned long __start_kprobe_blacklist[];
extern unsigned long __stop_kprobe_blacklist[];

/* slots.c */

/* Slot sizes are multiples of this; a page holds at most PAGE_SIZE / it. */
#define KPROBE_SLOT_ALIGN	16

/**
 * struct kprobe_slot_pool - executable pages cut into slots of one size
 * @sym: the name /proc/kallsyms and perf give the pages
 * @slot_size: bytes per slot, a multiple of %KPROBE_SLOT_ALIGN
 * @mutex: protects the membership of @pages and the bookkeeping of every
 *	page on it; a leaf lock (pages are allocated and freed outside it)
 * @pages: the pages, walked under RCU by lockless readers
 */
struct kprobe_slot_pool {
	const char *sym;
	unsigned int slot_size;
	struct mutex *mutex;	/* guards @pages and their bitmaps */
	struct list_head *pages;
};

void *kprobe_slot_pool_alloc(struct kprobe_slot_pool *pool);
void kprobe_slot_pool_free(struct kprobe_slot_pool *pool, void *slot);
bool kprobe_slot_pool_contains(struct kprobe_slot_pool *pool, unsigned long addr);
int kprobe_slot_pool_kallsym(struct kprobe_slot_pool *pool, unsigned int *symnum,
			     unsigned long *value, char *type, char *sym);
bool kprobe_slot_contains(unsigned long addr);

/* text_freed.c */
void kprobe_sites_mark_gone_where(bool (*gone)(unsigned long addr, void *arg),
				  void *arg);

/* module.c (stubs when CONFIG_MODULES=n: all text is the kernel's) */
#ifdef CONFIG_MODULES
int kprobe_module_init(void);
int kprobe_module_get(unsigned long addr, struct module **modp);
#else
static inline int kprobe_module_init(void)
{
	return 0;
}

static inline int kprobe_module_get(unsigned long addr, struct module **modp)
{
	return -EINVAL;
}
#endif

/* symbols.c (stubs when CONFIG_MODULES=n) */
#ifdef CONFIG_MODULES
bool kprobe_symbols_lookup(unsigned long addr, unsigned long *size,
			   unsigned long *off, char *name);
void kprobe_symbols_drop(struct module *mod);
#else
static inline bool kprobe_symbols_lookup(unsigned long addr,
					 unsigned long *size,
					 unsigned long *off, char *name)
{
	return false;
}

static inline void kprobe_symbols_drop(struct module *mod)
{
}
#endif

/* ftrace.c (stubs when CONFIG_KPROBES_ON_FTRACE=n) */
#ifdef CONFIG_KPROBES_ON_FTRACE
int kprobe_ftrace_arm_ips(unsigned long *ips, unsigned int n);
void kprobe_ftrace_disarm_ips(unsigned long *ips, unsigned int n);
#else
static inline int kprobe_ftrace_arm_ips(unsigned long *ips, unsigned int n)
{
	return -ENODEV;
}

static inline void kprobe_ftrace_disarm_ips(unsigned long *ips,
					    unsigned int n)
{
}
#endif

/* optimize.c, optslots.c and sysctl.c (stubs when CONFIG_OPTPROBES=n) */
#ifdef CONFIG_OPTPROBES
void kprobe_opt_kick(void);
void kprobe_opt_update_locked(struct kprobe_site *site);
void kprobe_site_unoptimize_locked(struct kprobe_site *site);
void kprobe_opt_wait_detour_users(void);
void kprobe_sites_unoptimize_locked(struct list_head *batch);
void kprobe_opt_clear_range_locked(kprobe_opcode_t *addr);
void kprobe_opt_release(struct kprobe_site *site);
bool kprobe_opt_allowed(void);
void kprobe_opt_set_allowed(bool on);
int kprobe_opt_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *sym);
#else
static inline void kprobe_opt_kick(void)
{
}

static inline void kprobe_opt_update_locked(struct kprobe_site *site)
{
}

static inline void kprobe_site_unoptimize_locked(struct kprobe_site *site)
{
}

static inline void kprobe_opt_wait_detour_users(void)
{
}

static inline void kprobe_sites_unoptimize_locked(struct list_head *batch)
{
}

static inline void kprobe_opt_clear_range_locked(kprobe_opcode_t *addr)
{
}

static inline void kprobe_opt_release(struct kprobe_site *site)
{
}

static inline int kprobe_opt_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *sym)
{
	return -ERANGE;
}
#endif

/* kretprobe.c (stubs when CONFIG_KRETPROBES=n) */
#ifdef CONFIG_KRETPROBES
bool kprobe_is_kretprobe(struct kprobe *p);
#else
static inline bool kprobe_is_kretprobe(struct kprobe *p)
{
	return false;
}
#endif

/* jprobe.c (stub where the architecture has no argument access API) */
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
bool kprobe_is_jprobe(struct kprobe *p);
#else
static inline bool kprobe_is_jprobe(struct kprobe *p)
{
	return false;
}
#endif

#ifdef CONFIG_KRETPROBES
/* kretprobe_pool.c */
struct kretprobe_holder *kretprobe_holder_create(struct kretprobe *rp);
void kretprobe_holder_stop_locked(struct kretprobe_holder *h);
void kretprobe_holder_release(struct kretprobe_holder *h);
struct kretprobe_instance *kretprobe_instance_get_shared(struct kretprobe *rp,
							 struct pt_regs *regs);
void kretprobe_instance_put(struct kretprobe_instance *ri);
void kretprobe_instance_put_unreturned(struct kretprobe_instance *ri);
void kretprobe_cache_spill(struct kretprobe_instance *ri,
			   struct kretprobe_cache *c);

/*
 * struct kretprobe_cache - a CPU's own free instances of one kretprobe
 * @free: free instances, linked through kretprobe_instance.llist
 * @nr_free: instances on @free, at most KRETPROBE_CACHE_MAX
 * @pending: instances this CPU took minus those it gave back, through
 *	the cache (the holder's nr_pending counts the shared list's)
 *
 * Kretprobes without a cap have caches, and those with one whose reserve
 * (see kretprobe_holder_create()) is small.  A cache is used on the hit
 * and return paths only, between setting current_kprobe from NULL and
 * clearing it again on its CPU: nothing else on that CPU, interrupt or
 * NMI, can then take or give back an instance through the cache (they
 * find current_kprobe set and miss, and cannot return from a call they
 * did not enter).  kretprobe_holder_stop_locked() clears holder->cache;
 * kretprobe_holder_release() empties the caches once no such section can
 * still be using them.
 */
struct kretprobe_cache {
	struct llist_node *free;
	unsigned int nr_free;
	int pending;
};

/* A full cache gives half back to the shared list; an empty one takes it. */
#define KRETPROBE_CACHE_MAX	8
#define KRETPROBE_CACHE_BATCH	(KRETPROBE_CACHE_MAX / 2)

/*
 * A kretprobe with a cap and caches counts its calls in flight in
 * holder->active (the shared list's nr_pending does not see the caches).
 * An instance is taken only after a successful kretprobe_cap_take() and
 * is back in a cache or on the shared list before kretprobe_cap_give().
 * The holder has KRETPROBE_CAP_RESERVE more instances than the cap: the
 * caches of the other CPUs hold at most that many minus one CPU's, so a
 * call within the cap always finds one in its own cache or on the list.
 */
#define KRETPROBE_CAP_RESERVE	((KRETPROBE_CACHE_MAX + 1) * num_possible_cpus())

static __always_inline bool kretprobe_cap_take(struct kretprobe_holder *h)
{
	if (!h->maxactive || atomic_inc_return(&h->active) <= h->maxactive)
		return true;
	atomic_dec(&h->active);
	return false;
}

static __always_inline void kretprobe_cap_give(struct kretprobe_holder *h)
{
	if (h->maxactive) {
		/* The instance is back before the call stops counting. */
		smp_mb__before_atomic();
		atomic_dec(&h->active);
	}
}

struct kretprobe_instance *kretprobe_cap_missed(struct kretprobe *rp);

/**
 * kretprobe_instance_get() - take an instance for a call of @rp's function
 * @rp: the kretprobe whose entry probe was hit
 * @regs: registers at the function entry
 *
 * From this CPU's cache when it has one; otherwise from the shared list,
 * which may allocate and counts a miss in @rp->nmissed and by cause.
 *
 * Context: the kretprobe's entry probe handler; current_kprobe was NULL
 * before the hit and is set now.
 * Return: an instance, or NULL if the call must be missed.
 */
static __always_inline struct kretprobe_instance *
kretprobe_instance_get(struct kretprobe *rp, struct pt_regs *regs)
{
	struct kretprobe_holder *h = rp->rph;
	struct kretprobe_cache __percpu *pc = READ_ONCE(h->cache);
	struct kretprobe_instance *ri;
	struct kretprobe_cache *c;

	if (unlikely(!pc))
		return kretprobe_instance_get_shared(rp, regs);
	if (unlikely(!kretprobe_cap_take(h)))
		return kretprobe_cap_missed(rp);
	c = this_cpu_ptr(pc);
	if (unlikely(!c->free)) {
		ri = kretprobe_instance_get_shared(rp, regs);
		if (unlikely(!ri))
			kretprobe_cap_give(h);
		return ri;
	}
	ri = llist_entry(c->free, struct kretprobe_instance, llist);
	c->free = ri->llist.next;
	c->nr_free--;
	c->pending++;
	return ri;
}

/**
 * kretprobe_instance_put_local() - give an instance back on the hit or
 *	return path
 * @ri: an instance no task stack refers to any more
 *
 * Context: as for kretprobe_instance_get(): current_kprobe was NULL
 * before the caller set it.  Anywhere else use kretprobe_instance_put().
 */
static __always_inline void kretprobe_instance_put_local(struct kretprobe_instance *ri)
{
	struct kretprobe_holder *h = ri->rph;
	struct kretprobe_cache __percpu *pc = READ_ONCE(h->cache);
	struct kretprobe_cache *c;

	if (unlikely(!pc)) {
		kretprobe_instance_put(ri);
		return;
	}
	c = this_cpu_ptr(pc);
	if (unlikely(c->nr_free >= KRETPROBE_CACHE_MAX)) {
		kretprobe_cache_spill(ri, c);
	} else {
		ri->llist.next = c->free;
		c->free = &ri->llist;
		c->nr_free++;
		c->pending--;
	}
	kretprobe_cap_give(h);
}

/**
 * kprobe_busy_begin_nested() - make probes hit on this CPU count as missed
 *
 * Unlike kprobe_busy_begin() this nests inside a probe handler: the
 * previous owner of current_kprobe is returned for kprobe_busy_end_nested().
 * The section is also a hit bracket (kprobe_hit_begin()), so that
 * kprobe_hits_wait() covers the return handlers run inside it.
 *
 * Context: any; disables preemption.
 * Return: the previous value of current_kprobe.
 */
static __always_inline struct kprobe *kprobe_busy_begin_nested(void)
{
	struct kprobe *prev;

	preempt_disable_notrace();
	kprobe_hit_begin();
	prev = __this_cpu_read(current_kprobe);
	__this_cpu_write(current_kprobe, &kprobe_busy_marker);
	return prev;
}

/**
 * kprobe_busy_end_nested() - end a kprobe_busy_begin_nested() section
 * @prev: what kprobe_busy_begin_nested() returned
 *
 * Context: after kprobe_busy_begin_nested() on the same CPU.
 */
static __always_inline void kprobe_busy_end_nested(struct kprobe *prev)
{
	__this_cpu_write(current_kprobe, prev);
	kprobe_hit_end();
	preempt_enable_notrace();
}

/* kretprobe_stack.c */
int kretprobe_instance_bind_chained(struct kretprobe_instance *ri,
				    unsigned long frame);

/* Bit 0 of kretprobe_instance.fp: the call already had an instance. */
#define KRETPROBE_FP_CHAINED	1UL

/**
 * kretprobe_instance_bind() - attach @ri to the call being entered
 * @ri: a fresh instance
 * @regs: registers at the function's first instruction
 *
 * Inline: it is on every hit.
 *
 * Context: the entry probe handler, in the task making the call.
 * Return: 0, or -EINVAL (see kretprobe_instance_bind_chained()).
 */
static __always_inline int kretprobe_instance_bind(struct kretprobe_instance *ri,
						   struct pt_regs *regs)
{
	unsigned long frame = arch_kretprobe_frame(regs);
	unsigned long ret = arch_kretprobe_ret_addr(regs);

	if (unlikely(is_kretprobe_trampoline(ret)))
		return kretprobe_instance_bind_chained(ri, frame);
	ri->task = current;
	ri->fp = (void *)frame;
	ri->ret_addr = (kprobe_opcode_t *)ret;
	return 0;
}

/**
 * kretprobe_instance_push() - make the call return through the trampoline
 * @ri: an instance bound with kretprobe_instance_bind()
 * @regs: the same registers
 *
 * Context: the entry probe handler, in the task making the call.
 */
static __always_inline void kretprobe_instance_push(struct kretprobe_instance *ri,
						    struct pt_regs *regs)
{
	struct llist_head *stack = &current->kretprobe_instances;

	ri->llist.next = stack->first;
	/*
	 * The instance is filled in before it is published: an unwinder
	 * reading this task's calls from another CPU follows the pointer
	 * (kretprobe_find_ret_addr(), address dependency) and must not see
	 * the fields of its previous use.
	 */
	smp_store_release(&stack->first, &ri->llist);
	/*
	 * Linked before the return address changes.  Only this task's own
	 * unwinding (an interrupt or NMI on this CPU) may look in between:
	 * kretprobe_find_ret_addr() leaves running tasks alone.
	 */
	barrier();
	arch_kretprobe_set_ret_addr(regs, kretprobe_trampoline_addr());
}

/**
 * kretprobe_instance_frame() - the frame key of @ri's call
 * @ri: a pending instance
 *
 * Return: arch_kretprobe_frame() at the entry of the call.
 */
static inline unsigned long kretprobe_instance_frame(struct kretprobe_instance *ri)
{
	return (unsigned long)ri->fp & ~KRETPROBE_FP_CHAINED;
}

#endif /* CONFIG_KRETPROBES */

/* kretprobe_debugfs.c */
#if defined(CONFIG_KRETPROBES) && defined(CONFIG_DEBUG_FS)
void kretprobe_debugfs_init(struct dentry *dir);
#else
static inline void kretprobe_debugfs_init(struct dentry *dir)
{
}
#endif

/* debugfs.c */
#ifdef CONFIG_DEBUG_FS
int kprobe_debugfs_init(void);
#else
static inline int kprobe_debugfs_init(void)
{
	return 0;
}
#endif

#endif /* _KERNEL_KPROBES_INTERNAL_H */
