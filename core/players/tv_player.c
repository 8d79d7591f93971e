/* Player specs, the player object, and the two simplest engines. */
#define _POSIX_C_SOURCE 200809L
#include "tv_player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tv_history.h"

/* The engines a spec may name. */
static const tv_engine *const engines[] = {&tv_engine_random, &tv_engine_greedy, &tv_engine_mcts, &tv_engine_alphabeta, &tv_engine_solver, NULL};

struct tv_player {
    const tv_engine *engine;
    const tv_rules *rules;
    void *self;
    tv_budget budget;
    tv_rng rng;
    atomic_int stop;
    tv_search_info info;
    char name[96];
};

long tv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long tv_cpu_now_ms(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return tv_now_ms(); /* no thread clock: the wall clock, which only ends a search sooner */
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void tv_cpu_limit_start(tv_cpu_limit *c) { c->deadline = c->ms > 0 ? tv_cpu_now_ms() + c->ms : 0; }

int tv_cpu_limit_over(const tv_cpu_limit *c) { return c->deadline && tv_cpu_now_ms() >= c->deadline; }

static const char *param(const tv_params *p, const char *key)
{
    for (int i = 0; i < p->n; i++)
        if (strcmp(p->key[i], key) == 0)
            return p->value[i];
    return NULL;
}

int tv_param_long(const tv_params *p, const char *key, long min, long max, long *out, tv_error *err)
{
    const char *v = param(p, key);
    if (!v)
        return TV_OK;
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < min || n > max)
        return tv_error_set(err, TV_EINVAL, "%s=%s: expected an integer %ld..%ld", key, v, min, max);
    *out = n;
    return TV_OK;
}

int tv_param_double(const tv_params *p, const char *key, double min, double max, double *out, tv_error *err)
{
    const char *v = param(p, key);
    if (!v)
        return TV_OK;
    char *end;
    double x = strtod(v, &end);
    if (!*v || *end || !(x >= min && x <= max))
        return tv_error_set(err, TV_EINVAL, "%s=%s: expected a number %g..%g", key, v, min, max);
    *out = x;
    return TV_OK;
}

int tv_params_check(const tv_params *p, const char *engine, const char *const known[], tv_error *err)
{
    for (int i = 0; i < p->n; i++) {
        int ok = 0;
        for (int k = 0; known[k] && !ok; k++)
            ok = strcmp(p->key[i], known[k]) == 0;
        if (!ok)
            return tv_error_set(err, TV_EINVAL, "%s: unknown parameter '%s'", engine, p->key[i]);
    }
    return TV_OK;
}

/* "name:k=v,k=v" into the name and the parameters. */
static int parse_spec(const char *spec, char *name, size_t size, tv_params *params, tv_error *err)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len == 0 || len >= size)
        return tv_error_set(err, TV_EINVAL, "player '%.60s': expected name[:key=value,...]", spec);
    memcpy(name, spec, len);
    name[len] = '\0';
    params->n = 0;
    for (const char *p = colon ? colon + 1 : NULL; p && *p;) {
        const char *end = strchr(p, ','), *eq = strchr(p, '=');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (!eq || eq >= p + n || eq == p || params->n == TV_PARAMS_MAX || (size_t)(eq - p) >= 32 ||
            n - (size_t)(eq - p) - 1 >= 64 || n - (size_t)(eq - p) - 1 == 0)
            return tv_error_set(err, TV_EINVAL, "player '%.60s': expected key=value at '%.20s'", spec, p);
        memcpy(params->key[params->n], p, (size_t)(eq - p));
        params->key[params->n][eq - p] = '\0';
        memcpy(params->value[params->n], eq + 1, n - (size_t)(eq - p) - 1);
        params->value[params->n][n - (size_t)(eq - p) - 1] = '\0';
        params->n++;
        p = end ? end + 1 : p + n;
    }
    return TV_OK;
}

