// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The instances of a kretprobe: a free list per kretprobe that grows as
 * the load needs it, so that return probes do not miss while memory lasts.
 *
 * Each kretprobe owns a struct kretprobe_holder.  Its free list starts
 * with maxactive instances, or with a default number when maxactive <= 0.
 * With a cap (maxactive > 0) that is all there ever is, plus, where that
 * costs little (kretprobe_holder_create()), a reserve that lets it use
 * per-CPU caches like an uncapped kretprobe while the cap stays exact.
 * Without a cap:
 *
 *  - when the list runs low, the hit path queues an irq_work (safe from
 *    any context) that schedules a work item, which allocates more with
 *    GFP_KERNEL;
 *  - when the list is empty and the probed context could have taken an
 *    interrupt (so it holds no lock an allocation may need, and is not an
 *    NMI), the hit path allocates one with GFP_ATOMIC;
 *  - otherwise (NMI, a breakpoint trap, interrupts off) the call is missed
 *    as KRETPROBE_MISS_ATOMIC and the next refill adds the shortfall.
 *
 * What a kretprobe without a cap may allocate is bounded, by
 * /proc/sys/debug/kretprobe-max-instances for each kretprobe and by
 * /proc/sys/debug/kretprobe-max-bytes for all kretprobes together (0, the
 * default, stands for 1/64 of RAM); the initial instances and those of a
 * kretprobe with a cap count towards the second bound too.  A call that
 * would need an instance over a bound is missed as KRETPROBE_MISS_NOMEM.
 * The memory is not charged to a memory cgroup: the task a hit allocates
 * in is not the one that asked for the probe.  Once the calls have
 * drained, the pool shrinks again: KRETPROBE_SHRINK_DELAY after it grew,
 * and again every KRETPROBE_SHRINK_DELAY while it is bigger than at the
 * start plus what the per-CPU caches may hold, a worker frees the free
 * instances of the shared list above max(initial size, twice the calls
 * pending).
 *
 * On PREEMPT_RT the slab allocator takes sleeping locks, so nothing is
 * allocated or freed with preemption disabled: the hit path never
 * allocates (an empty pool is a KRETPROBE_MISS_ATOMIC, and the pool is
 * refilled earlier, at half its size, to make that rare).  Instances
 * given back after their kretprobe was unregistered are freed from an
 * irq_work on every configuration (a thread on RT), never on the return
 * path itself.
 *
 * In front of the free list, a kretprobe without a cap has a small cache
 * of free instances per CPU (struct kretprobe_cache in internal.h), which
 * most hits and returns use without a lock or an atomic instruction (a
 * capped one with caches adds one atomic counter, holder->active).  An
 * empty cache takes a few instances from the free list at once, a full
 * one gives half of them back, so at most KRETPROBE_CACHE_MAX instances
 * per CPU are out of the free list's reach.
 *
 * The hit path never sleeps.  Every instance holds a reference on its
 * holder, so an instance still pending on a stack when its kretprobe is
 * unregistered keeps the holder (not the kretprobe) alive; giving it back
 * then frees it, and the last one frees the holder.
 *
 * holder->lock is taken with current_kprobe set on the CPU (the hit path
 * and kprobe_busy_begin_nested() both do), so a probe hit in an NMI on the
 * same CPU, which finds current_kprobe set and counts a miss, can never
 * wait for it.  In NMI context (which includes breakpoint traps) it is
 * only ever tried, never waited on with lockdep watching.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/cpumask.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/sysctl.h>

#include "internal.h"

static __always_inline unsigned long kretprobe_lock(struct kretprobe_holder *h)
{
	unsigned long flags;

	local_irq_save(flags);
	if (!in_nmi()) {
		raw_spin_lock(&h->lock);
		return flags;
	}
	/* Held by another CPU, see the top of this file: it will let go. */
	while (!raw_spin_trylock(&h->lock))
		cpu_relax();
	return flags;
}

static __always_inline void kretprobe_unlock(struct kretprobe_holder *h,
					     unsigned long flags)
{
	raw_spin_unlock(&h->lock);
	local_irq_restore(flags);
}

/* The pool a kretprobe without a cap starts with: kretprobes' old default. */
static unsigned int kretprobe_pool_initial(void)
{
	return max(10U, 2 * num_possible_cpus());
}

