/* The command's shared arguments and the ABI table (see cli_args.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_args.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const tavola_api *api;
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

static void fetch_api(void) { api = tavola_get_api(TAVOLA_ABI_VERSION); }

/* Once, so that the UGI search thread may ask too. */
const tavola_api *cli_api(void)
{
    pthread_once(&api_once, fetch_api);
    return api;
}

const char cli_usage[] =
    "usage: tavola list [--rules DIR]\n"
    "       tavola play RULESET [-o key=value]... [--seed N] [--p1 PLAYER] [--p2 PLAYER]\n"
    "                   [--moves \"m1 m2 ...\"] [--position POS]\n"
    "                   [--json] [--rules DIR]\n"
    "       tavola perft RULESET DEPTH [-o key=value]... [--seed N] [--position POS]\n"
    "       tavola ugi RULESET [-o key=value]... [--seed N]\n"
    "       tavola solve RULESET [-o key=value]... [--position POS] [--moves M] [--positions MAX]\n"
    "       tavola show RULESET [-o key=value]... [--seed N] [--position POS] [--moves \"...\"] [--svg FILE|-]\n"
    "       tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]... [--seed S]\n"
    "                   [--swap-sides] [--jobs J] [--shard K/N] [--record FILE] [--json]\n"
    "       tavola merge RESULT.json... [--json]\n"
    "       tavola replay RECORDS... [--rules DIR] [--rules-only]\n"
    "RULESET is a name from `tavola list` or a path to a .lua file.\n";

const char cli_match_usage[] =
    "usage: tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]... [--seed S]\n"
    "                    [--swap-sides] [--jobs J] [--shard K/N] [--record FILE] [--json] [--rules DIR]\n"
    "       tavola merge RESULT.json... [--json]\n"
    "       tavola replay RECORDS... [--rules DIR] [--rules-only]\n";

const char cli_replay_usage[] = "usage: tavola replay FILE... [--rules DIR] [--rules-only]\n"
                                "  --rules-only: load only rulesets found by name (--rules folders, TAVOLA_PATH,\n"
                                "  the installed ones), never a file a record names: a record names the Lua it runs\n";

int cli_usage_error(const char *usage, const char *fmt, const char *arg)
{
    fprintf(stderr, "tavola: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage);
    return 2;
}

int cli_arg_option(const char *usage, char *options, size_t size, const char *value)
{
    size_t used = strlen(options);
    if (!strchr(value, '=') || value[0] == '=' || used + strlen(value) + 2 > size)
        return cli_usage_error(usage, "option '%s': expected key=value", value);
    snprintf(options + used, size - used, "%s%s", used ? "," : "", value);
    return 0;
}

int cli_arg_seed(const char *usage, const char *value, unsigned long long *seed)
{
    char *end;
    errno = 0;
    *seed = strtoull(value, &end, 10);
    if (*end || end == value || value[0] == '-' || errno)
        return cli_usage_error(usage, "--seed: '%s' is not a non-negative integer", value);
    return 0;
}

int cli_parse_play_args(int argc, char **argv, play_args *pa, int want_depth)
{
    const tavola_api *t = cli_api();
    int rc;
    memset(pa, 0, sizeof *pa);
    pa->depth = -1;
    pa->player[0] = pa->player[1] = "human";
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            pa->json = 1;
            continue;
        }
        if (a[0] == '-' && !v)
            return cli_usage_error(cli_usage, "%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            if ((rc = cli_arg_option(cli_usage, pa->options, sizeof pa->options, v)))
                return rc;
        } else if (strcmp(a, "--seed") == 0) {
            if ((rc = cli_arg_seed(cli_usage, v, &pa->seed)))
                return rc;
            pa->seeded = 1;
        } else if (strcmp(a, "--p1") == 0 || strcmp(a, "--p2") == 0) {
            pa->player[a[3] - '1'] = v;
        } else if (strcmp(a, "--moves") == 0) {
            pa->moves = v;
        } else if (strcmp(a, "--position") == 0) {
            pa->position = v;
        } else if (strcmp(a, "--rules") == 0) {
            t->add_path(v);
        } else if (want_depth && pa->name && pa->depth < 0 && a[0] >= '0' && a[0] <= '9') {
            pa->depth = atoi(a);
            if (pa->depth > 30)
                return cli_usage_error(cli_usage, "perft: depth %s is more than 30", a);
            continue;
        } else if (a[0] == '-' || pa->name) {
            return cli_usage_error(cli_usage, "unexpected argument '%s'", a);
        } else {
            pa->name = a;
            continue;
        }
        i++; /* the option's value */
    }
    if (!pa->name)
        return cli_usage_error(cli_usage, "%s", "which ruleset?");
    if (want_depth && pa->depth < 0)
        return cli_usage_error(cli_usage, "%s", "perft: which depth?");
    if (!pa->seeded)
        pa->seed = (unsigned long long)time(NULL);
    return 0;
}

int cli_start_game(const play_args *pa, tavola_ruleset **rs, tavola_game **g)
{
    const tavola_api *t = cli_api();
    char err[1024];
    *g = NULL;
    if (!(*rs = t->ruleset_load(pa->name, pa->options, err, sizeof err))) {
        fprintf(stderr, "tavola: %s\n", err);
        return 1;
    }
    if (!(*g = t->game_new(*rs, pa->seed))) {
        fprintf(stderr, "tavola: %s\n", t->ruleset_error(*rs));
        return 1;
    }
    if (pa->position && t->set_position(*g, pa->position)) {
        fprintf(stderr, "tavola: %s\n", t->error(*g));
        return 1;
    }
    return 0;
}

int cli_play_moves(tavola_game *g, const char *moves)
{
    const tavola_api *t = cli_api();
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    if (!buf) {
        fprintf(stderr, "tavola: out of memory\n");
        return 1;
    }
    memcpy(buf, moves, len + 1);
    int k = 0, rc = 0;
    char *save;
    for (char *m = strtok_r(buf, " \t\n,", &save); m && rc == 0; m = strtok_r(NULL, " \t\n,", &save)) {
        k++;
        if (t->play_text(g, m)) {
            fprintf(stderr, "tavola: move %d '%s' refused: %s\n", k, m, t->error(g));
            rc = 1;
        }
    }
    free(buf);
    return rc;
}

char *cli_printable(const char *text, char *buf, size_t size)
{
    size_t k = 0;
    if (!size)
        return buf;
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p && k + 5 < size; p++) {
        if (*p < 0x20 || *p == 0x7f)
            k += (size_t)snprintf(buf + k, size - k, "\\x%02x", *p);
        else if (*p == '\\')
            buf[k++] = '\\', buf[k++] = '\\';
        else
            buf[k++] = (char)*p;
    }
    buf[k] = '\0';
    return buf;
}
