// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space side of test_pid_uprobes.sh: it probes its own functions
 * (or a child's) through kprobes_pid_uprobe.ko and checks what the
 * handlers saw.
 *
 *   kprobes_pid_prog case NAME   run one case; exit 0 if it passes,
 *                                printing why not otherwise
 *   kprobes_pid_prog list        the cases' names
 *   kprobes_pid_prog loop        print kpp_target's address, then call
 *                                it every millisecond until killed
 *   kprobes_pid_prog calls N     print kpp_target's address, read a
 *                                line, call kpp_target N times and exit
 *   kprobes_pid_prog map-wait F  map the page of file F (a copy of this
 *                                program) that holds kpp_target, print
 *                                the copy's address; on a line from
 *                                stdin unmap it and say "unmapped"; exit
 *                                on the next line
 *   kprobes_pid_prog exec-call   what a case execs: call kpp_target 3
 *                                times, then exit
 *   kprobes_pid_prog bench N     per-hit cost figures for make bench
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CTL	"/sys/kernel/debug/kprobes_pid_uprobe/ctl"
#define STATE	"/sys/kernel/debug/kprobes_pid_uprobe/state"
#define LIST	"/sys/kernel/debug/pid_uprobes"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Probed functions: no inlining, cloning or other inter-procedural change. */
#define KPP_PROBED __attribute__((noipa))

/* The probed functions: kept out of line, and not folded together. */
static KPP_PROBED long kpp_target(long a, long b)
{
	asm volatile("" : "+r" (a));
	return a + b;
}

static KPP_PROBED long kpp_other(long a, long b)
{
	asm volatile("" : "+r" (b));
	return a * b;
}

/* kpp_target's return address lies in here. */
static KPP_PROBED long kpp_caller(long a, long b)
{
	long r = kpp_target(a, b);

	asm volatile("" : "+r" (r));
	return r;
}

static KPP_PROBED void kpp_caller_end(void)
{
	asm volatile("");
}

static long kpp_data = 42;

/* Its code holds 0xcc bytes: x86's breakpoint instruction, in an immediate. */
static KPP_PROBED long kpp_trap_imm(long a)
{
	return a ^ 0xcccccc;
}

/*
 * An address inside an instruction, where the architecture can tell that
 * it is not the start of one: a 0xcc byte of kpp_trap_imm's code at an
 * offset that is not a multiple of 4 (x86 refuses to probe a breakpoint
 * byte; arm64, arm and riscv an address not aligned to an instruction);
 * or, without such a byte, the function's second byte.
 */
static unsigned long kpp_inside_insn(void)
{
	const unsigned char *code = (const unsigned char *)kpp_trap_imm;
	int i;

	for (i = 1; i < 64; i++) {
		if (code[i] == 0xcc && i % 4)
			return (unsigned long)code + i;
	}
	return (unsigned long)code + 1;
}

static char why[512];

static int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return 1;
}

static int ctl(const char *fmt, ...)
{
	char buf[128];
	va_list ap;
	int fd, n, ret = 0;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fd = open(CTL, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (write(fd, buf, n) != n)
		ret = -errno;
	close(fd);
	return ret;
}

struct slot {
	long hits, retval;
	unsigned long ip, ret_addr;
	int handler_ret, tids, cb_count, cb_reg, cb_type, cb_result;
};

/* The number after "@key=" in @line (0 if there is none). */
static long field(const char *line, const char *key)
{
	char k[24];
	const char *p;

	snprintf(k, sizeof(k), " %s=", key);
	p = strstr(line, k);
	return p ? strtol(p + strlen(k), NULL, 0) : 0;
}

/* Read slot @n of the state file; the order line goes to @order. */
static int state(int n, struct slot *s, char *order, size_t len)
{
	char line[256];
	int i, found = 0;
	FILE *f = fopen(STATE, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "order", 5)) {
			if (order)
				snprintf(order, len, "%s", line + 5);
			continue;
		}
		if (sscanf(line, "%d ", &i) != 1 || i != n)
			continue;
		found = 1;
		s->hits = field(line, "hits");
		s->ip = field(line, "ip");
		s->ret_addr = field(line, "ret_addr");
		s->retval = field(line, "retval");
		s->handler_ret = field(line, "handler_ret");
		s->tids = field(line, "tids");
		s->cb_count = field(line, "cb_count");
		s->cb_reg = field(line, "cb_reg");
		s->cb_type = field(line, "cb_type");
		s->cb_result = field(line, "cb_result");
	}
	fclose(f);
	if (order) {
		char *nl = strchr(order, '\n');

		if (nl)
			*nl = 0;
	}
	return found ? 0 : -1;
}