/* Pending calls of @h, from the shared list and the caches; a snapshot. */
static int kretprobe_holder_pending(struct kretprobe_holder *h)
{
	int cpu, n = READ_ONCE(h->nr_pending);

	if (h->cache_mem) {
		for_each_possible_cpu(cpu)
			n += READ_ONCE(per_cpu_ptr(h->cache_mem, cpu)->pending);
	}
	return n;
}

/* A grown pool is looked at again this long after it grew. */
#define KRETPROBE_SHRINK_DELAY	(2 * HZ)

/* The bounds of the top of this file, and what is allocated now. */
static unsigned int kretprobe_max_instances = 32768;
static unsigned long kretprobe_max_bytes;
static atomic_long_t kretprobe_bytes = ATOMIC_LONG_INIT(0);

static unsigned long kretprobe_bytes_limit(void)
{
	return READ_ONCE(kretprobe_max_bytes) ?:
	       (totalram_pages() << PAGE_SHIFT) / 64;
}

/*
 * May @h have one more instance?  Read without a lock: concurrent
 * allocations may overshoot a bound by one instance each.
 */
static bool kretprobe_within_bounds(struct kretprobe_holder *h)
{
	if (!h->maxactive &&
	    READ_ONCE(h->nr_total) >= READ_ONCE(kretprobe_max_instances))
		return false;
	return atomic_long_read(&kretprobe_bytes) + h->size <=
	       kretprobe_bytes_limit();
}

/* @h has a new size: below how many free instances it asks for more. */
static void kretprobe_pool_set_low(struct kretprobe_holder *h)
{
	if (h->maxactive)
		return;
	/* RT never allocates on the hit path: keep a bigger reserve. */
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		h->low = max(kretprobe_pool_initial(), h->nr_total / 2);
	else
		h->low = max(kretprobe_pool_initial() / 2, h->nr_total / 4);
}

static struct kretprobe_instance *
kretprobe_instance_alloc(struct kretprobe_holder *h, gfp_t gfp)
{
	struct kretprobe_instance *ri;

	if (!kretprobe_within_bounds(h))
		return NULL;
	ri = kzalloc(h->size, gfp);
	if (!ri)
		return NULL;
	atomic_long_add(h->size, &kretprobe_bytes);
	ri->rph = h;
	refcount_inc(&h->ref);
	return ri;
}

static void kretprobe_holder_put(struct kretprobe_holder *h)
{
	if (refcount_dec_and_test(&h->ref))
		kfree(h);
}

/*
 * Free an instance no pending call uses any more.  An unwinder reading
 * another task's pending calls (kretprobe_find_ret_addr()) may still be
 * on it, inside an RCU read-side section: the memory waits for that.
 */
static void kretprobe_instance_free(struct kretprobe_instance *ri)
{
	struct kretprobe_holder *h = ri->rph;

	atomic_long_sub(h->size, &kretprobe_bytes);
	kfree_rcu(ri, rcu);
	kretprobe_holder_put(h);
}

/* Free a list of instances nobody can reach any more. */
static void kretprobe_free_list(struct llist_node *node)
{
	struct llist_node *next;

	for (; node; node = next) {
		next = node->next;
		kretprobe_instance_free(llist_entry(node, struct kretprobe_instance,
						    llist));
	}
}

/* Instances given back by a return after their kretprobe went away. */
static LLIST_HEAD(kretprobe_dead_instances);

static void kretprobe_free_dead(struct irq_work *work)
{
	kretprobe_free_list(llist_del_all(&kretprobe_dead_instances));
}

static DEFINE_IRQ_WORK(kretprobe_free_dead_work, kretprobe_free_dead);

/* Add up to @n new instances to @h's free list; return how many. */
static unsigned int kretprobe_pool_grow(struct kretprobe_holder *h,
					unsigned int n, gfp_t gfp)
{
	struct kretprobe_instance *ri;
	unsigned long flags;
	struct kprobe *prev;
	unsigned int i;

	for (i = 0; i < n; i++) {
		ri = kretprobe_instance_alloc(h, gfp);
		if (!ri)
			break;
		prev = kprobe_busy_begin_nested();
		flags = kretprobe_lock(h);
		ri->llist.next = h->free;
		h->free = &ri->llist;
		h->nr_free++;
		h->nr_total++;
		kretprobe_pool_set_low(h);
		kretprobe_unlock(h, flags);
		kprobe_busy_end_nested(prev);
	}
	return i;
}

