/* The hooks family: tv_family_hooks.c. */
#ifndef TV_FAMILY_HOOKS_H
#define TV_FAMILY_HOOKS_H

#include "tv_family.h"

extern const tv_family tv_family_hooks;

#endif
