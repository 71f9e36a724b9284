/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the kernel's UAPI instruction enums (little-endian fields). */
#pragma once
#include <linux/types.h>
#include <uapi/asm/inst.h>
