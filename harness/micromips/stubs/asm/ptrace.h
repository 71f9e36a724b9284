/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the part of struct pt_regs micromips.c uses. */
#pragma once
struct pt_regs {
	unsigned long regs[32];
	unsigned long cp0_epc;
	unsigned long cp0_status;
};
