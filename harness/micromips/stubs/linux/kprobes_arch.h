/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the contract header; the stub <linux/kprobes.h> has it all. */
#pragma once
#include <linux/kprobes.h>
