/* The mills family (Nine Men's Morris): tv_family_mills.c. */
#ifndef TV_FAMILY_MILLS_H
#define TV_FAMILY_MILLS_H

#include "tv_family.h"

extern const tv_family tv_family_mills;

#endif
