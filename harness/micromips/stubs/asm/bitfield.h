/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: bit fields in little-endian order. */
#pragma once
#define __BITFIELD_FIELD(field, more) more field;
