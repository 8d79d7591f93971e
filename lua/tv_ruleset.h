/* A loaded ruleset: a sandboxed Lua 5.4 VM that ran the ruleset script once,
 * and the C rule description the script's tables compiled to. Playing a game
 * written as data never calls back into the VM; hooks (Lua functions given
 * for a step) are called from the kernel at that step only. */
#ifndef TV_RULESET_H
#define TV_RULESET_H

#include <stddef.h>

#include "tv_options.h"
#include "tv_rules.h"

typedef struct tv_ruleset tv_ruleset;

#define TV_RULESET_OPTIONS_MAX 32

/* One declared option, as `tavola list` shows it. The loader refuses a
 * value outside min..max or not among the choices before the ruleset's own
 * code sees it. */
typedef struct tv_option_info {
    char name[TV_OPTION_KEY_MAX];
    char def[TV_OPTION_VALUE_MAX]; /* the default, as text */
    char doc[TV_TEXT_MAX];
    int type;                      /* TV_OPTION_*: the default's */
    double min, max;               /* int and number options; -HUGE_VAL, HUGE_VAL: none declared */
    int nchoices;                  /* string options; 0: any string */
    char choices[TV_OPTION_VALUE_MAX]; /* the choices, joined by '\n' */
} tv_option_info;

/* Sandbox limits; zero fields take the defaults. Work that the string and
 * table functions do in C (pattern matching, sorting, moving elements) is
 * counted in VM instructions too. Each limit, when hit, fails the load or the
 * hook call with a message naming the limit and the ruleset's file:line; a
 * ruleset cannot catch it with pcall. */
typedef struct tv_limits {
    size_t memory;               /* bytes the VM may allocate (default 32 MiB) */
    unsigned long load_steps;    /* VM instructions to run the script (default 50M) */
    unsigned long hook_steps;    /* VM instructions per hook call (default 5M) */
    long load_ms;                /* wall-clock milliseconds to run the script (default 10 s) */
    long hook_ms;                /* wall-clock milliseconds per hook call (default 2 s) */
    unsigned long turns;         /* distinct turns of several parts a moves hook may list (default and most 2^20) */
} tv_limits;

#define TV_DEFAULT_MEMORY (32u << 20)
#define TV_DEFAULT_LOAD_STEPS 50000000ul
#define TV_DEFAULT_HOOK_STEPS 5000000ul
#define TV_DEFAULT_LOAD_MS 10000l
#define TV_DEFAULT_HOOK_MS 2000l

/* Runs the ruleset script `source` (len bytes; text only, never bytecode)
 * under the name `file` (used in messages and, without folders and ".lua", as
 * the ruleset's name) with the given options (NULL = none). Errors (syntax,
 * runtime, a wrong field or type, an unknown option, a limit) come back as
 * NULL and one message with file:line. Reading files is the host's business. */
tv_ruleset *tv_ruleset_load(const char *file, const char *source, size_t len,
                            const tv_options *opts, const tv_limits *limits, tv_error *err);
void tv_ruleset_free(tv_ruleset *rs);

const tv_rules *tv_ruleset_rules(const tv_ruleset *rs);
int tv_ruleset_option_count(const tv_ruleset *rs);
const tv_option_info *tv_ruleset_option(const tv_ruleset *rs, int i);
/* The options in force (defaults and given values), as "k=v,k=v". */
const char *tv_ruleset_options_text(const tv_ruleset *rs);

/* How many times C has entered the VM (the load and each hook call). */
unsigned long tv_ruleset_vm_entries(const tv_ruleset *rs);

#endif