static long hits(int n)
{
	struct slot s;

	return state(n, &s, NULL, 0) ? -1 : s.hits;
}

static unsigned long addr(void *p)
{
	return (unsigned long)p;
}

static void call_target(int times)
{
	int i;

	for (i = 0; i < times; i++)
		kpp_caller(i, 1);
}

/* Does the pid_uprobes list have a line for @pid? */
static int listed(pid_t pid)
{
	char line[256];
	int p, found = 0;
	FILE *f = fopen(LIST, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%d ", &p) == 1 && p == pid)
			found = 1;
	fclose(f);
	return found;
}

/* Wait up to @ms for listed(@pid) to become @want. */
static int wait_listed(pid_t pid, int want, int ms)
{
	while (listed(pid) != want) {
		if (ms-- <= 0)
			return -1;
		usleep(1000);
	}
	return 0;
}

static int wait_callback(int n, int count, int ms)
{
	struct slot s;

	while (!state(n, &s, NULL, 0) && s.cb_count < count) {
		if (ms-- <= 0)
			return -1;
		usleep(1000);
	}
	return s.cb_count >= count ? 0 : -1;
}

static int case_entry(void)
{
	struct slot s;
	int ret;

	ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("register_pid_uprobe: %s", strerror(-ret));
	call_target(5);
	if (state(0, &s, NULL, 0))
		return fail("no state");
	if (s.hits != 5)
		return fail("%ld hits, wanted 5", s.hits);
	if (s.ip != addr(kpp_target))
		return fail("the handler's ip was %#lx, the probe is at %#lx",
			    s.ip, addr(kpp_target));
	if (s.tids != 1)
		return fail("%d threads seen, wanted 1", s.tids);
	ctl("unreg 0");
	call_target(2);
	if (hits(0) != 5)
		return fail("%ld hits after unregistering, wanted 5", hits(0));
	return 0;
}

static int case_return(void)
{
	struct slot s;
	long r;
	int ret;

	ret = ctl("return 1 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("register_pid_uretprobe: %s", strerror(-ret));
	r = kpp_caller(40, 2);
	if (state(1, &s, NULL, 0))
		return fail("no state");
	if (s.hits != 1)
		return fail("%ld hits, wanted 1", s.hits);
	if (r != 42 || s.retval != 42)
		return fail("returned %ld, the handler saw %ld, wanted 42",
			    r, s.retval);
	if (s.ret_addr <= addr(kpp_caller) ||
	    s.ret_addr >= addr(kpp_caller_end))
		return fail("ret_addr %#lx is not in kpp_caller (%#lx-%#lx)",
			    s.ret_addr, addr(kpp_caller),
			    addr(kpp_caller_end));
	return 0;
}

/* Three entry probes and two return probes on one address, in order. */
static int case_order(void)
{
	static const char * const kind[] = {
		"entry", "return", "entry", "return", "entry",
	};
	char order[256];
	struct slot s;
	int i, ret;

	for (i = 0; i < 5; i++) {
		ret = ctl("%s %d %d %lx", kind[i], i, getpid(),
			  addr(kpp_target));
		if (ret)
			return fail("slot %d: %s", i, strerror(-ret));
	}
	call_target(1);
	if (state(0, &s, order, sizeof(order)))
		return fail("no state");
	if (strcmp(order, " 0 2 4 1 3"))
		return fail("handlers ran in the order%s, wanted 0 2 4 1 3",
			    order);
	return 0;
}

static void *thread_calls(void *arg)
{
	call_target(10);
	return NULL;
}

/* Threads made after the registration hit the probe too. */
static int case_threads(void)
{
	pthread_t t[4];
	struct slot s;
	int i, ret;

	ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("register: %s", strerror(-ret));
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, thread_calls, NULL))
			return fail("pthread_create");
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	if (state(0, &s, NULL, 0))
		return fail("no state");
	if (s.hits != 40 || s.tids != 4)
		return fail("%ld hits from %d threads, wanted 40 from 4",
			    s.hits, s.tids);
	return 0;
}

