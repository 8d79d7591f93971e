/* The groups family (Go, Atari Go): tv_family_groups.c. */
#ifndef TV_FAMILY_GROUPS_H
#define TV_FAMILY_GROUPS_H

#include "tv_family.h"

extern const tv_family tv_family_groups;

#endif
