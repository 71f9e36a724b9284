# SPDX-License-Identifier: GPL-2.0
#
# Drives the kprobes overlay: builds Linux 6.12 from Debian's
# linux-source-6.12 with our files laid over it, boots it in QEMU and runs
# the tests. See README.md.
#
#   make run       build, boot, show the kprobes samples firing
#   make check     the whole test suite, every config variant
#   make shell     interactive shell in the guest
#   make -s kdir   path of the built kernel tree (KDIR for modules)
#   make bench     per-hit and (un)registration costs, ours vs upstream
#   make docs      Documentation/trace (kprobes.rst) with Sphinx
#   make series    our overlay as a patch series in BUILD/series/
#   make series-check  apply, checkpatch and build each patch of the series
#   make arches    every other architecture: build (and boot) ours and upstream
#
# Variables: BUILD (build/), UPSTREAM=1 (the untouched base instead of
# ours), VARIANTS ("default ibt debug", for check), VARIANT (default, for
# run/shell/kdir), SUITES ("selftests kunit ftrace"), TEST (a glob of test
# names), EXTRA_MODULES, EXTRA_SCRIPT, JOBS, BOOT_TIMEOUT, QEMU_ACCEL,
# KERNEL_ARGS, HARNESS=0 (skip the harness self-test), BENCH_QUICK=1,
# BENCH_TREES ("patched upstream"), LONG=1 (the long variant of the stress
# selftests: 10 minutes), GUESTS (guests check runs at once; the cores),
# ARCH (x86_64; arm64 and i386 boot a Debian root of their own, riscv64,
# arm and ppc64le run KUnit only, see README),
# QEMU_CPU (-cpu of the guest), ARCHES and TREES (make arches: which
# architectures, "patched upstream").

BUILD ?= build
export BUILD UPSTREAM VARIANTS VARIANT SUITES TEST EXTRA_MODULES EXTRA_SCRIPT
export JOBS BOOT_TIMEOUT QEMU_ACCEL KERNEL_ARGS HARNESS BENCH_QUICK BENCH_TREES
export LONG GUESTS QEMU_CPU ARCHES TREES

# ARCH is not exported here: exported while unset, it would reach the
# kernel's make empty (set on the command line, make passes it on itself).

H := harness

.PHONY: run check shell kdir bench kernel deps docs series series-check arches clean help

run:
	@$(H)/run.sh run

check:
	@$(H)/check.sh

shell:
	@$(H)/run.sh shell

kdir:
	@$(H)/kdir.sh

bench:
	@$(H)/bench.sh

# The tree `make kernel` builds: upstream with UPSTREAM set (not 0), else
# patched (harness/common.sh's kp_tree() decides the same for the scripts).
KERNEL_TREE := $(if $(filter-out 0,$(UPSTREAM)),upstream,patched)

kernel:
	@$(H)/prepare.sh $(KERNEL_TREE)
	@for v in $(or $(VARIANTS),default); do \
		$(H)/build.sh $(KERNEL_TREE) $$v || exit 1; \
	done

deps:
	@$(H)/deps.sh

docs:
	@$(H)/docs.sh

series:
	@$(H)/series.sh

series-check:
	@$(H)/series-check.sh

arches:
	@$(H)/arches.sh

clean:
	rm -rf $(BUILD)

help:
	@awk 'NR > 2 && !/^#/ { exit } NR > 2 { sub(/^# ?/, ""); print }' Makefile