/* A forked child does not run the parent's probe; the parent still does. */
static int case_fork(void)
{
	int ret, status;
	pid_t child;

	ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("register: %s", strerror(-ret));
	child = fork();
	if (child < 0)
		return fail("fork: %s", strerror(errno));
	if (!child) {
		call_target(10);
		_exit(0);
	}
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return fail("the child did not exit cleanly (status %#x)",
			    status);
	if (hits(0) != 0)
		return fail("the child's calls hit %ld times", hits(0));
	call_target(1);
	if (hits(0) != 1)
		return fail("%ld hits after the parent's call, wanted 1",
			    hits(0));
	return 0;
}

/*
 * A child that waits for a byte on @go, then calls kpp_target @calls times
 * and exits, or execs "exec-call" with @exec.
 */
static pid_t spawn(int go[2], int calls, int exec)
{
	pid_t child = fork();
	char c;

	if (child)
		return child;
	close(go[1]);
	if (read(go[0], &c, 1) != 1)
		_exit(2);
	if (exec) {
		execl("/proc/self/exe", "kprobes_pid_prog", "exec-call",
		      (char *)NULL);
		_exit(3);
	}
	call_target(calls);
	_exit(0);
}

static int reaped_child(pid_t child, int go[2])
{
	int status;

	if (write(go[1], "x", 1) != 1)
		return fail("cannot start the child");
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return fail("the child did not exit cleanly (status %#x)",
			    status);
	return 0;
}

/* Exit unregisters the process's probes; unregistering then is a no-op. */
static int case_exit(void)
{
	int go[2], ret;
	pid_t child;

	if (pipe(go))
		return fail("pipe");
	child = spawn(go, 3, 0);
	if (child < 0)
		return fail("fork");
	ret = ctl("entry 0 %d %lx", child, addr(kpp_target));
	ret = ret ?: ctl("return 1 %d %lx", child, addr(kpp_target));
	if (ret)
		return fail("register on the child: %s", strerror(-ret));
	if (listed(child) != 1)
		return fail("the child's probes are not listed in " LIST);
	if (reaped_child(child, go))
		return 1;
	if (hits(0) != 3 || hits(1) != 3)
		return fail("%ld entry and %ld return hits, wanted 3 and 3",
			    hits(0), hits(1));
	if (wait_listed(child, 0, 5000))
		return fail("the exited child's probes are still listed");
	ret = ctl("unreg 0");
	ret = ret ?: ctl("unreg 1");
	if (ret)
		return fail("unregister after exit: %s", strerror(-ret));
	/* The probe can be registered again, on another process. */
	ret = ctl("again 0");
	if (ret != -ESRCH)
		return fail("registering on the dead child again gave %s",
			    strerror(-ret));
	ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("registering the probe anew: %s", strerror(-ret));
	call_target(1);
	return hits(0) == 4 ? 0 : fail("%ld hits, wanted 4", hits(0));
}

/* Exec unregisters them too: the new program runs no handler. */
static int case_exec(void)
{
	int go[2], ret;
	pid_t child;

	if (pipe(go))
		return fail("pipe");
	child = spawn(go, 0, 1);
	if (child < 0)
		return fail("fork");
	ret = ctl("entry 0 %d %lx", child, addr(kpp_target));
	if (ret)
		return fail("register on the child: %s", strerror(-ret));
	if (reaped_child(child, go))
		return 1;
	if (hits(0) != 0)
		return fail("the exec'd program hit %ld times", hits(0));
	if (wait_listed(child, 0, 5000))
		return fail("the probes of the exec'd child are still listed");
	return 0;
}

