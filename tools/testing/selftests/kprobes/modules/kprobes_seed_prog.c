// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space side of test_seed_examples.sh: it makes the calls the
 * seed example modules of seeds/ report, a known number of times.
 *
 *   kprobes_seed_prog clone N   make N children with clone(2), flags
 *                               SEED_CLONE_FLAGS (no other program
 *                               uses them), and wait for each; then
 *                               print "pid P" (P its own pid)
 *   kprobes_seed_prog open N    open(2) a file that does not exist N
 *                               times (the system call itself, which
 *                               the C library's open() no longer uses),
 *                               then "/" once, which succeeds; print
 *                               "open: N failed with -ENOENT, 1 succeeded"
 *   kprobes_seed_prog calls N   print "pid P", then "myfunc A" (A the
 *                               address of myfunc() in this process);
 *                               on a line from stdin call myfunc(1),
 *                               ..., myfunc(N) and print "called N";
 *                               exit on the next line or end of input
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * A plain fork with CLONE_FS added: the child shares our filesystem
 * information and exits at once, so that changes nothing, and the flags
 * tell our calls of kernel_clone() from everybody else's.
 */
#define SEED_CLONE_FLAGS	(CLONE_FS | SIGCHLD)

#define SEED_MISSING		"/nonexistent/kprobes-seed-examples"

/* The probed function: kept out of line, called and returning for real. */
static __attribute__((noipa)) long myfunc(long i)
{
	asm volatile("" : "+r" (i));
	return i;
}

static long parse_count(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || n < 0) {
		fprintf(stderr, "not a count: %s\n", s);
		exit(2);
	}
	return n;
}

static int do_clone(long n)
{
	long i;

	for (i = 0; i < n; i++) {
		/* No new stack: the child runs on a copy of ours, as after fork. */
		long pid = syscall(SYS_clone, SEED_CLONE_FLAGS, 0, NULL, NULL, 0);
		int status;

		if (pid < 0) {
			perror("clone");
			return 1;
		}
		if (pid == 0)
			_exit(0);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
			fprintf(stderr, "child %ld did not exit normally\n", pid);
			return 1;
		}
	}
	printf("pid %d\n", getpid());
	return 0;
}

static int do_open(long n)
{
#ifdef SYS_open
	long i, fd;

	for (i = 0; i < n; i++) {
		fd = syscall(SYS_open, SEED_MISSING, O_RDONLY);
		if (fd >= 0 || errno != ENOENT) {
			fprintf(stderr, "open %s: %ld, %s\n", SEED_MISSING, fd,
				strerror(errno));
			return 1;
		}
	}
	fd = syscall(SYS_open, "/", O_RDONLY);
	if (fd < 0) {
		perror("open /");
		return 1;
	}
	close(fd);
	printf("open: %ld failed with -ENOENT, 1 succeeded\n", n);
	return 0;
#else
	fprintf(stderr, "no open system call on this architecture\n");
	return 1;
#endif
}

static int do_calls(long n)
{
	char line[64];
	long i, sum = 0;

	printf("pid %d\nmyfunc %#lx\n", getpid(), (unsigned long)myfunc);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 1;
	for (i = 1; i <= n; i++)
		sum += myfunc(i);
	if (sum != n * (n + 1) / 2) {
		fprintf(stderr, "myfunc returned wrong values\n");
		return 1;
	}
	printf("called %ld\n", n);
	fflush(stdout);
	/* Stay until told: the modules print their counts while we live. */
	fgets(line, sizeof(line), stdin);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s clone|open|calls N\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[1], "clone"))
		return do_clone(parse_count(argv[2]));
	if (!strcmp(argv[1], "open"))
		return do_open(parse_count(argv[2]));
	if (!strcmp(argv[1], "calls"))
		return do_calls(parse_count(argv[2]));
	fprintf(stderr, "unknown mode %s\n", argv[1]);
	return 2;
}
