/* go: the budget of a move and the threads that answer it.
 *
 * The budget comes from the clock (a share of it, less MoveOverhead), from
 * movetime (less MoveOverhead), from nodes and depth, and from the Player's
 * own spec: each measure the spec gives (ms, iterations, depth) lowers the go
 * command's, never the other way round. A zero is the smallest search there
 * is (alpha-beta to depth 1, one MCTS iteration), not "no limit".
 *
 * A go is answered by a supervising thread: it starts the search in a thread
 * of its own and waits for it until the deadline (a time budget's end plus
 * half the overhead, and never more than half the clock left), stops it half
 * way to the deadline, and at the deadline (or a short grace after "stop")
 * says so if the player still has not answered and waits for the stopped
 * search: its move, the best it found, is the answer, never a drawn one. A
 * move drawn before the search began answers only when the player fails (an
 * error, the solver's table full) or cannot start. So every go gets exactly
 * one bestmove, a legal move, a new go never overlaps an old search, and the
 * command loop waits on a search after "stop" or "quit" only as long as the
 * player takes to honour stop (a step of its search; a hook call at most). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_ugi_engine.h"

#define STOP_GRACE_MS 50 /* after "stop", how long the player has to answer */

struct ugi_job {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    pthread_t thread;
    int refs;           /* the engine's and the search thread's */
    int done, stop;
    tavola_player *player; /* the engine's, in use until the search is done */
    tavola_game *game;     /* a copy of the position searched */
    long ms, nodes;
    int depth;
    /* the plan, in ms after t0 (-1: none) */
    long t0, stop_at, answer_at;
    char fallback[64];
    /* what the search found */
    int rc;
    char text[64], error[512];
    int info_depth;
    uint64_t info_nodes;
    int64_t info_score;
    long info_ms;
};

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void wait_until(ugi_job *j, long at)
{
    struct timespec ts = {at / 1000, (at % 1000) * 1000000L};
    pthread_cond_timedwait(&j->cond, &j->lock, &ts);
}

static void job_free(ugi_job *j)
{
    cli_api()->game_free(j->game);
    pthread_cond_destroy(&j->cond);
    pthread_mutex_destroy(&j->lock);
    free(j);
}

/* Drops one reference (the caller holds none of the locks). */
static void job_release(ugi_job *j)
{
    pthread_mutex_lock(&j->lock);
    int left = --j->refs;
    pthread_mutex_unlock(&j->lock);
    if (!left)
        job_free(j);
}

static void *search(void *arg)
{
    ugi_job *j = arg;
    const tavola_api *t = cli_api();
    tavola_move m = 0;
    int rc = t->player_choose(j->player, j->game, j->ms, j->nodes, j->depth, &m);
    char text[TAVOLA_MOVE_TEXT_MAX] = "", error[512] = "";
    int depth = 0;
    uint64_t nodes = 0;
    int64_t score = 0;
    long ms = 0;
    if (rc)
        snprintf(error, sizeof error, "%s", t->error(j->game));
    else if (t->move_text(j->game, m, text, sizeof text) < 0)
        rc = -1, snprintf(error, sizeof error, "%s", t->error(j->game));
    else
        t->player_info(j->player, &depth, &nodes, &score, &ms);
    pthread_mutex_lock(&j->lock);
    j->rc = rc;
    memcpy(j->text, text, sizeof text);
    memcpy(j->error, error, sizeof error);
    j->info_depth = depth, j->info_nodes = nodes, j->info_score = score, j->info_ms = ms;
    j->done = 1;
    pthread_cond_broadcast(&j->cond);
    int left = --j->refs;
    pthread_mutex_unlock(&j->lock);
    if (!left)
        job_free(j);
    return NULL;
}

static void *supervise(void *arg)
{
    ugi_engine *e = arg;
    ugi_job *j = e->job;
    pthread_mutex_lock(&j->lock);
    while (!j->done && !j->stop && (j->stop_at < 0 || now_ms() < j->t0 + j->stop_at))
        if (j->stop_at < 0)
            pthread_cond_wait(&j->cond, &j->lock);
        else
            wait_until(j, j->t0 + j->stop_at);
    if (!j->done) {
        pthread_mutex_unlock(&j->lock);
        cli_api()->player_stop(j->player); /* alive: the engine frees it only once the search is done */
        pthread_mutex_lock(&j->lock);
        long limit = j->answer_at < 0 ? now_ms() + STOP_GRACE_MS : j->t0 + j->answer_at;
        while (!j->done) {
            if (j->stop && limit > now_ms() + STOP_GRACE_MS)
                limit = now_ms() + STOP_GRACE_MS;
            if (now_ms() >= limit)
                break;
            wait_until(j, limit);
        }
    }
    /* A stopped player that has not answered by the deadline is waited
     * for: the move its search found is worth more than one drawn, and a
     * player honours stop within a step of its search (a hook call at most,
     * which the sandbox bounds; the solver within its positions). */
    if (!j->done) {
        pthread_mutex_unlock(&j->lock);
        ugi_say(e, "info string the player is late: its stopped search's move comes when it returns");
        pthread_mutex_lock(&j->lock);
        while (!j->done)
            pthread_cond_wait(&j->cond, &j->lock);
    }
    pthread_mutex_unlock(&j->lock);
    pthread_join(j->thread, NULL);
    if (j->rc) {
        ugi_error(e, "go: %s; a legal move drawn before the search instead", j->error);
        ugi_say(e, "bestmove %s", j->fallback);
        return NULL;
    }
    ugi_say(e, "info depth %d nodes %llu score cp %lld time %ld", j->info_depth, (unsigned long long)j->info_nodes,
            (long long)j->info_score, j->info_ms);
    ugi_say(e, "bestmove %s", j->text);
    return NULL;
}