/* A handler registers another probe: -EINPROGRESS, then the callback. */
static int case_delayed_register(void)
{
	struct slot s0, s1, s2;
	int ret;

	ret = ctl("prep 1 entry %d %lx", getpid(), addr(kpp_target));
	ret = ret ?: ctl("prep 2 return %d %lx", getpid(), addr(kpp_other));
	ret = ret ?: ctl("act 0 reg 1");
	ret = ret ?: ctl("act 3 reg 2");
	ret = ret ?: ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	ret = ret ?: ctl("entry 3 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("setup: %s", strerror(-ret));
	call_target(1);
	if (state(0, &s0, NULL, 0))
		return fail("no state");
	if (s0.handler_ret != -EINPROGRESS)
		return fail("register_pid_uprobe() in a handler returned %d",
			    s0.handler_ret);
	if (hits(1) != 0)
		return fail("the probe registered by a handler ran in that hit");
	if (wait_callback(1, 1, 5000) || wait_callback(2, 1, 5000))
		return fail("no registration_callback");
	state(1, &s1, NULL, 0);
	state(2, &s2, NULL, 0);
	if (s1.cb_reg != 1 || s1.cb_type != 0 || s1.cb_result != 0)
		return fail("callback(reg %d, type %d, result %d), wanted (1, 0, 0)",
			    s1.cb_reg, s1.cb_type, s1.cb_result);
	if (s2.cb_reg != 1 || s2.cb_type != 1 || s2.cb_result != 0)
		return fail("callback(reg %d, type %d, result %d), wanted (1, 1, 0)",
			    s2.cb_reg, s2.cb_type, s2.cb_result);
	ctl("act 0 none");
	ctl("act 3 none");
	call_target(1);
	kpp_other(6, 7);
	if (hits(1) != 1 || hits(2) != 1)
		return fail("%ld and %ld hits of the new probes, wanted 1 and 1",
			    hits(1), hits(2));
	return 0;
}

/* A handler unregisters its own probe: it runs no more. */
static int case_delayed_unregister(void)
{
	struct slot s;
	int ret;

	ret = ctl("act 0 unreg 0");
	ret = ret ?: ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("setup: %s", strerror(-ret));
	call_target(1);
	if (wait_callback(0, 1, 5000))
		return fail("no registration_callback");
	state(0, &s, NULL, 0);
	if (s.handler_ret != -EINPROGRESS)
		return fail("unregister_pid_uprobe() in a handler returned %d",
			    s.handler_ret);
	if (s.cb_reg != 0 || s.cb_type != 0 || s.cb_result != 0)
		return fail("callback(reg %d, type %d, result %d), wanted (0, 0, 0)",
			    s.cb_reg, s.cb_type, s.cb_result);
	call_target(3);
	return hits(0) == 1 ? 0 : fail("%ld hits, wanted 1", hits(0));
}

/*
 * The same, with the function called again at once: from the moment the
 * unregistration is queued the handler runs no more, so the second call
 * is not a hit even if the breakpoint is still there.
 */
static int case_delayed_unregister_now(void)
{
	struct slot s;
	int ret;

	ret = ctl("act 0 unreg 0");
	ret = ret ?: ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("setup: %s", strerror(-ret));
	call_target(1);
	call_target(3);
	if (hits(0) != 1)
		return fail("%ld hits, wanted 1: ran after unregistering",
			    hits(0));
	if (wait_callback(0, 1, 5000))
		return fail("no registration_callback");
	state(0, &s, NULL, 0);
	if (s.cb_reg != 0 || s.cb_type != 0 || s.cb_result != 0)
		return fail("callback(reg %d, type %d, result %d), wanted (0, 0, 0)",
			    s.cb_reg, s.cb_type, s.cb_result);
	return 0;
}

/*
 * A registration asked for in a handler that fails (nothing is mapped at
 * the address) is reported to the callback with the error.
 */
static int case_delayed_register_fails(void)
{
	struct slot s;
	int ret;

	/* The second page: below mmap_min_addr, nothing is ever mapped. */
	ret = ctl("prep 1 entry %d %lx", getpid(), 0x1000UL);
	ret = ret ?: ctl("act 0 reg 1");
	ret = ret ?: ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("setup: %s", strerror(-ret));
	call_target(1);
	if (wait_callback(1, 1, 5000))
		return fail("no registration_callback");
	state(1, &s, NULL, 0);
	if (s.cb_reg != 1 || s.cb_type != 0 || s.cb_result != -ENXIO)
		return fail("callback(reg %d, type %d, result %d), wanted (1, 0, %d)",
			    s.cb_reg, s.cb_type, s.cb_result, -ENXIO);
	/* The slot was never registered: registering it directly fails too. */
	ret = ctl("again 1");
	return ret == -ENXIO ? 0 :
		fail("registering the same probe directly: %d, wanted %d",
		     ret, -ENXIO);
}

/*
 * A handler unregisters a return probe that was never registered: the
 * callback names the kind of call, a return probe's unregistration.
 */
static int case_delayed_unregister_type(void)
{
	struct slot s;
	int ret;

	ret = ctl("prep 2 return %d %lx", getpid(), addr(kpp_other));
	ret = ret ?: ctl("act 0 unreg 2");
	ret = ret ?: ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("setup: %s", strerror(-ret));
	call_target(1);
	if (wait_callback(2, 1, 5000))
		return fail("no registration_callback");
	state(2, &s, NULL, 0);
	if (s.cb_reg != 0 || s.cb_type != 1 || s.cb_result != 0)
		return fail("callback(reg %d, type %d, result %d), wanted (0, 1, 0)",
			    s.cb_reg, s.cb_type, s.cb_result);
	return 0;
}

/* Handlers may sleep. */
static int case_sleep(void)
{
	struct timespec t0, t1;
	long ms;
	int ret;

	ret = ctl("act 0 sleep 50");
	ret = ret ?: ctl("return 1 %d %lx", getpid(), addr(kpp_target));
	ret = ret ?: ctl("act 1 sleep 50");
	ret = ret ?: ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("setup: %s", strerror(-ret));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	call_target(2);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (t1.tv_sec - t0.tv_sec) * 1000 +
	     (t1.tv_nsec - t0.tv_nsec) / 1000000;
	if (hits(0) != 2 || hits(1) != 2)
		return fail("%ld and %ld hits, wanted 2 and 2", hits(0), hits(1));
	return ms >= 200 ? 0 : fail("4 sleeps of 50 ms took %ld ms", ms);
}

static int bad(const char *what, int want, const char *fmt, ...)
{
	char buf[128];
	va_list ap;
	int ret;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	ret = ctl("%s", buf);
	if (ret == want)
		return 0;
	return fail("%s (%s): got %s, wanted %s", what, buf,
		    ret ? strerror(-ret) : "success", strerror(-want));
}

static int case_bad_input(void)
{
	unsigned long kernel = (unsigned long)-4096L;
	pid_t me = getpid();
	void *anon, *gone;

	anon = mmap(NULL, 4096, PROT_READ | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gone = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (anon == MAP_FAILED || gone == MAP_FAILED || munmap(gone, 4096))
		return fail("mmap: %s", strerror(errno));
	if (bad("no such process", -ESRCH, "entry 0 %d %lx", 0x3ffffff0,
		addr(kpp_target)) ||
	    bad("a kernel thread", -EINVAL, "entry 0 2 %lx",
		addr(kpp_target)) ||
	    bad("a kernel address", -EFAULT, "entry 0 %d %lx", me, kernel) ||
	    bad("nothing mapped", -ENXIO, "entry 0 %d %lx", me, addr(gone)) ||
	    bad("data", -ENOEXEC, "entry 0 %d %lx", me, addr(&kpp_data)) ||
	    bad("anonymous code", -ENOEXEC, "entry 0 %d %lx", me,
		addr(anon)) ||
	    bad("no handler", -EINVAL, "bare 0 %d %lx", me,
		addr(kpp_target)) ||
	    bad("a return probe", 0, "return 1 %d %lx", me,
		addr(kpp_target)) ||
	    bad("the same probe twice", -EBUSY, "again 1"))
		return 1;
	if (bad("inside an instruction", -EINVAL, "entry 0 %d %lx", me,
		kpp_inside_insn()))
		return 1;
	munmap(anon, 4096);
	call_target(1);
	return hits(0) == 0 && hits(1) == 1 ? 0 :
	       fail("%ld and %ld hits, wanted 0 and 1", hits(0), hits(1));
}

/*
 * The page of @path (this program's file, or a copy of it) that holds
 * kpp_target, mapped; returns kpp_target's address in that copy, or 0.
 */
static unsigned long map_alias(const char *path, void **base)
{
	unsigned long start, end, off, at, page = sysconf(_SC_PAGESIZE);
	unsigned long target = addr(kpp_target);
	char line[512], perms[8];
	unsigned long found = 0;
	FILE *f = fopen("/proc/self/maps", "r");
	int fd;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s %lx", &start, &end, perms,
			   &off) == 4 && target >= start && target < end) {
			found = target - start + off;
			break;
		}
	}
	fclose(f);
	fd = open(path, O_RDONLY);
	if (!found || fd < 0)
		return 0;
	*base = mmap(NULL, 2 * page, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd,
		     found & ~(page - 1));
	close(fd);
	if (*base == MAP_FAILED)
		return 0;
	at = (unsigned long)*base + (found & (page - 1));
	return at;
}

