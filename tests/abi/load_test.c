/* Load: 10,000 random games through the plugin ABI (tavola_get_api, linked
 * statically), 64 game handles alive at once over 4 threads, of several
 * rulesets (hook rulesets included). Each thread keeps 16 games going; some
 * of its games come from rulesets it loaded itself, some from ruleset handles
 * shared by all threads (their hooks then take turns on one VM). Besides
 * playing, the threads undo, clone, read and write positions and parse moves,
 * and free ruleset handles while their games live on. Each finished game is
 * checked; at the end, after everything is freed, the heap must be back at
 * the level it had after a warm-up round (mallinfo2). Last, 600 list() calls
 * on 4 threads while the same threads add folders (add_path): every list must
 * be the one listed before (the folders added hold no rulesets).
 * usage: load_test [GAMES] */
#define _GNU_SOURCE /* mallinfo2 */
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"

#define THREADS 4
#define SLOTS 16 /* games alive per thread */
#define MAX_PLIES 600

static const tavola_api *t;

static const char *const games[][2] = {
    {"notakto", ""},     {"pahtum", "holes=7"}, {"connect4", ""}, {"kalah", ""},   {"tictactoe", ""},
    {"notakto", "size=4"}, {"tihbat", ""},      {"gomoku", "size=9"}, {"oware", ""}, {"pahtum", "holes=placed,count=5,swap=true"},
    {"amazons", "size=8"}}; /* 1,232 moves at the start: more than a host of ABI 1.0 makes room for */
#define NGAMES (int)(sizeof games / sizeof *games)
#define NSHARED 3 /* the first ones are shared by all threads */

static tavola_ruleset *shared[NSHARED];
static atomic_long passed, failed;

static void fail(const char *what, const char *detail)
{
    if (atomic_fetch_add(&failed, 1) < 20)
        fprintf(stderr, "FAIL %s: %s\n", what, detail ? detail : "");
}

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

typedef struct worker {
    int id;
    long quota; /* games to finish */
    uint64_t rng;
} worker;

static tavola_ruleset *load(int i)
{
    char err[512];
    tavola_ruleset *rs = t->ruleset_load(games[i][0], games[i][1], err, sizeof err);
    if (!rs)
        fail("load", err);
    return rs;
}

/* A game that ended (or reached MAX_PLIES, capped): its result must be consistent. */
static void finished(tavola_game *g, int capped)
{
    tavola_move moves[TAVOLA_MAX_MOVES];
    int w = t->winner(g);
    if (capped && t->status(g) == TAVOLA_ONGOING && w == -1)
        atomic_fetch_add(&passed, 1);
    else if (t->status(g) == TAVOLA_OVER && (w == 0 || w == 1 || w == 2) && t->legal_moves(g, moves, TAVOLA_MAX_MOVES) == 0)
        atomic_fetch_add(&passed, 1);
    else
        fail("finished game", t->ruleset_name(t->game_ruleset(g)));
}

/* One step of a game: a move, sometimes something else besides. */
static int step(worker *w, tavola_game **slot)
{
    tavola_game *g = *slot;
    tavola_move moves[TAVOLA_MAX_MOVES];
    int cap = t->max_moves(t->game_ruleset(g)), n = t->legal_moves(g, moves, cap);
    if (n < 0) {
        fail("legal_moves", t->error(g));
        return -1;
    }
    if (n > 1024) { /* a host of ABI 1.0 passes 1024: an error that says the count, never a list cut short */
        tavola_move old[1024];
        char want[64];
        snprintf(want, sizeof want, "%d legal moves", n);
        if (t->legal_moves(g, old, 1024) != TAVOLA_ELIMIT || !strstr(t->error(g), want))
            fail("legal_moves with a cap of 1024", t->error(g));
    }
    if (n == 0)
        return 1;
    if (t->ply(g) >= MAX_PLIES)
        return 2;
    uint64_t r = next(&w->rng);
    tavola_move m = moves[r % (uint64_t)n];
    switch ((r >> 16) % 64) {
    case 0: { /* a position round trip */
        char a[4096], b[4096];
        t->position(g, a, sizeof a);
        if (t->set_position(g, a) != TAVOLA_OK) {
            fail("set_position", t->error(g));
            return -1;
        }
        t->position(g, b, sizeof b);
        if (strcmp(a, b) != 0)
            fail("position round trip", a);
        break;
    }
    case 1: { /* move text round trip */
        char text[32];
        tavola_move back;
        t->move_text(g, m, text, sizeof text);
        if (t->move_parse(g, text, &back) != TAVOLA_OK || back != m)
            fail("move text", text);
        break;
    }
    case 2: { /* replace the game by its clone */
        tavola_game *c = t->game_clone(g);
        if (!c) {
            fail("clone", NULL);
            return -1;
        }
        t->game_free(g);
        *slot = g = c;
        break;
    }
    case 3: /* take a move back, if any */
        if (t->history(g, NULL, 0) > 0 && t->undo(g) != TAVOLA_OK)
            fail("undo", t->error(g));
        return 0;
    case 4: /* an illegal move changes nothing */
        if (t->play(g, -12345) >= 0)
            fail("illegal move accepted", NULL);
        break;
    }
    if (t->play(g, m) != TAVOLA_OK) {
        fail("play", t->error(g));
        return -1;
    }
    return 0;
}

