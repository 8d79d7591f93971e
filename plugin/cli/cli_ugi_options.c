/* The UGI engine's options: what "ugi" declares, what "setoption" takes, and
 * applying the ruleset's options together (at isready, uginewgame, or before
 * the next position, go or query), so that no order of setoption commands is
 * refused for a state it passes through (connect=8 before width=9). Every
 * refusal is an error on the output and the log, saying what stays in force. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli_ugi_engine.h"

#define SPIN_MAX UGI_SPIN_MAX

static int is_integer(const char *s)
{
    if (*s == '-')
        s++;
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* A spin's bounds from the first "LO..HI" of an option's doc ("columns,
 * 1..26"), for a ruleset that declares no min or max (ruleset_option_range
 * tells those); a bound the doc does not give is as wide as a spin goes (the
 * load at isready checks the value), and the default is always inside. */
static void spin_bounds(const char *def, const char *doc, long *lo, long *hi)
{
    long d = strtol(def, NULL, 10);
    *lo = d < 0 ? -SPIN_MAX : 0;
    *hi = SPIN_MAX;
    for (const char *p = doc ? strstr(doc, "..") : NULL; p; p = strstr(p + 2, "..")) {
        const char *q = p;
        while (q > doc && q[-1] >= '0' && q[-1] <= '9')
            q--;
        if (q > doc && q[-1] == '-')
            q--;
        if (q == p)
            continue;
        *lo = strtol(q, NULL, 10);
        if ((p[2] >= '0' && p[2] <= '9') || (p[2] == '-' && p[3] >= '0' && p[3] <= '9'))
            *hi = strtol(p + 2, NULL, 10);
        break;
    }
    if (*lo > d)
        *lo = d;
    if (*hi < d)
        *hi = d;
}

void ugi_cmd_hello(ugi_engine *e)
{
    const tavola_api *t = cli_api();
    char title[1024], text[1024];
    ugi_say(e, "id name tavola %s %s", t->version, cli_printable(t->ruleset_title(e->rs), title, sizeof title));
    ugi_say(e, "id author the tavola developers");
    ugi_say(e, "option name Player type string default %s", cli_printable(e->player_spec, text, sizeof text));
    ugi_say(e, "option name Seed type spin default %llu min 0 max %ld", e->seed, SPIN_MAX);
    ugi_say(e, "option name SetupSeed type spin default %llu min 0 max %ld", e->setup, SPIN_MAX);
    ugi_say(e, "option name MoveOverhead type spin default %ld min 0 max 10000", e->overhead);
    for (int i = 0; i < t->ruleset_option_count(e->rs); i++) {
        const char *name, *def, *doc;
        t->ruleset_option(e->rs, i, &name, &def, &doc);
        cli_printable(def, text, sizeof text);
        if (strcmp(def, "true") == 0 || strcmp(def, "false") == 0) {
            ugi_say(e, "option name %s type check default %s", name, text);
        } else if (is_integer(def)) {
            long lo, hi;
            double min, max;
            spin_bounds(def, doc, &lo, &hi);
            /* The bounds the ruleset declares, where it does (they hold the default) */
            if (t->ruleset_option_range(e->rs, i, &min, &max, NULL) >= 0) {
                if (min >= -SPIN_MAX && min <= SPIN_MAX)
                    lo = (long)min;
                if (max >= -SPIN_MAX && max <= SPIN_MAX)
                    hi = (long)max;
            }
            ugi_say(e, "option name %s type spin default %s min %ld max %ld", name, text, lo, hi);
        } else {
            ugi_say(e, "option name %s type string default %s", name, text);
        }
    }
    ugi_say(e, "ugiok");
}

static int is_solver(const char *spec) { return strncmp(spec, "solver", 6) == 0 && (!spec[6] || spec[6] == ':'); }

void ugi_player_spec(const ugi_engine *e, char *buf, size_t size)
{
    const char *spec = e->player_spec;
    if (is_solver(spec) && !strstr(spec, "positions="))
        snprintf(buf, size, "%s%spositions=%d", spec, spec[6] ? "," : ":", UGI_SOLVER_POSITIONS);
    else
        snprintf(buf, size, "%s", spec);
}

static int parse_seed(ugi_engine *e, const char *name, const char *value, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long s = strtoull(value, &end, 10);
    if (*end || *value < '0' || *value > '9' || errno == ERANGE || s > (unsigned long long)SPIN_MAX) {
        ugi_error(e, "%s: '%.40s' is not a number 0..%ld (as declared); it stays %llu", name, value, SPIN_MAX, *out);
        return -1;
    }
    *out = s;
    return 0;
}

/* The pending "k=v" of an option replaced or added (one a line: a value may
 * hold commas, Pahtum's holes=c3,e5,d4). */