/* The probed code mapped again elsewhere runs no handler there. */
static int case_alias(void)
{
	long (*alias)(long a, long b);
	void *base = NULL;
	unsigned long at;
	int ret;

	ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
	ret = ret ?: ctl("return 1 %d %lx", getpid(), addr(kpp_target));
	if (ret)
		return fail("register: %s", strerror(-ret));
	at = map_alias("/proc/self/exe", &base);
	if (!at)
		return fail("cannot map kpp_target's page again: %s",
			    strerror(errno));
	alias = (long (*)(long a, long b))at;
	if (alias(20, 22) != 42)
		return fail("the copy of kpp_target computed something else");
	call_target(1);
	munmap(base, 2 * sysconf(_SC_PAGESIZE));
	if (hits(0) != 1 || hits(1) != 1)
		return fail("%ld entry and %ld return hits, wanted 1 and 1 (not the copy's)",
			    hits(0), hits(1));
	return 0;
}

static int spinning = 1;

static void *thread_spins(void *arg)
{
	while (__atomic_load_n(&spinning, __ATOMIC_RELAXED))
		kpp_caller(1, 2);
	return NULL;
}

/* Probes come and go while other threads run through them. */
static int case_churn(void)
{
	pthread_t t[2];
	int i, ret = 0;

	for (i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, thread_spins, NULL))
			return fail("pthread_create");
	for (i = 0; i < 50 && !ret; i++) {
		ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
		ret = ret ?: ctl("return 1 %d %lx", getpid(), addr(kpp_target));
		usleep(2000);
		ret = ret ?: ctl("unreg 1");
		ret = ret ?: ctl("unreg 0");
	}
	__atomic_store_n(&spinning, 0, __ATOMIC_RELAXED);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	if (ret)
		return fail("round %d: %s", i, strerror(-ret));
	return hits(0) > 0 && hits(1) > 0 ? 0 :
	       fail("%ld and %ld hits in 50 rounds", hits(0), hits(1));
}

