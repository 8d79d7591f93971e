/* The sowing family: tv_family_sow.c. */
#ifndef TV_FAMILY_SOW_H
#define TV_FAMILY_SOW_H

#include "tv_family.h"

extern const tv_family tv_family_sow;

#endif