static void set_pending(ugi_engine *e, const char *name, const char *value)
{
    char kept[sizeof e->pending] = "", *save;
    size_t n = strlen(name);
    for (char *p = strtok_r(e->pending, "\n", &save); p; p = strtok_r(NULL, "\n", &save))
        if (!(strncmp(p, name, n) == 0 && p[n] == '='))
            snprintf(kept + strlen(kept), sizeof kept - strlen(kept), "%s\n", p);
    if (strlen(kept) + n + strlen(value) + 3 > sizeof kept) {
        ugi_error(e, "%s: options too long; not set", name);
        memcpy(e->pending, kept, sizeof kept);
        return;
    }
    size_t k = strlen(kept);
    memcpy(e->pending, kept, k);
    memcpy(e->pending + k, name, n);
    e->pending[k + n] = '=';
    memcpy(e->pending + k + n + 1, value, strlen(value));
    memcpy(e->pending + k + n + 1 + strlen(value), "\n", 2);
}

/* setoption name NAME value VALUE */
void ugi_cmd_setoption(ugi_engine *e, char *args)
{
    const tavola_api *t = cli_api();
    char *name = strncmp(args, "name ", 5) == 0 ? args : strstr(args, " name ");
    char *value = name ? strstr(name, " value ") : NULL;
    if (!name || !value) {
        ugi_error(e, "setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    *value = '\0';
    name += name == args ? 5 : 6;
    value += 7;
    while (*value == ' ')
        value++;
    if (strcasecmp(name, "Player") == 0) {
        char err[512];
        tavola_player *p = t->player_new(e->rs, value, 0, err, sizeof err);
        if (!p || strlen(value) >= sizeof e->player_spec) {
            ugi_error(e, "Player '%.100s' refused: %s; %s plays", value, p ? "too long" : err, e->player_spec);
            t->player_free(p);
            return;
        }
        t->player_free(p);
        snprintf(e->player_spec, sizeof e->player_spec, "%s", value);
        ugi_drop_player(e);
        e->check_player = 1;
    } else if (strcasecmp(name, "Seed") == 0) {
        parse_seed(e, "Seed", value, &e->seed);
    } else if (strcasecmp(name, "SetupSeed") == 0) {
        parse_seed(e, "SetupSeed", value, &e->setup);
    } else if (strcasecmp(name, "MoveOverhead") == 0) {
        char *end;
        errno = 0;
        long v = strtol(value, &end, 10);
        if (*end || *value < '0' || *value > '9' || errno == ERANGE || v > 10000)
            ugi_error(e, "MoveOverhead: '%.40s' is not a number 0..10000; it stays %ld", value, e->overhead);
        else
            e->overhead = v;
    } else {
        const char *declared = NULL;
        for (int i = 0; i < t->ruleset_option_count(e->rs) && !declared; i++) {
            const char *n;
            t->ruleset_option(e->rs, i, &n, NULL, NULL);
            if (strcasecmp(n, name) == 0)
                declared = n;
        }
        if (!declared)
            ugi_error(e, "setoption: no option '%.60s' (see the 'ugi' answer)", name);
        else if (!*value || strchr(value, '=') || value[0] == ',' || value[strlen(value) - 1] == ',')
            ugi_error(e, "%s: '%.60s' is not a value; not set", declared, value);
        else
            set_pending(e, declared, value); /* loaded with the others at isready */
    }
}

/* The solver plays only what it can solve: from the current setup, within
 * its position limit, or it is refused here rather than at a go. */
static void check_player(ugi_engine *e)
{
    const tavola_api *t = cli_api();
    e->check_player = 0;
    if (is_solver(e->player_spec)) {
        const char *p = strstr(e->player_spec, "positions=");
        unsigned long long limit = p ? strtoull(p + 10, NULL, 10) : UGI_SOLVER_POSITIONS;
        tavola_game *g = t->game_new(e->rs, ugi_setup_seed(e));
        tavola_move moves[1024];
        int64_t values[1024], value;
        uint64_t positions;
        int rc = g ? t->solve(g, limit, NULL, NULL, &positions, &value, moves, values, 1024) : TAVOLA_ENOMEM;
        if (rc < 0) {
            const char *instead = is_solver(e->kept_spec) ? UGI_DEFAULT_PLAYER : e->kept_spec;
            ugi_error(e, "Player '%s' refused: %s; %s plays", e->player_spec,
                      g ? t->error(g) : "out of memory", instead);
            snprintf(e->player_spec, sizeof e->player_spec, "%s", instead);
            ugi_drop_player(e);
        }
        t->game_free(g);
    }
    snprintf(e->kept_spec, sizeof e->kept_spec, "%s", e->player_spec);
}

void ugi_apply(ugi_engine *e)
{
    if (e->pending[0]) {
        static char all[sizeof e->options + sizeof e->pending + 2]; /* the main thread's only */
        char err[1024];
        size_t n = strlen(e->pending);
        e->pending[n - 1] = '\0'; /* the last newline */
        for (char *p = e->pending; (p = strchr(p, '\n'));)
            *p = ',';
        snprintf(all, sizeof all, "%s%s%s", e->options, e->options[0] ? "," : "", e->pending);
        if (ugi_load(e, all, err, sizeof err))
            ugi_error(e, "options %s refused: %s; in force: %s", e->pending, err,
                      e->options[0] ? e->options : "the defaults");
        else
            e->check_player = 1; /* another game: can the solver still solve it? */
        e->pending[0] = '\0';
    }
    if (e->check_player)
        check_player(e);
}
