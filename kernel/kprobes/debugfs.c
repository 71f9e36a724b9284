// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /sys/kernel/debug/kprobes/: a view of the registered probes and the
 * blacklist, and a switch that disarms every probe at once.
 *
 *   list	one line per registered probe:
 *		"<addr>  <k|r|j>  <sym>+0x<off>  [<module>] <flags>"
 *		(k: kprobe, r: kretprobe, j: jprobe)
 *   enabled	"1" while probes may fire, "0" after writing 0/n/N;
 *		writing 1/y/Y re-arms the probes that are not disabled
 *   blacklist	one "0x<start>-0x<end>\t<symbol>" line per refused range
 *   kretprobes	instance pool and misses by cause of each kretprobe
 *		(kretprobe_debugfs.c)
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#include "internal.h"

/*
 * Addresses are printed as plain hex, as wide as a pointer, and only after
 * kallsyms_show_value() allowed it; other readers get zeros.
 */
#define KPROBE_ADDR_DIGITS	(2 * (int)sizeof(unsigned long))

/* The list file walks one hash bucket per seq_file record. */
static void *kprobe_list_start(struct seq_file *m, loff_t *pos)
{
	return *pos < KPROBE_TABLE_SIZE ? pos : NULL;
}

static void *kprobe_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return kprobe_list_start(m, pos);
}

static void kprobe_list_stop(struct seq_file *m, void *v)
{
}

static void kprobe_list_flags(struct seq_file *m, struct kprobe *p,
			      struct kprobe_site *site)
{
	if (kprobe_gone(p))
		seq_puts(m, "[GONE]");
	else if (kprobe_disabled(p))
		seq_puts(m, "[DISABLED]");
	if (kprobe_optimized(p))
		seq_puts(m, "[OPTIMIZED]");
	if (kprobe_ftrace(p) || site->on_ftrace)
		seq_puts(m, "[FTRACE]");
	seq_putc(m, '\n');
}

/* The letter the list shows for the kind of @p. */
static char kprobe_list_kind(struct kprobe *p)
{
	if (kprobe_is_kretprobe(p))
		return 'r';
	if (kprobe_is_jprobe(p))
		return 'j';
	return 'k';
}

static void kprobe_list_site(struct seq_file *m, struct kprobe_site *site)
{
	char name[KSYM_NAME_LEN];
	unsigned long shown = 0;
	unsigned long off = 0;
	char *modname = NULL;
	const char *sym;
	struct kprobe *p;

	sym = kallsyms_lookup((unsigned long)site->addr, NULL, &off, &modname,
			      name);
	/* Readers denied addresses in /proc/kallsyms see 0 here too. */
	if (kallsyms_show_value(m->file->f_cred))
		shown = (unsigned long)site->addr;

	kprobe_site_for_each_probe(p, site) {
		seq_printf(m, "%0*lx  %c  ", KPROBE_ADDR_DIGITS, shown,
			   kprobe_list_kind(p));
		if (!sym)
			seq_printf(m, "%pS ", site->addr);
		else if (modname)
			seq_printf(m, "%s+0x%lx  [%s] ", sym, off, modname);
		else
			seq_printf(m, "%s+0x%lx    ", sym, off);
		kprobe_list_flags(m, p, site);
	}
}

static int kprobe_list_show(struct seq_file *m, void *v)
{
	struct hlist_head *head = &kprobe_table[*(loff_t *)v];
	struct kprobe_site *site;

	/* Sites and their probe lists only change under kprobe_mutex. */
	mutex_lock(&kprobe_mutex);
	hlist_for_each_entry(site, head, hnode)
		kprobe_list_site(m, site);
	mutex_unlock(&kprobe_mutex);
	return 0;
}

static const struct seq_operations kprobe_list_seq_ops = {
	.start	= kprobe_list_start,
	.next	= kprobe_list_next,
	.stop	= kprobe_list_stop,
	.show	= kprobe_list_show,
};

/* Both seq_file views: the file's private data names their operations. */
static int kprobe_seq_open(struct inode *inode, struct file *file)
{
	return seq_open(file, inode->i_private);
}

static const struct file_operations kprobe_seq_fops = {
	.owner		= THIS_MODULE,
	.open		= kprobe_seq_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static ssize_t kprobe_enabled_read(struct file *file, char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	const char *text = READ_ONCE(kprobes_all_disarmed) ? "0\n" : "1\n";

	return simple_read_from_buffer(ubuf, count, ppos, text, 2);
}

/* Accept exactly one of 0 1 n N y Y, optionally followed by a newline. */
static ssize_t kprobe_enabled_write(struct file *file,
				    const char __user *ubuf, size_t count,
				    loff_t *ppos)
{
	char buf[2];
	int ret;

	if (!count || count > sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (count == 2 && buf[1] != '\n')
		return -EINVAL;

	switch (buf[0]) {
	case '1':
	case 'y':
	case 'Y':
		ret = kprobes_arm_all();
		break;
	case '0':
	case 'n':
	case 'N':
		ret = kprobes_disarm_all();
		break;
	default:
		return -EINVAL;
	}
	return ret ?: count;
}

static const struct file_operations kprobe_enabled_fops = {
	.owner	= THIS_MODULE,
	.read	= kprobe_enabled_read,
	.write	= kprobe_enabled_write,
	.llseek	= default_llseek,
};

/**
 * kprobe_debugfs_init() - create /sys/kernel/debug/kprobes/
 *
 * Creates the "list", "enabled", "blacklist" and "kretprobes" files.
 * debugfs being unavailable is not an error for kprobes.
 *
 * Context: boot (late_initcall), process context.
 * Return: 0.
 */
int __init kprobe_debugfs_init(void)
{
	struct dentry *dir;

	dir = debugfs_create_dir("kprobes", NULL);
	debugfs_create_file("list", 0400, dir, (void *)&kprobe_list_seq_ops,
			    &kprobe_seq_fops);
	debugfs_create_file("enabled", 0600, dir, NULL, &kprobe_enabled_fops);
	debugfs_create_file("blacklist", 0400, dir,
			    (void *)&kprobe_blacklist_seq_ops, &kprobe_seq_fops);
	kretprobe_debugfs_init(dir);
	return 0;
}