static void *run(void *arg)
{
    worker *w = arg;
    tavola_ruleset *own[NGAMES] = {0};
    for (int i = NSHARED; i < NGAMES; i++)
        own[i] = load(i);
    tavola_game *slot[SLOTS] = {0};
    long done = 0, started = 0;
    while (done < w->quota) {
        int k = (int)(next(&w->rng) % SLOTS);
        if (!slot[k]) {
            if (started >= w->quota)
                continue;
            int i = (int)(next(&w->rng) % NGAMES);
            tavola_ruleset *rs = i < NSHARED ? shared[i] : own[i];
            if (!rs)
                return NULL;
            if (!(slot[k] = t->game_new(rs, next(&w->rng)))) {
                fail("game_new", t->ruleset_error(rs));
                return NULL;
            }
            started++;
            /* Now and then a thread reloads one of its rulesets: the old
             * handle goes while its games live on (reference counted). */
            if (i >= NSHARED && next(&w->rng) % 50 == 0) {
                t->ruleset_free(own[i]);
                own[i] = load(i);
            }
            continue;
        }
        int rc = step(w, &slot[k]);
        if (rc != 0) {
            if (rc > 0)
                finished(slot[k], rc == 2);
            t->game_free(slot[k]);
            slot[k] = NULL;
            done++;
        }
    }
    for (int k = 0; k < SLOTS; k++)
        t->game_free(slot[k]);
    for (int i = 0; i < NGAMES; i++)
        t->ruleset_free(own[i]);
    return NULL;
}

/* Plays `total` games over the threads; everything is freed at the end. */
static void round_of(long total, uint64_t seed)
{
    for (int i = 0; i < NSHARED; i++)
        shared[i] = load(i);
    pthread_t th[THREADS];
    worker w[THREADS];
    for (int i = 0; i < THREADS; i++) {
        w[i] = (worker){i, total / THREADS + (i < total % THREADS), seed * 7919 + (uint64_t)i * 104729 + 1};
        if (pthread_create(&th[i], NULL, run, &w[i]) != 0) {
            fail("pthread_create", NULL);
            w[i].quota = 0;
            th[i] = 0;
        }
    }
    for (int i = 0; i < THREADS; i++)
        if (th[i])
            pthread_join(th[i], NULL);
    for (int i = 0; i < NSHARED; i++)
        t->ruleset_free(shared[i]);
}

/* ---- list() and add_path() at once ---------------------------------------- */

#define LIST_CALLS 150 /* per thread: 600 in all */
static char reference[64 * 1024];

static void *lister(void *arg)
{
    int id = *(int *)arg;
    char *buf = malloc(sizeof reference);
    if (!buf) {
        fail("list", "out of memory");
        return NULL;
    }
    for (int i = 0; i < LIST_CALLS; i++) {
        if (i % 50 == 25) { /* 3 folders a thread, one of them the same for all */
            char dir[64];
            snprintf(dir, sizeof dir, "build/no-such-folder-%d", i == 75 ? 99 : id * 10 + i / 50);
            if (t->add_path(dir) != TAVOLA_OK)
                fail("add_path", dir);
        }
        int n = t->list(buf, sizeof reference);
        if (n <= 0 || strcmp(buf, reference) != 0)
            fail("list while folders are added", n <= 0 ? "no names" : "a different list");
        else
            atomic_fetch_add(&passed, 1);
    }
    free(buf);
    return NULL;
}

static void lists_and_paths(void)
{
    if (t->list(reference, sizeof reference) <= 0) {
        fail("list", "no rulesets found");
        return;
    }
    pthread_t th[THREADS];
    int ids[THREADS], started[THREADS];
    for (int i = 0; i < THREADS; i++) {
        ids[i] = i;
        started[i] = pthread_create(&th[i], NULL, lister, &ids[i]) == 0;
        if (!started[i])
            fail("pthread_create", NULL);
    }
    for (int i = 0; i < THREADS; i++)
        if (started[i])
            pthread_join(th[i], NULL);
}

int main(int argc, char **argv)
{
    long total = argc > 1 ? atol(argv[1]) : 10000;
    if (!(t = tavola_get_api(TAVOLA_ABI_VERSION))) {
        printf("load: 0 passed, 1 failed (no ABI)\n");
        return 1;
    }
    round_of(THREADS * SLOTS * 4, 1); /* warm-up: first-use allocations of libc and the threads */
    malloc_trim(0);
    size_t warm = mallinfo2().uordblks;
    long warm_games = atomic_load(&passed);
    round_of(total, 2);
    malloc_trim(0);
    size_t after = mallinfo2().uordblks;
    long games = atomic_load(&passed) - warm_games;
    /* Under AddressSanitizer mallinfo2 sees nothing (0 == 0); LSan checks leaks there. */
    long grown = (long)after - (long)warm;
    if (grown > 64 * 1024 || grown < -64 * 1024) {
        char detail[128];
        snprintf(detail, sizeof detail, "the heap went from %zu to %zu bytes", warm, after);
        fail("memory back to its level after warm-up", detail);
    } else {
        atomic_fetch_add(&passed, 1);
    }
    if (games < total - atomic_load(&failed))
        fail("games finished", NULL);
    long before = atomic_load(&passed);
    lists_and_paths();
    printf("load: %ld of %d concurrent list() calls gave the list, while add_path() ran\n",
           atomic_load(&passed) - before, THREADS * LIST_CALLS);
    if (warm == 0 && after == 0)
        printf("load: %ld games; the heap is not visible to mallinfo2 here (a sanitizer's allocator: "
               "LeakSanitizer checks at exit)\n", games);
    else
        printf("load: %ld games; heap %zu bytes after warm-up, %zu after all (%+ld)\n", games, warm, after, grown);
    printf("load: %ld passed, %ld failed\n", atomic_load(&passed), atomic_load(&failed));
    return atomic_load(&failed) ? 1 : 0;
}