tv_player *tv_player_new(const tv_rules *r, const char *spec, uint64_t seed, tv_error *err)
{
    char name[32];
    tv_params params;
    if (parse_spec(spec, name, sizeof name, &params, err))
        return NULL;
    const tv_engine *e = NULL;
    for (int i = 0; engines[i] && !e; i++)
        if (strcmp(engines[i]->name, name) == 0)
            e = engines[i];
    if (!e) {
        char known[256] = "";
        for (int i = 0; engines[i]; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", engines[i]->name);
        tv_error_set(err, TV_EINVAL, "unknown player '%s' (players: %s)", name, known);
        return NULL;
    }
    tv_player *p = calloc(1, sizeof *p);
    if (!p) {
        tv_error_set(err, TV_ENOMEM, "out of memory");
        return NULL;
    }
    p->engine = e;
    p->rules = r;
    snprintf(p->name, sizeof p->name, "%s", spec);
    tv_rng_seed(&p->rng, seed);
    atomic_init(&p->stop, 0);
    if (!(p->self = e->create(r, &params, &p->budget, err))) {
        free(p);
        return NULL;
    }
    return p;
}

void tv_player_free(tv_player *p)
{
    if (p) {
        p->engine->destroy(p->self);
        free(p);
    }
}

int tv_player_choose(tv_player *p, const tv_game *g, const tv_budget *budget, tv_move *best, tv_error *err)
{
    if (g->rules != p->rules)
        return tv_error_set(err, TV_EINVAL, "the player was made for another ruleset");
    if (g->state->status != TV_ONGOING)
        return tv_error_set(err, TV_EILLEGAL, "the game is over");
    /* The stop flag is cleared when the search returns, not when it starts:
     * a host that starts the search on another thread may stop it before it
     * runs (UGI "go infinite" then "stop"), and that stop must not be lost. */
    long start = tv_now_ms();
    memset(&p->info, 0, sizeof p->info);
    int rc = p->engine->choose(p->self, g, budget ? budget : &p->budget, &p->rng, &p->stop, &p->info, best, err);
    atomic_store(&p->stop, 0);
    p->info.ms = tv_now_ms() - start;
    p->info.best = *best;
    return rc;
}

void tv_player_stop(tv_player *p) { atomic_store(&p->stop, 1); }
const tv_search_info *tv_player_info(const tv_player *p) { return &p->info; }
const char *tv_player_name(const tv_player *p) { return p->name; }

/* ---- random ------------------------------------------------------------- */

static void *random_create(const tv_rules *r, const tv_params *params, tv_budget *budget, tv_error *err)
{
    static const char *const known[] = {NULL};
    (void)budget;
    return tv_params_check(params, "random", known, err) ? NULL : (void *)r;
}

static int random_choose(void *self, const tv_game *g, const tv_budget *budget, tv_rng *rng,
                         const atomic_int *stop, tv_search_info *info, tv_move *best, tv_error *err)
{
    (void)self, (void)budget, (void)stop;
    /* Amazons: a move drawn, not its 2,000 turns listed */
    int n = tv_random_move_hist(g->rules, g->state, g->hashes, g->nply + 1, rng, best, err);
    if (n <= 0)
        return n < 0 ? n : tv_error_set(err, TV_ERULES, "no legal move in an ongoing game");
    info->nodes = 1;
    return TV_OK;
}

static void nothing(void *self) { (void)self; }

const tv_engine tv_engine_random = {"random", random_create, random_choose, nothing};

/* ---- greedy ------------------------------------------------------------- */

/* The mover's score change, or a win/loss when the move ends the game. */
static int64_t immediate(const tv_state *before, const tv_state *after)
{
    int me = before->to_move;
    if (after->status == TV_OVER && after->winner > 0 &&
        (after->winner == me + 1) != (after->score[me] > after->score[me ^ 1]))
        return after->winner == me + 1 ? TV_SCORE_WIN : -TV_SCORE_WIN; /* decided by a line or hook */
    return (int64_t)(after->score[me] - after->score[me ^ 1]) - (before->score[me] - before->score[me ^ 1]);
}

static int greedy_choose(void *self, const tv_game *g, const tv_budget *budget, tv_rng *rng,
                         const atomic_int *stop, tv_search_info *info, tv_move *best, tv_error *err)
{
    (void)self, (void)budget, (void)stop;
    const tv_rules *r = g->rules;
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves_hist(r, g->state, g->hashes, g->nply + 1, moves, TV_MOVES_LIMIT, err), ties = 0;
    if (n <= 0)
        return n < 0 ? n : tv_error_set(err, TV_ERULES, "no legal move in an ongoing game");
    int64_t top = INT64_MIN;
    for (int i = 0; i < n; i++) {
        tv_state_buf child;
        tv_state_copy(r, &child.state, g->state);
        int rc = tv_play_hist(r, &child.state, moves[i], NULL, g->hashes, g->nply + 1, err);
        if (rc)
            return rc;
        int64_t v = immediate(g->state, &child.state);
        if (v > top) {
            top = v;
            ties = 0;
        }
        if (v == top && tv_rng_below(rng, (uint32_t)++ties) == 0) /* reservoir: a fair tie-break */
            *best = moves[i];
    }
    info->nodes = (uint64_t)n;
    info->depth = 1;
    info->score = top;
    return TV_OK;
}

static void *greedy_create(const tv_rules *r, const tv_params *params, tv_budget *budget, tv_error *err)
{
    static const char *const known[] = {NULL};
    (void)budget;
    return tv_params_check(params, "greedy", known, err) ? NULL : (void *)r;
}

const tv_engine tv_engine_greedy = {"greedy", greedy_create, greedy_choose, nothing};
