/* SPDX-License-Identifier: GPL-2.0 */
#pragma once
#include <linux/types.h>