/* Nanoseconds (instructions, under QEMU's -icount) for @n calls. */
static long bench_loop(int n)
{
	struct timespec t0, t1;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		kpp_caller(i, 1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0.tv_sec) * 1000000000L +
	       (t1.tv_nsec - t0.tv_nsec);
}

/*
 * Per-hit cost for make bench: @n calls of kpp_target without a probe,
 * then with an entry probe, a return probe and both; each probed figure
 * is the cost per call above the unprobed one.  One "name value" line
 * each, or an "error" line.
 */
static int bench(int n)
{
	static const struct {
		const char *name;
		int entry, ret;
	} rows[] = {
		{ "uhit.pid_uprobe", 1, 0 },
		{ "uhit.pid_uretprobe", 0, 1 },
		{ "uhit.pid_uprobe_uretprobe", 1, 1 },
	};
	long base, t, want;
	unsigned int i;
	int ret;

	if (ctl("reset"))
		return printf("error cannot write %s\n", CTL), 1;
	bench_loop(n / 10);
	base = bench_loop(n);
	printf("uhit.calls %d\nuhit.baseline_per_call %ld\n", n, base / n);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		ret = 0;
		if (rows[i].entry)
			ret = ctl("entry 0 %d %lx", getpid(), addr(kpp_target));
		if (rows[i].ret)
			ret = ret ?: ctl("return 1 %d %lx", getpid(),
					 addr(kpp_target));
		if (ret)
			return printf("error %s: %s\n", rows[i].name,
				      strerror(-ret)), 1;
		t = bench_loop(n);
		want = (long)n * (rows[i].entry + rows[i].ret);
		if (hits(0) + hits(1) != want)
			return printf("error %s: %ld hits, wanted %ld\n",
				      rows[i].name, hits(0) + hits(1), want), 1;
		ctl("reset");
		printf("%s %ld\n", rows[i].name, (t - base) / n);
	}
	return 0;
}

