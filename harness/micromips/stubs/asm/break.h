/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the kernel's UAPI break codes (-I of the base tree's uapi). */
#pragma once
#include <uapi/asm/break.h>