void ugi_finish_search(ugi_engine *e)
{
    if (e->searching) {
        pthread_join(e->supervisor, NULL); /* the supervisor has waited for the search */
        e->searching = 0;
        job_release(e->job);
        e->job = NULL;
    }
}

void ugi_drop_player(ugi_engine *e)
{
    ugi_finish_search(e); /* no search uses the player past this */
    cli_api()->player_free(e->player);
    e->player = NULL;
}

void ugi_stop_search(ugi_engine *e)
{
    if (e->searching) {
        pthread_mutex_lock(&e->job->lock);
        e->job->stop = 1;
        pthread_cond_broadcast(&e->job->cond);
        pthread_mutex_unlock(&e->job->lock);
    }
    ugi_finish_search(e);
}

/* The go command's numbers, range-checked. */
typedef struct go_args {
    long movetime, nodes, depth, time[2], inc[2];
    int has_movetime, has_nodes, has_depth, has_time[2], has_inc[2], infinite, bad;
} go_args;

static void parse_go(ugi_engine *e, const char *args, go_args *a)
{
    /* Times up to a year of milliseconds, nodes to 10^15, depth to 1000: the
     * clock share cannot overflow. */
    static const long MS_MAX = 366L * 24 * 3600 * 1000;
    static const struct {
        const char *key;
        long max;
    } keys[] = {{"movetime", MS_MAX}, {"nodes", 1000000000000000L}, {"depth", 1000}, {"p1time", MS_MAX},
                {"p2time", MS_MAX},   {"p1inc", MS_MAX},              {"p2inc", MS_MAX}};
    long *value[] = {&a->movetime, &a->nodes, &a->depth, &a->time[0], &a->time[1], &a->inc[0], &a->inc[1]};
    int *has[] = {&a->has_movetime, &a->has_nodes, &a->has_depth, &a->has_time[0],
                  &a->has_time[1],  &a->has_inc[0], &a->has_inc[1]};
    memset(a, 0, sizeof *a);
    char copy[1024], *save;
    int unknown = 0;
    snprintf(copy, sizeof copy, "%s", args);
    for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (strcmp(w, "infinite") == 0) {
            a->infinite = 1;
            continue;
        }
        size_t k = 0;
        while (k < sizeof keys / sizeof *keys && strcmp(w, keys[k].key) != 0)
            k++;
        if (k == sizeof keys / sizeof *keys) {
            if (unknown && strspn(w, "0123456789") == strlen(w))
                continue; /* the unknown word's value */
            ugi_error(e, "go: unknown '%.40s' (movetime, nodes, depth, p1time, p2time, p1inc, p2inc, infinite)", w);
            a->bad = unknown = 1;
            continue;
        }
        unknown = 0;
        const char *num = strtok_r(NULL, " \t", &save);
        char *end = NULL;
        errno = 0;
        long v = num && *num >= '0' && *num <= '9' ? strtol(num, &end, 10) : -1;
        if (v < 0 || errno == ERANGE || v > keys[k].max || *end) {
            ugi_error(e, "go: %s needs a whole number 0..%ld, got '%.40s'", w, keys[k].max, num ? num : "");
            a->bad = 1;
            if (!num)
                break;
            continue;
        }
        *value[k] = v;
        *has[k] = 1;
    }
}

/* A number after "key=" in the spec's parameters, 0 when absent. */
static long spec_param(const char *spec, const char *key)
{
    const char *p = strchr(spec, ':');
    size_t n = strlen(key);
    for (; p; p = strchr(p + 1, ','))
        if (strncmp(p + 1, key, n) == 0 && p[1 + n] == '=')
            return strtol(p + 2 + n, NULL, 10);
    return 0;
}

static long min_set(long a, long b) { return a > 0 && (b <= 0 || a < b) ? a : b; }