/* Process context: bring the free list back above its low mark. */
static void kretprobe_pool_refill(struct work_struct *work)
{
	struct kretprobe_holder *h = container_of(work, struct kretprobe_holder,
						  refill);
	unsigned int want;

	want = max(READ_ONCE(h->nr_total) / 2, kretprobe_pool_initial());
	want += xchg(&h->shortfall, 0);
	kretprobe_pool_grow(h, want, GFP_KERNEL);
	/* Does nothing if a shrink is already due. */
	schedule_delayed_work(&h->shrink, KRETPROBE_SHRINK_DELAY);
}

/*
 * Process context: give back the free instances above what the calls
 * pending now need twice over, and look again later while the pool is
 * bigger than its initial size plus what the per-CPU caches may hold
 * (instances there are out of this worker's reach).
 */
static void kretprobe_pool_shrink(struct work_struct *work)
{
	struct kretprobe_holder *h = container_of(to_delayed_work(work),
						  struct kretprobe_holder,
						  shrink);
	unsigned int initial = kretprobe_pool_initial(), keep, drop;
	struct llist_node *node, *gone = NULL;
	unsigned long flags;
	struct kprobe *prev;
	bool again;
	int pending;

	pending = max(kretprobe_holder_pending(h), 0);
	keep = max(initial, 2U * pending);
	prev = kprobe_busy_begin_nested();
	flags = kretprobe_lock(h);
	drop = h->nr_total > keep ? h->nr_total - keep : 0;
	for (; drop && h->free; drop--) {
		node = h->free;
		h->free = node->next;
		node->next = gone;
		gone = node;
		h->nr_free--;
		h->nr_total--;
	}
	kretprobe_pool_set_low(h);
	again = !h->dead && h->nr_total > initial +
		(h->cache_mem ? KRETPROBE_CACHE_MAX * num_possible_cpus() : 0);
	kretprobe_unlock(h, flags);
	kprobe_busy_end_nested(prev);

	kretprobe_free_list(gone);
	if (again)
		schedule_delayed_work(&h->shrink, KRETPROBE_SHRINK_DELAY);
}

/* Any context: schedule a refill. */
static void kretprobe_pool_kick(struct irq_work *work)
{
	struct kretprobe_holder *h = container_of(work, struct kretprobe_holder,
						  kick);

	schedule_work(&h->refill);
}

/*
 * Every uncapped kretprobe has per-CPU caches.  A capped one has them when
 * the reserve they need costs no more than the capped instances
 * themselves, or at most KRETPROBE_CAP_RESERVE_BYTES.
 */
#define KRETPROBE_CAP_RESERVE_BYTES	SZ_16K

static bool kretprobe_holder_wants_caches(struct kretprobe_holder *h)
{
	unsigned long reserve = KRETPROBE_CAP_RESERVE;

	return !h->maxactive || reserve <= h->maxactive ||
	       reserve * h->size <= KRETPROBE_CAP_RESERVE_BYTES;
}

/**
 * kretprobe_holder_create() - allocate @rp's bookkeeping and first instances
 * @rp: a kretprobe being registered
 *
 * Context: process context; may sleep.
 * Return: the holder, or ERR_PTR(-ENOMEM).
 */
struct kretprobe_holder *kretprobe_holder_create(struct kretprobe *rp)
{
	struct kretprobe_holder *h = kzalloc(sizeof(*h), GFP_KERNEL);
	unsigned int n;

	if (!h)
		return ERR_PTR(-ENOMEM);
	RCU_INIT_POINTER(h->rp, rp);
	refcount_set(&h->ref, 1);
	raw_spin_lock_init(&h->lock);
	h->maxactive = rp->maxactive > 0 ? rp->maxactive : 0;
	h->size = sizeof(struct kretprobe_instance) + rp->data_size;
	h->addr = rp->kp.addr;
	init_irq_work(&h->kick, kretprobe_pool_kick);
	INIT_WORK(&h->refill, kretprobe_pool_refill);
	INIT_DELAYED_WORK(&h->shrink, kretprobe_pool_shrink);

	n = h->maxactive ?: kretprobe_pool_initial();
	if (kretprobe_holder_wants_caches(h)) {
		h->cache_mem = alloc_percpu(struct kretprobe_cache);
		if (!h->cache_mem) {
			kfree(h);
			return ERR_PTR(-ENOMEM);
		}
		h->cache = h->cache_mem;
		if (h->maxactive)
			n += KRETPROBE_CAP_RESERVE;
	}
	if (kretprobe_pool_grow(h, n, GFP_KERNEL) < n) {
		kretprobe_holder_stop_locked(h);
		kretprobe_holder_release(h);
		return ERR_PTR(-ENOMEM);
	}
	return h;
}