static const struct {
	const char *name;
	int (*run)(void);
} cases[] = {
	{ "entry", case_entry },
	{ "return", case_return },
	{ "order", case_order },
	{ "threads", case_threads },
	{ "fork", case_fork },
	{ "exit", case_exit },
	{ "exec", case_exec },
	{ "delayed-register", case_delayed_register },
	{ "delayed-unregister", case_delayed_unregister },
	{ "delayed-unregister-now", case_delayed_unregister_now },
	{ "delayed-register-fails", case_delayed_register_fails },
	{ "delayed-unregister-type", case_delayed_unregister_type },
	{ "sleep", case_sleep },
	{ "bad-input", case_bad_input },
	{ "alias", case_alias },
	{ "churn", case_churn },
};

int main(int argc, char **argv)
{
	unsigned int i;
	int ret;

	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < ARRAY_SIZE(cases); i++)
			printf("%s\n", cases[i].name);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "loop")) {
		printf("%lx\n", addr(kpp_target));
		fflush(stdout);
		for (;;) {
			kpp_caller(1, 2);
			usleep(1000);
		}
	}
	if (argc == 3 && !strcmp(argv[1], "calls")) {
		char go[8];

		printf("%lx\n", addr(kpp_target));
		fflush(stdout);
		if (!fgets(go, sizeof(go), stdin))
			return 1;
		call_target(atoi(argv[2]));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "map-wait")) {
		void *base;
		char go[8];

		printf("%lx\n", map_alias(argv[2], &base));
		fflush(stdout);
		if (!fgets(go, sizeof(go), stdin))
			return 1;
		munmap(base, 2 * sysconf(_SC_PAGESIZE));
		printf("unmapped\n");
		fflush(stdout);
		return !fgets(go, sizeof(go), stdin);
	}
	if (argc == 3 && !strcmp(argv[1], "bench"))
		return bench(atoi(argv[2]));
	if (argc == 2 && !strcmp(argv[1], "exec-call")) {
		call_target(3);
		return 0;
	}
	if (argc != 3 || strcmp(argv[1], "case"))
		return fprintf(stderr, "usage: %s case NAME | list | loop\n",
			       argv[0]), 2;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (strcmp(argv[2], cases[i].name))
			continue;
		if (ctl("reset"))
			return fprintf(stderr, "cannot write %s\n", CTL), 1;
		ret = cases[i].run();
		ctl("reset");
		if (ret)
			printf("%s\n", why);
		return ret;
	}
	return fprintf(stderr, "no case %s\n", argv[2]), 2;
}