/* The player's budget for this move and the supervisor's plan. */
static void plan(ugi_engine *e, const go_args *a, ugi_job *j)
{
    long ov = e->overhead, soft = 0, hard = -1;
    int me = cli_api()->to_move(e->g) - 1;
    int smallest = a->bad || (a->has_movetime && a->movetime == 0) || (a->has_nodes && a->nodes == 0) ||
                   (a->has_depth && a->depth == 0);
    j->ms = j->nodes = j->depth = 0;
    if (a->infinite) {
        j->ms = 24L * 3600 * 1000; /* until stop */
    } else {
        if (a->has_time[me]) { /* about 30 moves to go, plus most of the increment; at most half the clock */
            long t = a->time[me], share = t / 30 + (a->has_inc[me] ? a->inc[me] * 3 / 4 : 0);
            soft = share < (t - ov) / 2 ? share : (t - ov) / 2;
            soft = soft < 1 ? 1 : soft;
            hard = soft + ov / 2 < t / 2 ? soft + ov / 2 : t / 2;
        }
        if (a->has_movetime && a->movetime > 0) {
            long s = a->movetime - ov < 1 ? 1 : a->movetime - ov, h = a->movetime - ov / 2;
            soft = min_set(soft, s);
            hard = hard < 0 || h < hard ? h : hard;
        }
        if (hard >= 0 && hard < 1)
            hard = 1;
        if (soft > hard && hard >= 0)
            soft = hard;
        j->ms = soft;
        if (a->has_nodes && a->nodes > 0)
            j->nodes = a->nodes;
        if (a->has_depth && a->depth > 0)
            j->depth = (int)a->depth;
        /* The Player's own limits hold too. */
        j->ms = min_set(j->ms, spec_param(e->player_spec, "ms"));
        j->nodes = min_set(j->nodes, spec_param(e->player_spec, "iterations"));
        j->depth = (int)min_set(j->depth, spec_param(e->player_spec, "depth"));
        if (smallest) {
            if (strncmp(e->player_spec, "alphabeta", 9) == 0)
                j->depth = 1, j->nodes = 0;
            else
                j->nodes = 1, j->depth = 1;
        }
        if (hard < 0 && j->ms > 0) /* the Player's own time */
            hard = j->ms + (ov / 2 > 10 ? ov / 2 : 10);
    }
    if (e->max_ms > 0) {
        j->ms = min_set(j->ms, e->max_ms);
        hard = hard < 0 || hard > e->max_ms + STOP_GRACE_MS ? e->max_ms + STOP_GRACE_MS : hard;
    }
    j->answer_at = hard;
    j->stop_at = hard < 0 ? -1 : j->ms > 0 && j->ms < hard ? j->ms + (hard - j->ms) / 2 : hard;
}

static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

void ugi_cmd_go(ugi_engine *e, const char *args)
{
    const tavola_api *t = cli_api();
    long t0 = now_ms();
    if (e->broken) {
        ugi_error(e, "go: no position (the last one was refused)");
        ugi_say(e, "bestmove none");
        return;
    }
    static tavola_move moves[TAVOLA_MAX_MOVES]; /* the engine thread alone reads commands */
    int n = t->status(e->g) == TAVOLA_OVER ? 0 : t->legal_moves(e->g, moves, TAVOLA_MAX_MOVES);
    if (n <= 0) {
        ugi_error(e, "go: %s", n == 0 ? "the game is over" : t->error(e->g));
        ugi_say(e, "bestmove none");
        return;
    }
    go_args a;
    parse_go(e, args, &a);
    ugi_job *j = calloc(1, sizeof *j);
    char fallback[TAVOLA_MOVE_TEXT_MAX] = "?";
    unsigned long long r = mix(e->seed ^ mix(e->games ^ mix((unsigned long long)t->ply(e->g))));
    t->move_text(e->g, moves[r % (unsigned)n], fallback, sizeof fallback);
    if (!e->player) {
        char spec[512], err[512];
        ugi_player_spec(e, spec, sizeof spec);
        if (!(e->player = t->player_new(e->rs, spec, ugi_stream_seed(e), err, sizeof err)))
            ugi_error(e, "go: Player '%s': %s; a legal move drawn instead", spec, err);
    }
    pthread_condattr_t ca;
    int ok = j && e->player && (j->game = t->game_clone(e->g)) != NULL && pthread_condattr_init(&ca) == 0;
    if (ok) {
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
        pthread_mutex_init(&j->lock, NULL);
        pthread_cond_init(&j->cond, &ca);
        pthread_condattr_destroy(&ca);
        j->player = e->player;
        j->t0 = t0;
        memcpy(j->fallback, fallback, sizeof fallback);
        plan(e, &a, j);
        j->refs = 2;
        if (pthread_create(&j->thread, NULL, search, j) != 0) {
            j->refs = 0;
            job_free(j);
            j = NULL;
            ok = 0;
        }
    }
    if (!ok) {
        if (j) {
            t->game_free(j->game);
            free(j);
        }
        if (e->player)
            ugi_error(e, "go: cannot start the search; a legal move drawn instead");
        ugi_say(e, "bestmove %s", fallback);
        return;
    }
    e->job = j;
    e->infinite = a.infinite;
    e->searching = 1;
    if (pthread_create(&e->supervisor, NULL, supervise, e) != 0) {
        /* No supervisor: wait for the search here (it has its budget). */
        e->searching = 0;
        pthread_mutex_lock(&j->lock);
        j->stop_at = j->answer_at = -1;
        pthread_mutex_unlock(&j->lock);
        supervise(e);
        job_release(j);
        e->job = NULL;
    }
}