/**
 * kretprobe_holder_stop_locked() - no handler of the kretprobe may start
 * @h: the holder of a kretprobe being unregistered
 *
 * get_kretprobe() returns NULL from now on and pending returns skip the
 * handler.  Handlers that already started run inside a hit bracket
 * (kprobe_busy_begin_nested()); kretprobe_holder_release() must only follow a
 * kprobe_hits_wait() that began after this call.
 *
 * Context: kprobe_mutex held once @h is published (reachable from a
 * registered kretprobe); a holder nobody else has seen needs no lock, so
 * kretprobe_holder_create() may call this on its error path.
 */
void kretprobe_holder_stop_locked(struct kretprobe_holder *h)
{
	/* Pairs with rcu_dereference_check() in get_kretprobe(). */
	rcu_assign_pointer(h->rp, NULL);
	/*
	 * Instances given back from now on are freed, not cached: the wait
	 * before kretprobe_holder_release() also covers every hit and return
	 * path that could still have seen the caches.
	 */
	WRITE_ONCE(h->cache, NULL);
	WRITE_ONCE(h->dead, true);
}

/**
 * kretprobe_holder_release() - free the free list and drop the kretprobe's
 *	reference
 * @h: a holder passed to kretprobe_holder_stop_locked() before the last
 *	kprobe_hits_wait()
 *
 * Instances still pending stay valid and are freed when their call
 * returns or their task is freed; the last one frees @h.
 *
 * Context: process context; may sleep.
 */
void kretprobe_holder_release(struct kretprobe_holder *h)
{
	struct llist_node *node;
	unsigned long flags;
	struct kprobe *prev;
	int cpu;

	/* No hit can queue the kick any more: let the refill chain settle. */
	irq_work_sync(&h->kick);
	cancel_work_sync(&h->refill);
	cancel_delayed_work_sync(&h->shrink);

	prev = kprobe_busy_begin_nested();
	flags = kretprobe_lock(h);
	node = h->free;
	h->free = NULL;
	h->nr_free = 0;
	kretprobe_unlock(h, flags);
	kprobe_busy_end_nested(prev);
	kretprobe_free_list(node);

	if (h->cache_mem) {
		/* No hit or return path can use the caches any more. */
		for_each_possible_cpu(cpu)
			kretprobe_free_list(per_cpu_ptr(h->cache_mem, cpu)->free);
		free_percpu(h->cache_mem);
		h->cache_mem = NULL;
	}
	kretprobe_holder_put(h);
}

/* Count a missed call; the holder's lock is held. */
static void kretprobe_count_miss(struct kretprobe *rp,
				 struct kretprobe_holder *h,
				 enum kretprobe_miss why)
{
	rp->nmissed++;
	h->missed[why]++;
}

/* The free list was empty: allocate, if this context allows it. */
static struct kretprobe_instance *
kretprobe_instance_get_slow(struct kretprobe *rp, struct kretprobe_holder *h,
			    struct pt_regs *regs)
{
	struct kretprobe_instance *ri = NULL;
	enum kretprobe_miss why = KRETPROBE_MISS_NOMEM;
	unsigned long flags;

	if (!kretprobe_within_bounds(h))
		why = KRETPROBE_MISS_NOMEM;	/* whatever the context */
	else if (IS_ENABLED(CONFIG_PREEMPT_RT) || in_nmi() ||
		 arch_kprobe_regs_irqs_disabled(regs))
		why = KRETPROBE_MISS_ATOMIC;
	else
		ri = kretprobe_instance_alloc(h, GFP_ATOMIC | __GFP_NOWARN);

	flags = kretprobe_lock(h);
	if (ri) {
		h->nr_total++;
		h->nr_pending++;
		kretprobe_pool_set_low(h);
	} else {
		kretprobe_count_miss(rp, h, why);
		h->shortfall++;
	}
	kretprobe_unlock(h, flags);
	irq_work_queue(&h->kick);
	return ri;
}

/* Move up to KRETPROBE_CACHE_BATCH free instances to @c; the lock is held. */
static void kretprobe_cache_fill(struct kretprobe_holder *h,
				 struct kretprobe_cache *c)
{
	struct llist_node *node;
	int i;

