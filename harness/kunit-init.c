// SPDX-License-Identifier: GPL-2.0
/*
 * /init of a guest that has no user space (harness/boot-kunit.sh, for
 * ARCH=riscv64), built with the kernel's nolibc (tools/include/nolibc):
 * it loads the KUnit modules named on its command line, in order, each
 * of which runs its suites while it loads and prints their KTAP on the
 * console, then prints "@@KP guest-exit N" (N: modules that failed to
 * load or unload) and powers the guest off.
 *
 * The kernel passes what follows "--" on its command line as our
 * arguments, after any parameter it did not know itself: only absolute
 * paths are taken for modules, and "-NAME" unloads module NAME (so that
 * a module can be loaded again with other parameters).
 */
#include <linux/reboot.h>

static void kp_say(const char *what, const char *name, int err)
{
	printf("@@KP %s %s", what, name);
	if (err)
		printf(" (error %d)", err);
	printf("\n");
}

/* @arg is PATH or PATH:PARAMS, PARAMS as insmod takes them, commas for spaces. */
static int kp_load(char *arg)
{
	char *params = strchr(arg, ':');
	int fd, ret;

	if (params) {
		*params++ = '\0';
		for (ret = 0; params[ret]; ret++)
			if (params[ret] == ',')
				params[ret] = ' ';
	}
	fd = open(arg, O_RDONLY);
	if (fd < 0)
		return errno;
	ret = syscall(__NR_finit_module, fd, params ? params : "", 0);
	close(fd);
	return ret < 0 ? errno : 0;
}

/* rmmod @name; a module's exit function runs as for rmmod. */
static int kp_unload(const char *name)
{
	return syscall(__NR_delete_module, name, O_NONBLOCK) < 0 ? errno : 0;
}

/* The file systems the suites read (sysctls under /proc, debugfs). */
static void kp_mount(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	mount(type, dir, type, 0, "");
}

int main(int argc, char **argv)
{
	int i, err, failed = 0;

	kp_mount("devtmpfs", "/dev");
	kp_mount("proc", "/proc");
	kp_mount("sysfs", "/sys");
	kp_mount("debugfs", "/sys/kernel/debug");
	kp_mount("tracefs", "/sys/kernel/tracing");
	/* The console, for our own lines; KTAP goes through printk. */
	i = open("/dev/console", O_WRONLY);
	if (i >= 0) {
		dup2(i, 1);
		dup2(i, 2);
	}
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1]) {
			kp_say("unload", argv[i] + 1, 0);
			err = kp_unload(argv[i] + 1);
			if (err) {
				kp_say("unload-failed", argv[i] + 1, err);
				failed++;
			}
			continue;
		}
		/* The kernel also hands on parameters it did not know. */
		if (argv[i][0] != '/')
			continue;
		kp_say("load", argv[i], 0);
		err = kp_load(argv[i]);
		if (err) {
			kp_say("load-failed", argv[i], err);
			failed++;
		}
	}
	printf("@@KP guest-exit %d\n", failed);
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	return 0;
}
