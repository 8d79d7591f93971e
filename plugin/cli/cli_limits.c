/* TAVOLA_LIMITS: the sandbox limits from the environment (cli_limits.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_limits.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"

#define LIMITS_TEXT_MAX 512

/* The five limits, in set_limits' order, as unsigned values (0: default). */
enum { MEMORY, LOAD_STEPS, HOOK_STEPS, LOAD_MS, HOOK_MS, NLIMITS };
static const char *const names[NLIMITS] = {"memory", "load_steps", "hook_steps", "load_ms", "hook_ms"};
static const unsigned long long most[NLIMITS] = {SIZE_MAX, ULONG_MAX, ULONG_MAX, LONG_MAX, LONG_MAX};

static int bad(const char *what, const char *item)
{
    /* cli_error makes the quoted text safe for the terminal. */
    cli_error("TAVOLA_LIMITS: %s '%.100s' (want memory, load_steps, hook_steps, load_ms or hook_ms "
              "= a whole number > 0 or none, separated by commas)",
              what, item);
    return 2;
}

/* One "name=value" into value[]: "none" is the largest the call takes. */
static int read_item(char *item, unsigned long long value[NLIMITS])
{
    char *eq = strchr(item, '=');
    if (!eq)
        return bad("no '=' in", item);
    *eq = '\0';
    const char *text = eq + 1;
    for (int i = 0; i < NLIMITS; i++) {
        if (strcmp(item, names[i]) != 0)
            continue;
        if (strcmp(text, "none") == 0) {
            value[i] = most[i];
            return 0;
        }
        char *end;
        errno = 0;
        unsigned long long v = strtoull(text, &end, 10);
        if (text[0] < '0' || text[0] > '9' || *end || errno || v == 0 || v > most[i])
            return bad("not a limit:", text);
        value[i] = v;
        return 0;
    }
    return bad("unknown limit", item);
}

int cli_limits_from_env(void)
{
    const char *env = getenv("TAVOLA_LIMITS");
    if (!env || !*env)
        return 0;
    char text[LIMITS_TEXT_MAX];
    if (strlen(env) >= sizeof text)
        return bad("too long:", "TAVOLA_LIMITS");
    strcpy(text, env);
    unsigned long long value[NLIMITS] = {0};
    char *save = NULL;
    for (char *item = strtok_r(text, ",", &save); item; item = strtok_r(NULL, ",", &save))
        if (read_item(item, value))
            return 2;
    if (cli_api()->set_limits((size_t)value[MEMORY], (unsigned long)value[LOAD_STEPS], (unsigned long)value[HOOK_STEPS],
                              (long)value[LOAD_MS], (long)value[HOOK_MS]) != TAVOLA_OK)
        return bad("refused by the library:", env);
    return 0;
}
