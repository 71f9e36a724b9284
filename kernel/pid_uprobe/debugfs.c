// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process uprobes: /sys/kernel/debug/pid_uprobes lists the registered
 * probes, one line each, in registration order per address:
 *
 *   <pid> <vaddr> <inode number>:<offset> entry|return <handler>
 *
 * <pid> is the process's id when its first probe was registered.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/seq_file.h>

#include "internal.h"

static const char * const pid_uprobe_type_names[] = {
	[PID_UPROBE_ENTRY] = "entry",
	[PID_UPROBE_RETURN] = "return",
};

static void pid_uprobe_show_point(struct seq_file *m,
				  struct pid_uprobe_point *point)
{
	struct pid_uprobe *u;
	void *code;
	int t;

	for (t = 0; t < ARRAY_SIZE(point->cons); t++) {
		list_for_each_entry(u, &point->cons[t].probes, node) {
			code = t == PID_UPROBE_RETURN ?
			       (void *)container_of(u, struct pid_uretprobe,
						    u)->handler :
			       (void *)u->handler;
			seq_printf(m, "%d 0x%lx %lu:0x%llx %s %ps\n", u->pid,
				   point->vaddr, point->inode->i_ino,
				   (unsigned long long)point->offset,
				   pid_uprobe_type_names[t], code);
		}
	}
}

static int pid_uprobe_list_show(struct seq_file *m, void *v)
{
	struct pid_uprobe_point *point;
	struct pid_uprobe_proc *proc;

	mutex_lock(&pid_uprobe_mutex);
	list_for_each_entry(proc, &pid_uprobe_procs, node) {
		list_for_each_entry(point, &proc->points, node)
			pid_uprobe_show_point(m, point);
	}
	mutex_unlock(&pid_uprobe_mutex);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pid_uprobe_list);

static int __init pid_uprobe_debugfs_init(void)
{
	debugfs_create_file("pid_uprobes", 0400, NULL, NULL,
			    &pid_uprobe_list_fops);
	return 0;
}
late_initcall(pid_uprobe_debugfs_init);
