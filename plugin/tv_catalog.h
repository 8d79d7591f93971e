/* Finding and loading ruleset files for the tavola command. */
#ifndef CLI_RULESETS_H
#define CLI_RULESETS_H

#include "tv_ruleset.h"

#define CLI_DIRS_MAX 16
#define CLI_PATH_MAX 4096

/* Where rulesets are looked for, in order. */
typedef struct cli_dirs {
    int n;
    char dir[CLI_DIRS_MAX][CLI_PATH_MAX];
} cli_dirs;

/* --rules DIR (may be NULL), then $TAVOLA_PATH (':'-separated), then
 * ./rulesets, then rulesets/ and share/tavola/rulesets beside the program. */
void cli_dirs_init(cli_dirs *d, const char *rules_dir);

/* Resolves a ruleset name ("pahtum") or a path ("x/my.lua") to a file. */
int cli_find_ruleset(const cli_dirs *d, const char *name, char *path, size_t size, tv_error *err);

/* Reads and loads the ruleset file. */
tv_ruleset *cli_load_ruleset(const char *path, const tv_options *opts, tv_error *err);

/* Lists the names of the rulesets found (each once, first directory wins),
 * sorted; returns the count. names must hold CLI_LIST_MAX entries. */
#define CLI_LIST_MAX 256
int cli_list_rulesets(const cli_dirs *d, char names[][64], char paths[][CLI_PATH_MAX]);

#endif