	for (i = 0; i < KRETPROBE_CACHE_BATCH && h->free; i++) {
		node = h->free;
		h->free = node->next;
		node->next = c->free;
		c->free = node;
	}
	h->nr_free -= i;
	c->nr_free += i;
}

/**
 * kretprobe_instance_get_shared() - take an instance from the free list
 * @rp: the kretprobe whose entry probe was hit
 * @regs: registers at the function entry
 *
 * The slow path of kretprobe_instance_get(), and the only one of a
 * kretprobe with a cap.  An empty cache of this CPU is filled on the way.
 * A miss is counted in @rp->nmissed and by cause.
 *
 * Context: as kretprobe_instance_get().
 * Return: an instance, or NULL if the call must be missed.
 */
struct kretprobe_instance *kretprobe_instance_get_shared(struct kretprobe *rp,
							 struct pt_regs *regs)
{
	struct kretprobe_holder *h = rp->rph;
	struct kretprobe_cache __percpu *pc = READ_ONCE(h->cache);
	struct kretprobe_instance *ri = NULL;
	struct kretprobe_cache *c;
	unsigned long flags;
	bool low;

	flags = kretprobe_lock(h);
	/* With caches the cap was checked by kretprobe_cap_take(). */
	if (h->maxactive && !pc && h->nr_pending >= h->maxactive) {
		kretprobe_count_miss(rp, h, KRETPROBE_MISS_CAP);
		kretprobe_unlock(h, flags);
		return NULL;
	}
	if (!h->free && h->maxactive) {
		/*
		 * A capped pool never grows.  (Within the cap it is never
		 * empty: kretprobe_cap_take() and KRETPROBE_CAP_RESERVE.)
		 */
		kretprobe_count_miss(rp, h, KRETPROBE_MISS_CAP);
		kretprobe_unlock(h, flags);
		return NULL;
	}
	if (h->free) {
		ri = llist_entry(h->free, struct kretprobe_instance, llist);
		h->free = ri->llist.next;
		h->nr_free--;
		if (pc) {
			c = this_cpu_ptr(pc);
			kretprobe_cache_fill(h, c);
			c->pending++;
		} else {
			h->nr_pending++;
		}
	}
	low = h->nr_free < h->low;
	kretprobe_unlock(h, flags);

	if (!ri)
		return kretprobe_instance_get_slow(rp, h, regs);
	if (low)
		irq_work_queue(&h->kick);
	return ri;
}

NOKPROBE_SYMBOL(kretprobe_instance_get_shared);

/**
 * kretprobe_cap_missed() - count a call over a kretprobe's cap
 * @rp: the kretprobe, one with a cap and caches
 *
 * Context: as kretprobe_instance_get().
 * Return: NULL, for the caller to return.
 */
struct kretprobe_instance *kretprobe_cap_missed(struct kretprobe *rp)
{
	struct kretprobe_holder *h = rp->rph;
	unsigned long flags;

	flags = kretprobe_lock(h);
	kretprobe_count_miss(rp, h, KRETPROBE_MISS_CAP);
	kretprobe_unlock(h, flags);
	return NULL;
}

NOKPROBE_SYMBOL(kretprobe_cap_missed);

/**
 * kretprobe_instance_put() - give an instance back
 * @ri: an instance no task stack refers to any more
 *
 * Context: any; current_kprobe is set on this CPU.
 */
void kretprobe_instance_put(struct kretprobe_instance *ri)
{
	struct kretprobe_holder *h = ri->rph;
	unsigned long flags;
	bool dead;

	flags = kretprobe_lock(h);
	h->nr_pending--;
	dead = h->dead;
	if (!dead) {
		ri->llist.next = h->free;
		h->free = &ri->llist;
		h->nr_free++;
	}
	kretprobe_unlock(h, flags);
	/* Taken through kretprobe_cap_take() if the holder has caches. */
	if (h->cache_mem)
		kretprobe_cap_give(h);
	if (!dead)
		return;
	/*
	 * Not freed here: this may be an NMI, an RT section with preemption
	 * disabled, or the return of a function that holds a lock that
	 * kfree_rcu()'s timer or work would take.  An irq_work (a thread on
	 * RT) frees it once this CPU can take interrupts.
	 */
	llist_add(&ri->llist, &kretprobe_dead_instances);
	irq_work_queue(&kretprobe_free_dead_work);
}

