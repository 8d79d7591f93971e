/* The ruleset catalogue: where ruleset files are looked for, and loading one
 * by name or path. This is the only part of the library that reads files. */
#ifndef TV_CATALOG_H
#define TV_CATALOG_H

#include "tv_ruleset.h"

#define TV_CATALOG_DIRS_MAX 16
#define TV_CATALOG_LIST_MAX 256
#define TV_CATALOG_NAME_MAX 64

/* Adds a folder searched before TAVOLA_PATH, ./rulesets and the rulesets
 * beside the library or program (an installed share/tavola/rulesets, or the
 * source tree's rulesets/). */
int tv_catalog_add_dir(const char *dir, tv_error *err);

/* Resolves a name ("pahtum") or a path ("x/my.lua") to a readable file. */
int tv_catalog_find(const char *name, char *path, size_t size, tv_error *err);

/* The names of the rulesets found (each once, the first folder wins),
 * sorted; returns the count. */
int tv_catalog_list(char names[][TV_CATALOG_NAME_MAX], int max);

/* Finds, reads and loads a ruleset under the given sandbox limits (NULL: the
 * defaults). */
tv_ruleset *tv_catalog_load(const char *name, const tv_options *opts, const tv_limits *limits, tv_error *err);

#endif