NOKPROBE_SYMBOL(kretprobe_instance_put);

/**
 * kretprobe_cache_spill() - give back an instance when the cache is full
 * @ri: the instance kretprobe_instance_put_local() could not cache
 * @c: this CPU's full cache of @ri's kretprobe
 *
 * @ri and half of @c go to the free list, under one lock.
 *
 * Context: as kretprobe_instance_put_local().
 */
void kretprobe_cache_spill(struct kretprobe_instance *ri,
			   struct kretprobe_cache *c)
{
	struct kretprobe_holder *h = ri->rph;
	struct llist_node *first = c->free, *last = first;
	unsigned long flags;
	int i;

	/* Detach the first KRETPROBE_CACHE_BATCH of the cache. */
	for (i = 1; i < KRETPROBE_CACHE_BATCH; i++)
		last = last->next;
	c->free = last->next;
	c->nr_free -= KRETPROBE_CACHE_BATCH;
	c->pending--;
	ri->llist.next = first;

	flags = kretprobe_lock(h);
	last->next = h->free;
	h->free = &ri->llist;
	h->nr_free += KRETPROBE_CACHE_BATCH + 1;
	kretprobe_unlock(h, flags);
}

NOKPROBE_SYMBOL(kretprobe_cache_spill);

/**
 * kretprobe_instance_put_unreturned() - give back an abandoned instance
 * @ri: an instance whose call was unwound without returning through the
 *	trampoline (found above the instance of a call that did return)
 *
 * The first one of each kretprobe is reported with the probed function.
 *
 * Context: as kretprobe_instance_put().
 */
void kretprobe_instance_put_unreturned(struct kretprobe_instance *ri)
{
	struct kretprobe_holder *h = ri->rph;
	unsigned long flags;
	bool first;

	flags = kretprobe_lock(h);
	first = !h->unreturned++;
	kretprobe_unlock(h, flags);
	if (first)
		pr_warn("kretprobe on %pS: a call did not return through the trampoline; its instance was dropped\n",
			h->addr);
	kretprobe_instance_put(ri);
}

NOKPROBE_SYMBOL(kretprobe_instance_put_unreturned);

/**
 * kretprobe_missed() - calls of a kretprobe missed for one cause
 * @rp: a registered kretprobe
 * @why: the cause
 *
 * The sum over all causes is @rp->nmissed; hits missed because another
 * probe was running on the CPU are in @rp->kp.nmissed.
 *
 * Context: any.
 * Return: the count, or 0 if @rp is not registered.
 */
unsigned long kretprobe_missed(struct kretprobe *rp, enum kretprobe_miss why)
{
	struct kretprobe_holder *h = READ_ONCE(rp->rph);

	if (!h || why >= KRETPROBE_MISS_NR)
		return 0;
	return READ_ONCE(h->missed[why]);
}
EXPORT_SYMBOL_GPL(kretprobe_missed);

/**
 * kretprobe_nr_pending() - calls of a kretprobe that have not returned yet
 * @rp: a registered kretprobe
 *
 * Read without locks: a snapshot that may be off by the calls entering or
 * returning meanwhile.
 *
 * Context: any, while @rp is registered.
 * Return: the number of pending instances, or 0 if @rp is not registered.
 */
int kretprobe_nr_pending(struct kretprobe *rp)
{
	struct kretprobe_holder *h = READ_ONCE(rp->rph);

	return h ? kretprobe_holder_pending(h) : 0;
}
EXPORT_SYMBOL_GPL(kretprobe_nr_pending);

static struct ctl_table kretprobe_sysctls[] = {
	{
		.procname	= "kretprobe-max-instances",
		.data		= &kretprobe_max_instances,
		.maxlen		= sizeof(kretprobe_max_instances),
		.mode		= 0644,
		.proc_handler	= proc_douintvec_minmax,
		.extra1		= SYSCTL_ONE,
	},
	{
		.procname	= "kretprobe-max-bytes",
		.data		= &kretprobe_max_bytes,
		.maxlen		= sizeof(kretprobe_max_bytes),
		.mode		= 0644,
		.proc_handler	= proc_doulongvec_minmax,
	},
};

static int __init kretprobe_sysctl_init(void)
{
	register_sysctl_init("debug", kretprobe_sysctls);
	return 0;
}
late_initcall(kretprobe_sysctl_init);
