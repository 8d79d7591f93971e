/* make bench: random playouts, MCTS and alpha-beta on every ruleset, beside a
 * hand-written C baseline (baseline_*.c: Pahtum, Tihbat, Breakthrough), the same rules as Lua hooks
 * (pahtum_hooks.lua, tihbat_hooks.lua) and a plain-Lua implementation run by
 * the stock lua5.4 (plain_*.lua); then the speed peer OpenSpiel, measured in
 * the same run in turns with tavola (when BENCH_OPENSPIEL names its rollout
 * program; otherwise the table says it was not measured), Ludii's published
 * rates, chess perft beside Stockfish's `go perft` (a child process, when
 * Debian's stockfish is installed; rulesets/chess.lua once it loads), and the
 * targets; and some games at growing board sizes, the cost per ply against
 * the cells (big_boards). Before measuring, it checks that what it compares
 * plays the same games: the baselines against the engine (the same move
 * sequences give the same results, and random playouts the same statistics),
 * and tv_random_playout against playing the same random moves through
 * tv_legal_moves and tv_play_hist. A failed check exits with status 1.
 *
 *   build/release/bench                  the full run (about 1.5 minutes)
 *   BENCH_QUICK=1 build/release/bench    a few seconds: the benchmark works
 *   BENCH_ONLY=kalah,gomoku ...          measure only these rulesets
 *                                        (bigboards: the board sizes table)
 *   BENCH_OPENSPIEL=DIR/bin/rollout-clang ...  measure OpenSpiel beside tavola
 *   build/release/bench openspiel-games  the OpenSpiel games the peer rows need
 *                                        (their names, without parameters)
 *   BENCH_STOCKFISH=PATH ...              Stockfish for the chess perft rows
 *                                        (default: stockfish on PATH, else
 *                                        /usr/games/stockfish; without one:
 *                                        "not measured")
 *   build/release/bench playouts FILE N  profiling modes, see profile()
 *   build/release/bench perft FILE DEPTH [POSITION [OPTIONS]]   and profile_perft()
 *
 * Heap allocations are counted by linking with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc: calls from this program
 * and libtavola.a, which includes every allocation of the rulesets' Lua VMs
 * (their allocator is in libtavola). */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include <dirent.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "baseline.h"
#include "tavola.h"
#include "tv_game.h"
#include "tv_perft.h"
#include "tv_pieces.h"
#include "tv_play.h"
#include "tv_player.h"
#include "tv_ruleset.h"

#ifndef TV_BENCH_FLAGS
#define TV_BENCH_FLAGS "(not given)"
#endif

/* ---- allocation counting ---------------------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
static unsigned long allocations;

void *__wrap_malloc(size_t n)
{
    allocations++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    allocations++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocations++;
    return __real_realloc(p, n);
}

/* ---- settings ---------------------------------------------------------- */

static int quick;
static int runs = 5;            /* measurements per figure; the median is shown */
static double run_s = 0.4;      /* seconds per measurement */
static double search_s = 0.4;   /* seconds per search measurement */
static int check_games = 4000;  /* games per verification */
static int failures;

/* Processor time of this process, the clock the plain-Lua peers read
 * (os.clock): every rate is per second of processor time, so that time the
 * shared machine gives to other work counts for no one. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void die(const char *what, const tv_error *err)
{
    fprintf(stderr, "bench: %s: %s\n", what, err ? err->msg : "");
    exit(2);
}

static void die_text(const char *what, const char *message)
{
    fprintf(stderr, "bench: %s: %s\n", what, message ? message : "");
    exit(2);
}

static tv_ruleset *load(const char *path, const char *options)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench: cannot open %s (run make bench from the repository root)\n", path);
        exit(2);
    }
    static char src[1 << 16];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    tv_error err = {0};
    tv_options opts = {0};
    if (options && tv_options_parse(&opts, options, &err))
        die(path, &err);
    tv_ruleset *rs = tv_ruleset_load(path, src, n, &opts, NULL, &err);
    if (!rs)
        die(path, &err);
    return rs;
}

/* A ruleset that may not be loadable yet (a peer row's game still being
 * written): NULL, and why in why[], instead of stopping the bench. */
static tv_ruleset *try_load(const char *path, const char *options, char *why, size_t size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, size, "no file %s", path);
        return NULL;
    }
    static char src[1 << 16];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    tv_error err = {0};
    tv_options opts = {0};
    tv_ruleset *rs = NULL;
    if (!(options && tv_options_parse(&opts, options, &err)))
        rs = tv_ruleset_load(path, src, n, &opts, NULL, &err);
    if (!rs) {
        snprintf(why, size, "%.150s", err.msg);
        why[strcspn(why, "\n")] = '\0';
    }
    return rs;
}

/* ---- figures ----------------------------------------------------------- */

typedef struct figures {
    double playouts, moves; /* per second */
    double plies;           /* average game length */
    double allocs;          /* heap allocations per playout after warm-up */
    double mcts, ab;        /* MCTS iterations and alpha-beta nodes per second */
    long mcts_budget, ab_budget;
    int state_size;
    int have_search;
} figures;

/* One game of the engine: a new game from the seed, then tv_random_playout. */
static void engine_game(const tv_rules *r, uint64_t seed, tv_rng *rng, tv_state *s)
{
    tv_error err;
    if (tv_state_new(r, seed, s, &err) || tv_random_playout(r, s, rng, &err))
        die(r->name, &err);
}

/* Random playouts of the engine (rules set) or of a baseline: a new game from
 * a seed (the seed draws Pahtum's holes), then uniformly random moves to the
 * end, again and again. */
enum { RUN_ENGINE, RUN_BASELINE_PAHTUM, RUN_BASELINE_TIHBAT, RUN_BASELINE_BREAKTHROUGH, RUN_ENGINE_STEPS, RUN_ABI };
typedef struct runner {
    int kind;
    const tv_rules *rules;
    tavola_ruleset *abi; /* RUN_ABI: the same ruleset through tavola.h */
    tv_rng rng;      /* the engine's */
    bl_rng brng;     /* a baseline's */
    uint64_t seed;   /* of the next game */
    double games, plies;
    double sq_all, sq; /* sums of squared game lengths (engine): of every game played, of the measured ones */
} runner;

/* n games; returns their plies. */
static long play_games(runner *x, int n)
{
    static bl_tihbat_hist hist;
    long plies = 0;
    for (int i = 0; i < n; i++, x->seed++) {
        if (x->kind == RUN_ENGINE) {
            tv_state_buf buf;
            engine_game(x->rules, x->seed, &x->rng, &buf.state);
            plies += buf.state.ply;
            x->sq_all += (double)buf.state.ply * buf.state.ply;
        } else if (x->kind == RUN_ENGINE_STEPS) { /* move by move, as a host plays: no fast path */
            tv_state_buf buf;
            tv_state *s = &buf.state;
            tv_error err;
            tv_move m;
            if (tv_state_new(x->rules, x->seed, s, &err))
                die(x->rules->name, &err);
            while (s->status == TV_ONGOING)
                if (tv_random_move(x->rules, s, &x->rng, &m, &err) <= 0 || tv_play(x->rules, s, m, NULL, &err))
                    die(x->rules->name, &err);
            plies += s->ply;
        } else if (x->kind == RUN_ABI) { /* a host over tavola.h alone: a game, random_move and play to its end */
            const tavola_api *t = tavola_get_api(TAVOLA_ABI_VERSION);
            tavola_game *g = t->game_new(x->abi, x->seed);
            tavola_move m;
            if (!g)
                die_text(x->rules->name, t->ruleset_error(x->abi));
            while (t->status(g) == TAVOLA_ONGOING)
                if (t->random_move(g, &x->rng.s, &m) <= 0 || t->play(g, m) < 0)
                    die_text(x->rules->name, t->error(g));
            plies += t->ply(g);
            x->sq_all += (double)t->ply(g) * t->ply(g);
            t->game_free(g);
        } else if (x->kind == RUN_BASELINE_PAHTUM) {
            bl_pahtum g;
            bl_pahtum_setup(&g, x->seed);
            bl_pahtum_playout(&g, &x->brng);
            plies += g.ply;
        } else if (x->kind == RUN_BASELINE_BREAKTHROUGH) {
            bl_breakthrough g;
            bl_breakthrough_setup(&g);
            bl_breakthrough_playout(&g, &x->brng);
            plies += g.ply;
        } else {
            bl_tihbat g;
            bl_tihbat_setup(&g, &hist);
            bl_tihbat_playout(&g, &hist, &x->brng);
            plies += g.ply;
        }
    }
    return plies;
}

static runner make_runner(int kind, const tv_rules *r)
{
    runner x = {kind, r, NULL, {1}, {1}, 0, 0, 0, 0, 0};
    play_games(&x, 50); /* warm-up */
    return x;
}

/* A host's loop over tavola.h (RUN_ABI) on the ruleset at path with options;
 * its ruleset freed by free_abi_runner. */
static runner make_abi_runner(const tv_rules *r, const char *path, const char *options)
{
    char err[512];
    runner x = {RUN_ABI, r, NULL, {1}, {1}, 0, 0, 0, 0, 0};
    x.abi = tavola_get_api(TAVOLA_ABI_VERSION)->ruleset_load(path, options ? options : "", err, sizeof err);
    if (!x.abi)
        die_text(path, err);
    play_games(&x, 50); /* warm-up */
    return x;
}

static void free_abi_runner(runner *x) { tavola_get_api(TAVOLA_ABI_VERSION)->ruleset_free(x->abi); }

/* One measurement: games for run_s seconds; playouts per second. */
static double measure(runner *x)
{
    long games = 0, plies = 0;
    double sq0 = x->sq_all, t0 = now(), t;
    do {
        plies += play_games(x, 32);
        games += 32;
    } while ((t = now() - t0) < run_s);
    x->games += games;
    x->plies += plies;
    x->sq += x->sq_all - sq0;
    return games / t;
}

/* The figures of a runner from its measurements; allocations per playout
 * counted over more games after them. */
static void set_figures(runner *x, double *rate, figures *f)
{
    f->playouts = median(rate, runs);
    f->plies = x->plies / x->games;
    f->moves = f->playouts * f->plies;
    int n = quick ? 200 : 2000;
    unsigned long a0 = allocations;
    play_games(x, n);
    f->allocs = (double)(allocations - a0) / n;
    f->state_size = x->rules                                 ? x->rules->state_size
                    : x->kind == RUN_BASELINE_PAHTUM       ? (int)sizeof(bl_pahtum)
                    : x->kind == RUN_BASELINE_BREAKTHROUGH ? (int)sizeof(bl_breakthrough)
                                                           : (int)sizeof(bl_tihbat);
}

static void engine_playouts(const tv_rules *r, figures *f)
{
    runner x = make_runner(RUN_ENGINE, r);
    double rate[16];
    for (int i = 0; i < runs; i++)
        rate[i] = measure(&x);
    set_figures(&x, rate, f);
}

/* The engine and its baseline in turns, run for run: both meet the same
 * machine (a shared host's speed drifts by 10% and more over seconds). */
static void playouts_beside(const tv_rules *r, int baseline, figures *fe, figures *fb)
{
    runner e = make_runner(RUN_ENGINE, r), b = make_runner(baseline, NULL);
    double re[16], rb[16];
    for (int i = 0; i < runs; i++) {
        re[i] = measure(&e);
        rb[i] = measure(&b);
    }
    set_figures(&e, re, fe);
    set_figures(&b, rb, fb);
}

/* A ruleset move by move (RUN_ENGINE_STEPS), in turns with its playouts. */
static void steps_beside_playouts(const tv_rules *r, figures *steps)
{
    runner a = make_runner(RUN_ENGINE_STEPS, r), b = make_runner(RUN_ENGINE, r);
    double ra[16], rb[16];
    for (int i = 0; i < runs; i++) {
        ra[i] = measure(&a);
        rb[i] = measure(&b); /* measured in turns only: both runs see the same machine */
    }
    (void)rb;
    set_figures(&a, ra, steps);
}

/* Two rulesets' engines in turns, run for run (data against hooks). */
static void playouts_beside_engine(const tv_rules *r, const tv_rules *other, figures *f, figures *fo)
{
    runner a = make_runner(RUN_ENGINE, r), b = make_runner(RUN_ENGINE, other);
    double ra[16], rb[16];
    for (int i = 0; i < runs; i++) {
        ra[i] = measure(&a);
        rb[i] = measure(&b);
    }
    set_figures(&a, ra, f);
    set_figures(&b, rb, fo);
}

/* A search from the start position (seed 1) with a fixed budget; returns
 * nodes (or iterations) per second, the median over the runs. The budget is
 * set from a first short search so that one search takes about search_s. */
static double search_rate(const tv_rules *r, const char *kind, long *budget_out)
{
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    if (!g)
        die(r->name, &err);
    long budget = 2000;
    double rate[16];
    for (int i = -1; i < runs; i++) {
        double nodes = 0, t = 0;
        /* Small games end their search early (alpha-beta solves tic-tac-toe
         * in a few thousand nodes): repeat until the time is long enough. */
        do {
            tv_player *p = tv_player_new(r, kind, 7, &err);
            if (!p)
                die(kind, &err);
            tv_budget b = {budget, 0, 0};
            tv_move best;
            double t0 = now();
            if (tv_player_choose(p, g, &b, &best, &err)) { /* a player that cannot play this game yet */
                fprintf(stderr, "bench: %s on %s: %s (not measured)\n", kind, r->name, err.msg);
                tv_player_free(p);
                tv_game_free(g);
                *budget_out = 0;
                return 0;
            }
            t += now() - t0;
            nodes += (double)tv_player_info(p)->nodes;
            tv_player_free(p);
        } while (t < (i < 0 ? 0.05 : search_s) && nodes > 0);
        if (i < 0) { /* calibration */
            double per_s = nodes / t;
            budget = (long)(per_s * search_s);
            budget = budget < 1000 ? 1000 : budget > 2000000000L ? 2000000000L : budget;
            /* two significant digits */
            long scale = 1;
            while (budget / scale >= 100)
                scale *= 10;
            budget = budget / scale * scale;
            continue;
        }
        rate[i] = nodes / t;
    }
    tv_game_free(g);
    *budget_out = budget;
    return median(rate, runs);
}

/* ---- the checks ---------------------------------------------------------- */

#if defined(__GNUC__)
static void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif

/* One line of the checks; a failed one makes the run fail. */
static void check(int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("  %-6s ", ok ? "ok" : "FAILED");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (!ok)
        failures++;
}

/* Statistics of many random games: length, mean scores, results. */
typedef struct stats {
    double n, plies, s1, s2, p1, draws;
    double var_s1; /* for the tolerance of the comparison */
} stats;

static void add_game(stats *st, int plies, int s1, int s2, int winner)
{
    st->n++;
    st->plies += plies;
    st->s1 += s1;
    st->s2 += s2;
    st->var_s1 += (double)s1 * s1;
    st->p1 += winner == 1;
    st->draws += winner == 0;
}

static void finish(stats *st)
{
    st->plies /= st->n;
    st->s1 /= st->n;
    st->s2 /= st->n;
    st->var_s1 = st->var_s1 / st->n - st->s1 * st->s1;
    st->p1 /= st->n;
    st->draws /= st->n;
}

/* Whether two independent samples of na and nb games agree within 5
 * standard errors: means (of standard deviation sd) and rates. */
static int close_mean(double a, double b, double sd, double na, double nb)
{
    return fabs(a - b) <= 5 * sd * sqrt(1 / na + 1 / nb) + 1e-9;
}

static int close_rate(double a, double b, double na, double nb)
{
    double p = (a + b) / 2;
    return fabs(a - b) <= 5 * sqrt(p * (1 - p) * (1 / na + 1 / nb)) + 1e-9;
}

static void compare_stats(const char *what, const stats *a, const stats *b)
{
    double sd = sqrt(a->var_s1 > b->var_s1 ? a->var_s1 : b->var_s1);
    int ok = close_mean(a->s1, b->s1, sd, a->n, b->n) && close_mean(a->s2, b->s2, sd, a->n, b->n) &&
             close_rate(a->p1, b->p1, a->n, b->n) && close_rate(a->draws, b->draws, a->n, b->n) &&
             fabs(a->plies - b->plies) <= 0.05 * a->plies;
    check(ok, "%s, %.0f / %.0f random games: avg plies %.3f / %.3f, mean scores %.2f-%.2f / %.2f-%.2f, "
              "player 1 wins %.4f / %.4f, draws %.4f / %.4f",
          what, a->n, b->n, a->plies, b->plies, a->s1, a->s2, b->s1, b->s2, a->p1, b->p1, a->draws, b->draws);
}

/* The engine's statistics, for the plain-Lua peers. */
static stats pahtum_stats, tihbat_stats;

/* The engine's games with random moves, replayed move by move by the
 * baseline: the same holes, the same scores after every move, the same end. */
static void check_pahtum(const tv_rules *r)
{
    tv_error err;
    tv_rng rng;
    tv_rng_seed(&rng, 99);
    int bad = 0, games = quick ? 300 : check_games;
    long plies = 0;
    for (int game = 0; game < games && !bad; game++) {
        tv_state_buf buf;
        tv_state *s = &buf.state;
        if (tv_state_new(r, (uint64_t)game, s, &err))
            die("pahtum", &err);
        bl_pahtum b;
        bl_pahtum_setup(&b, (uint64_t)game);
        for (int c = 0; c < r->ncells; c++)
            bad |= (s->cells[c] == TV_BLOCK) != (bl_pahtum_cell(&b, c) == 3);
        while (s->status == TV_ONGOING && !bad) {
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
            if (n <= 0 || n != b.nempty)
                bad = 1;
            if (n <= 0)
                break;
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            if (tv_play(r, s, m, NULL, &err))
                die("pahtum", &err);
            bl_pahtum_play(&b, m);
            plies++;
            bad |= s->score[0] != b.score[0] || s->score[1] != b.score[1] ||
                   (s->status == TV_OVER) != (b.nempty == 0);
        }
        bad |= s->winner != bl_pahtum_winner(&b);
        if (bad)
            printf("  pahtum game %d differs at ply %d\n", game, s->ply);
    }
    check(!bad, "pahtum baseline: %d engine games (%ld random moves) replayed by the baseline: "
                "the same holes, scores after every move, end and winner", games, plies);

    /* The playout procedures: the same statistics. */
    stats e = {0}, bl = {0};
    int n = quick ? 2000 : 40000;
    tv_rng_seed(&rng, 5);
    bl_rng brng = {5};
    for (int game = 0; game < n; game++) {
        tv_state_buf buf;
        engine_game(r, (uint64_t)(1000000 + game), &rng, &buf.state);
        add_game(&e, buf.state.ply, buf.state.score[0], buf.state.score[1], buf.state.winner);
        bl_pahtum b;
        bl_pahtum_setup(&b, (uint64_t)(2000000 + game));
        bl_pahtum_playout(&b, &brng);
        add_game(&bl, b.ply, b.score[0], b.score[1], bl_pahtum_winner(&b));
    }
    finish(&e);
    finish(&bl);
    compare_stats("pahtum playouts, engine / baseline", &e, &bl);
    pahtum_stats = e;
}

/* The baseline plays the same moves from the same random numbers (its moves
 * come in the engine's order): every game must end the same. */
static void check_tihbat(const tv_rules *r)
{
    static bl_tihbat_hist h;
    int games = quick ? 2000 : 10 * check_games, bad = 0;
    tv_rng rng;
    tv_rng_seed(&rng, 77);
    bl_rng brng = {77};
    long plies = 0;
    stats e = {0};
    for (int game = 0; game < games && !bad; game++) {
        tv_state_buf buf;
        engine_game(r, (uint64_t)game, &rng, &buf.state);
        add_game(&e, buf.state.ply, buf.state.score[0], buf.state.score[1], buf.state.winner);
        bl_tihbat b;
        bl_tihbat_setup(&b, &h);
        bl_tihbat_playout(&b, &h, &brng);
        plies += b.ply;
        bad = buf.state.ply != b.ply || buf.state.score[0] != b.score[0] || buf.state.score[1] != b.score[1] ||
              buf.state.winner != b.winner || memcmp(buf.state.cells, b.hole, 4) != 0;
        if (bad)
            printf("  tihbat game %d: engine %d plies %d-%d, baseline %d plies %d-%d\n", game, buf.state.ply,
                   buf.state.score[0], buf.state.score[1], b.ply, b.score[0], b.score[1]);
    }
    check(!bad, "tihbat baseline: %d random playouts from the same random numbers (%ld moves): "
                "the same length, final holes, scores and winner", games, plies);
    finish(&e);
    tihbat_stats = e;
}

/* The Breakthrough baseline finds its moves in the engine's order: the same
 * random numbers must play the same game, to the same last cells. */
static void check_breakthrough(const tv_rules *r)
{
    int games = quick ? 1000 : 5 * check_games, bad = 0;
    tv_rng rng;
    tv_rng_seed(&rng, 31);
    bl_rng brng = {31};
    long plies = 0;
    for (int game = 0; game < games && !bad; game++) {
        tv_state_buf buf;
        engine_game(r, (uint64_t)game, &rng, &buf.state);
        bl_breakthrough b;
        bl_breakthrough_setup(&b);
        bl_breakthrough_playout(&b, &brng);
        plies += b.ply;
        bad = buf.state.ply != b.ply || buf.state.winner != b.winner || r->ncells != BL_BREAKTHROUGH_CELLS;
        for (int c = 0; c < BL_BREAKTHROUGH_CELLS && !bad; c++)
            bad = tv_cell_colour(buf.state.cells[c]) != bl_breakthrough_cell(&b, c);
        if (bad)
            printf("  breakthrough game %d: engine %d plies, winner %d; baseline %d plies, winner %d\n", game,
                   buf.state.ply, buf.state.winner, b.ply, b.winner);
    }
    check(!bad, "breakthrough baseline: %d random playouts from the same random numbers (%ld moves): "
                "the same length, final cells and winner", games, plies);
}

/* One random game move by move through the public interface, the procedure
 * tv_random_playout follows: a uniformly random move of tv_legal_moves,
 * played by tv_play_hist with the history the repetition rule needs. When
 * seen is not NULL, it is called with the new state, then after each move
 * with the move and the state after it. */
typedef void (*move_seen)(void *ctx, const tv_rules *r, const tv_state *s, tv_move m);
static void game_by_moves(const tv_rules *r, uint64_t seed, tv_rng *rng, tv_state *s, move_seen seen, void *ctx,
                          const char *label)
{
    static uint64_t hist[1 << 16];
    tv_error err;
    if (tv_state_new(r, seed, s, &err))
        die(label, &err);
    if (seen)
        seen(ctx, r, s, TV_MOVE_NONE);
    int nhist = 0;
    while (s->status == TV_ONGOING) {
        if (s->quiet == 0)
            nhist = 0;
        if (nhist == (int)(sizeof hist / sizeof *hist))
            die(label, NULL);
        hist[nhist++] = s->hash;
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
        if (n <= 0)
            die(label, &err);
        tv_move m = moves[tv_rng_below(rng, (uint32_t)n)];
        if (tv_play_hist(r, s, m, NULL, hist, nhist, &err))
            die(label, &err);
        if (seen)
            seen(ctx, r, s, m);
    }
}

/* tv_random_playout against the same random moves played through the
 * public interface (game_by_moves): the final states must be identical,
 * byte for byte. */
static void check_playout_path(const tv_rules *r, const char *label)
{
    int games = quick ? 100 : 1000, bad = 0;
    if (r->hooks.moves)
        games /= 10;
    for (int game = 0; game < games && !bad; game++) {
        tv_state_buf a, b;
        tv_rng ra, rb;
        tv_rng_seed(&ra, (uint64_t)game * 7919);
        rb = ra;
        engine_game(r, (uint64_t)game, &ra, &a.state);
        game_by_moves(r, (uint64_t)game, &rb, &b.state, NULL, NULL, label);
        bad = memcmp(&a.state, &b.state, (size_t)r->state_size) != 0 || ra.s != rb.s;
    }
    check(!bad, "%s: %d playouts by tv_random_playout = the same random moves through tv_play_hist",
          label, games);
}

/* Two rulesets of one game (data, hooks) play the same random games: the same
 * cells, scores, plies and results from the same random numbers. */
static void check_same_games(const tv_rules *a, const tv_rules *b, const char *label)
{
    int games = quick ? 20 : 200, bad = 0;
    for (int game = 0; game < games && !bad; game++) {
        tv_state_buf sa, sb;
        tv_rng ra, rb;
        tv_rng_seed(&ra, (uint64_t)game * 104729);
        rb = ra;
        engine_game(a, (uint64_t)game, &ra, &sa.state);
        engine_game(b, (uint64_t)game, &rb, &sb.state);
        const tv_state *x = &sa.state, *y = &sb.state;
        bad = a->ncells != b->ncells || memcmp(x->cells, y->cells, (size_t)a->ncells) != 0 ||
              x->score[0] != y->score[0] || x->score[1] != y->score[1] || x->ply != y->ply || x->winner != y->winner;
    }
    check(!bad, "%s: %d random games of the data ruleset = those of its Lua hooks version", label, games);
}

/* ---- plain Lua --------------------------------------------------------- */

typedef struct plain {
    double playouts, moves, plies, s1, s2, p1, draws;
    long games;
    int ok;
} plain;

static plain run_plain(const char *script, int nruns)
{
    plain p = {0};
    char cmd[512];
    snprintf(cmd, sizeof cmd, "lua5.4 %s %d %g", script, nruns, run_s);
    FILE *f = popen(cmd, "r");
    char line[1024] = "";
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        pclose(f);
    }
    p.ok = sscanf(line,
                  "playouts_per_s=%lf moves_per_s=%lf games=%ld avg_plies=%lf mean_score1=%lf "
                  "mean_score2=%lf p1_wins=%lf draws=%lf",
                  &p.playouts, &p.moves, &p.games, &p.plies, &p.s1, &p.s2, &p.p1, &p.draws) == 8;
    if (!p.ok)
        fprintf(stderr, "bench: '%s' printed '%s'\n", cmd, line);
    return p;
}

/* The engine (a hook variant) and a plain-Lua peer in turns, run for run,
 * as playouts_beside does with the C baselines; the peer's statistics over
 * all its runs. */
static void playouts_beside_plain(const tv_rules *r, const char *script, figures *fe, plain *pl)
{
    runner e = make_runner(RUN_ENGINE, r);
    double re[16], rl[16];
    plain sum = {0};
    sum.ok = 1;
    for (int i = 0; i < runs; i++) {
        re[i] = measure(&e);
        plain p = run_plain(script, 1);
        if (!p.ok) {
            *pl = p;
            set_figures(&e, re, fe);
            return;
        }
        rl[i] = p.playouts;
        double w0 = (double)sum.games, w1 = (double)p.games, w = w0 + w1;
        sum.plies = (sum.plies * w0 + p.plies * w1) / w;
        sum.s1 = (sum.s1 * w0 + p.s1 * w1) / w;
        sum.s2 = (sum.s2 * w0 + p.s2 * w1) / w;
        sum.p1 = (sum.p1 * w0 + p.p1 * w1) / w;
        sum.draws = (sum.draws * w0 + p.draws * w1) / w;
        sum.games += p.games;
    }
    set_figures(&e, re, fe);
    sum.playouts = median(rl, runs);
    sum.moves = sum.playouts * sum.plies;
    *pl = sum;
}

/* A plain-Lua peer plays the same rules: its random games have the engine's
 * statistics. */
static void check_plain(const char *what, const plain *p, const stats *engine)
{
    if (!p->ok) {
        check(0, "%s: no figures from lua5.4", what);
        return;
    }
    stats l = {(double)p->games, p->plies, p->s1, p->s2, p->p1, p->draws, engine->var_s1};
    compare_stats(what, engine, &l);
}

/* ---- the table ---------------------------------------------------------- */

static void fmt_rate(char *buf, size_t size, double v)
{
    if (v <= 0)
        snprintf(buf, size, "-");
    else if (v >= 1e7)
        snprintf(buf, size, "%.1fM", v / 1e6);
    else if (v >= 1e6)
        snprintf(buf, size, "%.2fM", v / 1e6);
    else if (v >= 1e4)
        snprintf(buf, size, "%.1fk", v / 1e3);
    else
        snprintf(buf, size, "%.0f", v);
}

static void row(const char *name, const figures *f, const char *state, const char *allocs)
{
    char a[32], b[32], c[32], d[32], sz[32], al[32], pl[32];
    fmt_rate(a, sizeof a, f->playouts);
    fmt_rate(b, sizeof b, f->moves);
    fmt_rate(c, sizeof c, f->have_search ? f->mcts : 0);
    fmt_rate(d, sizeof d, f->have_search ? f->ab : 0);
    if (state)
        snprintf(sz, sizeof sz, "%s", state);
    else
        snprintf(sz, sizeof sz, "%d", f->state_size);
    if (allocs)
        snprintf(al, sizeof al, "%s", allocs);
    else
        snprintf(al, sizeof al, "%.2f", f->allocs);
    snprintf(pl, sizeof pl, "%.2f", f->plies);
    printf("| %-22s | %11s | %9s | %9s | %8s | %9s | %6s | %6s |\n", name, a, b, c, d, al, sz, pl);
}

typedef struct game_bench {
    const char *label, *path, *options;
    figures f;
    tv_ruleset *rs;
} game_bench;

/* Whether label is one of the comma-separated names in list. */
static int listed(const char *list, const char *label)
{
    size_t n = strlen(label);
    for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, label, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

static const char *verdict(int ok) { return ok ? "met" : "MISSED"; }

/* A target of the summary: its verdict, counted when missed (a full run then
 * exits 1; BENCH_QUICK, as make check runs it, only prints). */
static int missed, known;
static const char *target(int ok)
{
    missed += !ok;
    return verdict(ok);
}

/* A target missed for a reason already decided on: printed as MISSED with
 * that reason, and not counted in the exit status, which then still tells
 * a change that costs speed elsewhere. */
static const char *known_miss(int ok, const char *why)
{
    static char text[4][400];
    static int next;
    if (ok)
        return "met";
    known++;
    char *t = text[next++ % 4];
    snprintf(t, sizeof text[0], "MISSED, known: %s", why);
    return t;
}

/* a / b, or 0 when either was not measured (BENCH_ONLY). */
static double ratio(double a, double b) { return a > 0 && b > 0 ? a / b : 0; }

/* ---- the machine --------------------------------------------------------- */

/* The value of the first "key : value" line of /proc/cpuinfo, or "". */
static void cpuinfo(const char *key, char *out, size_t size)
{
    char line[512];
    size_t n = strlen(key);
    out[0] = '\0';
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && (line[n] == ' ' || line[n] == '\t' || line[n] == ':') &&
            strchr(line, ':')) {
            const char *v = strchr(line, ':') + 1;
            v += *v == ' ';
            snprintf(out, size, "%s", v);
            out[strcspn(out, "\n")] = '\0';
            break;
        }
    if (f)
        fclose(f);
}

/* The machine, as read from it: the processor's name, family and model (the
 * name alone may be as vague as "AMD EPYC" in a VM), its clock and caches,
 * the CPUs online. */
static void machine(char *out, size_t size)
{
    char name[128], family[16], model[16], mhz[32], cache[32];
    cpuinfo("model name", name, sizeof name);
    cpuinfo("cpu family", family, sizeof family);
    cpuinfo("model", model, sizeof model);
    cpuinfo("cpu MHz", mhz, sizeof mhz);
    cpuinfo("cache size", cache, sizeof cache);
    snprintf(out, size, "%s (family %s, model %s, %.0f MHz, cache %s), %ld CPUs", *name ? name : "unknown CPU",
             *family ? family : "?", *model ? model : "?", *mhz ? atof(mhz) : 0.0, *cache ? cache : "?",
             sysconf(_SC_NPROCESSORS_ONLN));
}

/* Both sides on one CPU: this process and its OpenSpiel children, which
 * inherit the mask, are never moved between CPUs in a run. On a shared
 * machine of 2 CPUs, runs the scheduler moved back and forth played at two
 * thirds of the speed of runs it left in place (Kalah's host loop: 300k and
 * 450k games/s, run after run); a figure's median then depended on luck.
 * BENCH_CPU=any leaves the CPUs to the scheduler. Returns the CPU, or -1. */
static int pin_cpu(void)
{
    const char *e = getenv("BENCH_CPU");
    if (e && strcmp(e, "any") == 0)
        return -1;
#ifdef __linux__
    int cpu = sched_getcpu();
    cpu_set_t one;
    CPU_ZERO(&one);
    if (cpu < 0)
        return -1;
    CPU_SET(cpu, &one);
    return sched_setaffinity(0, sizeof one, &one) == 0 ? cpu : -1;
#else
    return -1;
#endif
}

/* ---- the OpenSpiel peer -------------------------------------------------- */

/* How OpenSpiel's actions map to tavola's moves, which says what the length
 * check compares:
 * - OSP_TURNS: an action is a move (a turn): both count moves;
 * - OSP_JUMPS: an action is a step or one jump of a chain, the same player
 *   moving again (checkers: c3xe5xc7, one move in tavola, is two actions):
 *   tavola's moves are counted in actions over random games played move by
 *   move (count_actions), and the actions compared;
 * - OSP_PARTS3: a turn is three actions (Amazons: the amazon, her cell, the
 *   arrow); OpenSpiel's plies are divided by 3 to be turns;
 * - OSP_REMOVAL: a turn is one action, or two when it makes a mill (Nine
 *   Men's Morris: the removal its own action).
 * In the last two, OpenSpiel's random player draws each action uniformly
 * where tavola draws the whole turn (a move that makes a mill weighs as many
 * turns as it has removals): the games' lengths differ by design and are not
 * compared. */
enum osp_actions { OSP_TURNS, OSP_JUMPS, OSP_PARTS3, OSP_REMOVAL };

/* The peer rows: a tavola ruleset (with options giving the same rules) and
 * the OpenSpiel game of the same rules; Ludii's published rate where there is
 * one; how OpenSpiel's actions map to tavola's moves. The rules, where they
 * differ, are in PERFORMANCE.md. A game tavola and OpenSpiel share gets a row
 * here; `bench openspiel-games` lists the OpenSpiel games for the peer's
 * build. */
typedef struct peer_game {
    const char *name, *label, *path, *options, *openspiel;
    double ludii; /* published rollouts/s, 0: none */
    enum osp_actions actions;
    /* OpenSpiel's draw after this many actions without a capture, where
     * tavola's draw rule differs (0: none): the length check counts
     * tavola's games up to where this rule would end them (count_actions) */
    int osp_quiet;
} peer_game;

/* What OpenSpiel's plies are divided by to be turns (1: its actions, where
 * a turn's are not a fixed number). */
static int osp_per_turn(const peer_game *p) { return p->actions == OSP_PARTS3 ? 3 : 1; }

/* Whether the two sides' lengths are compared (in moves, or in actions). */
static int osp_compared(const peer_game *p) { return p->actions == OSP_TURNS || p->actions == OSP_JUMPS; }

/* What a run measured of a peer row. */
typedef struct peer_figures {
    double tv, osp, tv_plies, osp_plies, lo, hi; /* medians; per-run ratios min, max */
    double abi;       /* median: a host's loop over tavola.h (random_move, play), in the same turns */
    double abi_plies; /* its games' average length */
    double cut; /* OpenSpiel games cut at its MaxGameLength */
    double tv_games, osp_games, tv_sd; /* games measured; standard deviation of tavola's game lengths */
    /* count_actions: tavola's games in OpenSpiel's actions (act_all), what is
     * compared (act: up to OpenSpiel's draw, where osp_quiet), its spread,
     * the same games' moves and their count */
    double act_all, act, act_sd, act_turns, act_games;
    int measured, failed; /* failed: the rollout program gave no figures */
    int cells;    /* the start's cells less the blocked ones */
    int osp_only; /* tavola's ruleset is not loadable (why): OpenSpiel measured alone */
    int unloadable; /* tavola's ruleset is not loadable (why) */
    char why[160];
} peer_figures;

static peer_game peer_games[] = {
    {"tic-tac-toe", "tictactoe", "rulesets/tictactoe.lua", NULL, "tic_tac_toe", 167229, OSP_TURNS, 0},
    {"Connect Four", "connect4", "rulesets/connect4.lua", NULL, "connect_four", 32646, OSP_TURNS, 0},
    {"Kalah(6,4)", "kalah", "rulesets/kalah.lua", NULL, "mancala", 5055, OSP_TURNS, 0},
    {"Oware", "oware", "rulesets/oware.lua", NULL, "oware", 202, OSP_TURNS, 0},
    {"Gomoku, 15x15 freestyle", "gomoku", "rulesets/gomoku.lua", "freestyle=true", "gomoku", 0, OSP_TURNS, 0},
    /* The pieces family (issue: pieces that move), added as they land. */
    {"Breakthrough", "breakthrough", "rulesets/breakthrough.lua", NULL, "breakthrough", 0, OSP_TURNS, 0},
    {"Clobber 5x6", "clobber", "rulesets/clobber.lua", NULL, "clobber", 0, OSP_TURNS, 0},
    /* OpenSpiel's checkers: each jump of a chain an action; a draw after 40
     * actions without a capture, where tavola's 40 moves restart on a
     * promotion too (PERFORMANCE.md). */
    {"Checkers", "checkers", "rulesets/checkers.lua", NULL, "checkers", 0, OSP_JUMPS, 40},
    {"Lines of Action", "lines_of_action", "rulesets/lines_of_action.lua", NULL, "lines_of_action", 0, OSP_TURNS, 0},
    {"Amazons", "amazons", "rulesets/amazons.lua", NULL, "amazons", 0, OSP_PARTS3, 0},
    /* The placement family (issue 15). */
    {"Othello", "othello", "rulesets/othello.lua", NULL, "othello", 0, OSP_TURNS, 0},
    {"Hex 11x11", "hex", "rulesets/hex.lua", NULL, "hex", 0, OSP_TURNS, 0},
    {"Y, size 19", "y", "rulesets/y.lua", NULL, "y", 0, OSP_TURNS, 0},
    {"Pentago", "pentago", "rulesets/pentago.lua", NULL, "pentago", 0, OSP_TURNS, 0},
    /* The chess family (issue 25); until rulesets/chess.lua loads, the row
     * says so and OpenSpiel is measured alone. OpenSpiel's chess (commit
     * 112b777, games/chess/chess.cc MaybeFinalReturns, chess_board.cc) ends
     * a game, checked in this order after every action:
     * - insufficient material (HasSufficientMaterial): K v K, K+B v K,
     *   K+N v K, and kings with bishops only, all on one square colour (any
     *   number, either side); K+N v K+N, K+N v K+B, K+NN v K and bishops of
     *   both colours play on. A draw, automatic;
     * - threefold repetition: a position (Zobrist hash of the pieces, side to
     *   move, castling rights, and the en-passant square only when an enemy
     *   pawn stands beside the double-stepped pawn, pins not considered)
     *   seen 3 times in the game, the start included. A draw, automatic;
     * - no legal move: checkmate (a loss) or stalemate (a draw);
     * - fifty-move rule: 100 plies without a pawn move or a capture
     *   (castling counts as reversible), checked after mate, so a mate on
     *   the 100th ply wins. A draw, automatic ("theoretically a draw that
     *   needs to be claimed, but we implement it as a forced draw for now").
     * MaxGameLength is 17695 plies (the rollout program would cut a game
     * there; the fifty-move rule ends every game long before). All four
     * promotions are actions, as in tavola. tavola's chess.lua: checkmate,
     * stalemate, the fifty-move rule (100 plies), threefold repetition and
     * insufficient material (K v K, K + one minor v K, bishops all on one
     * square colour), all automatic: the same rules, and so the same game
     * lengths within the check's tolerance (both count the en-passant cell
     * in a position only when an enemy pawn could take there: OpenSpiel's
     * EpSquareThreatened, tavola's ep_usable). No Ludii rate is entered
     * for chess. OpenSpiel's random games end (20,000 games,
     * PERFORMANCE.md): insufficient material 54%, fifty moves 22%, mate 15%,
     * stalemate 6%, repetition 3%; 341.5 plies on average, sd 111. */
    {"Chess", "chess", "rulesets/chess.lua", NULL, "chess", 0, OSP_TURNS, 0},
    /* Go (issue 26): OpenSpiel's go, 9x9, komi 7.5, area scoring, no suicide,
     * its game length cap 2 x 81 plies, as rulesets/go.lua. */
    {"Go 9x9", "go", "rulesets/go.lua", NULL, "go(board_size=9)", 0, OSP_TURNS, 0},
    /* Havannah (issue 26): OpenSpiel's havannah, base 8, no swap (its
     * default), rings, bridges and forks win, as rulesets/havannah.lua. */
    {"Havannah, base 8", "havannah", "rulesets/havannah.lua", NULL, "havannah(board_size=8)", 0, OSP_TURNS, 0},
    /* Nine Men's Morris (issue 26): OpenSpiel's nine_mens_morris, flying at
     * three men, a draw at 200 turns, as rulesets/nine_mens_morris.lua; one
     * difference, rare: a mill made when the enemy has no man on the board
     * loses there (no removal to choose), and removes nothing here. */
    {"Nine Men's Morris", "nine_mens_morris", "rulesets/nine_mens_morris.lua", NULL, "nine_mens_morris", 0,
     OSP_REMOVAL, 0},
};
enum { NPEERS = sizeof peer_games / sizeof *peer_games };
static peer_figures peer_figs[NPEERS];

static char osp_compiler[160] = "";
static double osp_cut; /* games the rollout program cut at MaxGameLength */

/* One run of the peer: rollout GAME SECONDS 1 SEED; it prints "run 1: G N
 * games in W s wall / C s cpu: ..." and last "MEDIAN game=G rollouts_wall=..
 * actions_wall=.. rollouts_cpu=.. actions_cpu=.. plies=..". Returns rollouts
 * per second of processor time (the clock of now()), or 0; *cpu: C, the
 * processor time the figure is from; *games, *cut: the run's games and the
 * games cut at MaxGameLength. */
static double run_openspiel_once(const char *prog, const char *game, int seed, double seconds, double *plies,
                                 double *games, double *cut, double *cpu)
{
    char cmd[1024], line[1024], last[1024] = "";
    snprintf(cmd, sizeof cmd, "'%s' '%s' %g 1 %d 2>&1", prog, game, seconds, seed);
    *games = *cut = 0;
    *cpu = -1;
    FILE *f = popen(cmd, "r");
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "compiler: ", 10) == 0) {
            snprintf(osp_compiler, sizeof osp_compiler, "%.150s", line + 10);
            osp_compiler[strcspn(osp_compiler, "\n")] = '\0';
        }
        if (strncmp(line, "MEDIAN ", 7) == 0)
            snprintf(last, sizeof last, "%s", line);
        double c, n, w;
        if (sscanf(line, "note: %lf games cut", &c) == 1)
            *cut += c;
        if (sscanf(line, "run %*d: %*s %lf games in %lf s wall / %lf s cpu", &n, &w, &c) == 3)
            *games += n, *cpu = c;
    }
    int rc = pclose(f);
    const char *rate = strstr(last, " rollouts_cpu="), *pl = strstr(last, " plies=");
    if (rc != 0 || !rate || !pl || *cpu < 0) {
        fprintf(stderr, "bench: '%s' gave no MEDIAN line or no run line (exit %d)\n", cmd, rc);
        return 0;
    }
    *plies = atof(pl + 7);
    return atof(rate + 14);
}

/* The rollout program runs until its wall clock passes SECONDS but reports a
 * rate per second of processor time: on a loaded machine a run of run_s may
 * get a tenth of that on a CPU, and its figure is noise. A figure needs at
 * least this share of run_s of processor time; a run with less is run again,
 * SECONDS scaled by run_s / C, at most OSP_TRIES runs (the first included)
 * and SECONDS at most OSP_STRETCH x run_s; the last run is the figure. */
#define OSP_MIN_CPU 0.75
#define OSP_TRIES 3
#define OSP_STRETCH 8.0
static int osp_figures, osp_repeated, osp_short; /* figures; run again; still short of the minimum */
static double osp_least_cpu = -1;                /* the least processor time a figure used */
static char osp_short_games[256];                /* the games of the short ones */

/* One figure of the peer (run_openspiel_once, again while it had too little
 * processor time); *games and osp_cut add the figure's run's. */
static double run_openspiel(const char *prog, const char *game, int seed, double *plies, double *games)
{
    double seconds = run_s, rate = 0, n = 0, cut = 0, cpu = 0;
    int tries = 1;
    for (;; tries++) {
        rate = run_openspiel_once(prog, game, seed, seconds, plies, &n, &cut, &cpu);
        if (rate <= 0)
            return 0;
        if (cpu >= OSP_MIN_CPU * run_s || tries == OSP_TRIES || seconds >= OSP_STRETCH * run_s)
            break;
        seconds = fmin(seconds * run_s / fmax(cpu, 1e-3), OSP_STRETCH * run_s);
    }
    *games += n;
    osp_cut += cut;
    osp_figures++;
    osp_repeated += tries > 1;
    osp_least_cpu = osp_least_cpu < 0 ? cpu : fmin(osp_least_cpu, cpu);
    if (cpu < OSP_MIN_CPU * run_s && osp_short++ < 8) /* after the tries: the check fails */
        snprintf(osp_short_games + strlen(osp_short_games), sizeof osp_short_games - strlen(osp_short_games),
                 "%s%s %.3f s", *osp_short_games ? ", " : "", game, cpu);
    return rate;
}

/* OpenSpiel's actions in tavola's move m where each jump is one (OSP_JUMPS):
 * a move's path is its start and each landing (tv_pieces_path), so a step is
 * one action and a chain of k jumps k. */
static long jump_actions(const tv_rules *r, tv_move m)
{
    int path[TV_PMOVE_CHAIN_LIMIT + 1], n = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1);
    if (n < 2)
        die_text(r->name, "a move with no path: a peer row of OSP_JUMPS needs pieces that move");
    return n - 1;
}

/* One game of count_actions, as it goes. */
typedef struct action_count {
    const peer_game *p;
    long actions, quiet, cut; /* OpenSpiel's actions; since a capture; where its draw rule ends the game, or -1 */
    int owned;                /* pieces on the board */
} action_count;

static void count_move(void *ctx, const tv_rules *r, const tv_state *s, tv_move m)
{
    action_count *c = ctx;
    int owned = s->owned[0] + s->owned[1];
    if (m != TV_MOVE_NONE) {
        long a = c->p->actions == OSP_JUMPS ? jump_actions(r, m) : 1;
        c->actions += a;
        c->quiet = owned < c->owned ? 0 : c->quiet + a; /* a capture restarts OpenSpiel's count */
        if (c->p->osp_quiet && c->cut < 0 && c->quiet >= c->p->osp_quiet)
            c->cut = c->actions;
    }
    c->owned = owned;
}

/* A peer row's random games in OpenSpiel's unit (OSP_JUMPS, osp_quiet):
 * games played move by move (game_by_moves, tv_random_playout's procedure),
 * each move counted in OpenSpiel's actions, and also up to where OpenSpiel's
 * draw rule would end the game; their mean length in actions and in moves,
 * and the mean and spread of what the length check compares. */
static void count_actions(const tv_rules *r, const peer_game *p, peer_figures *m)
{
    int games = quick ? 500 : 20000;
    double all = 0, sum = 0, sq = 0, turns = 0;
    tv_rng rng;
    tv_rng_seed(&rng, 4242);
    for (int g = 0; g < games; g++) {
        tv_state_buf buf;
        action_count c = {p, 0, 0, -1, 0};
        game_by_moves(r, (uint64_t)(3000000 + g), &rng, &buf.state, count_move, &c, p->label);
        double a = (double)(c.cut >= 0 ? c.cut : c.actions);
        all += (double)c.actions;
        sum += a;
        sq += a * a;
        turns += buf.state.ply;
    }
    m->act_games = games;
    m->act_all = all / games;
    m->act = sum / games;
    m->act_turns = turns / games;
    double var = sq / games - m->act * m->act;
    m->act_sd = var > 0 ? sqrt(var) : 0;
}

/* One peer row: tavola's random playouts, a host's loop over tavola.h and
 * OpenSpiel's rollouts of the same game in turns, run for run, all per
 * second of processor time; the medians, and the spread of the ratios of
 * the pairs. prog NULL: tavola's two alone (m->measured stays 0). */
static void measure_peer(const char *prog, const peer_game *p, peer_figures *m)
{
    double rt[16], ro[16], q[16], ra[16], plies = 0, osp_plies = 0, osp_games = 0;
    int ok = 1;
    osp_cut = 0;
    tv_ruleset *rs = try_load(p->path, p->options, m->why, sizeof m->why);
    if (!rs) { /* not loadable (yet): OpenSpiel alone, for its figures */
        m->unloadable = 1;
        if (!prog)
            return;
        for (int i = 0; i < runs && ok; i++) {
            ro[i] = run_openspiel(prog, p->openspiel, i + 1, &plies, &osp_games);
            ok = ro[i] > 0;
            osp_plies += plies;
        }
        m->osp_only = 1;
        if (ok) {
            m->osp = median(ro, runs);
            m->osp_plies = osp_plies / runs / osp_per_turn(p);
            m->osp_games = osp_games;
            m->cut = osp_cut;
        } else {
            m->failed = 1;
        }
        return;
    }
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf start; /* the cells a game is played on: the board less its blocked cells */
    tv_error err;
    if (tv_state_new(r, 1, &start.state, &err))
        die(p->path, &err);
    for (int c = 0; c < r->ncells; c++)
        m->cells += start.state.cells[c] != TV_BLOCK;
    runner x = make_runner(RUN_ENGINE, r);
    runner h = make_abi_runner(r, p->path, p->options);
    for (int i = 0; i < runs && ok; i++) {
        rt[i] = measure(&x);
        ra[i] = measure(&h);
        if (!prog)
            continue;
        ro[i] = run_openspiel(prog, p->openspiel, i + 1, &plies, &osp_games);
        ok = ro[i] > 0;
        osp_plies += plies;
        q[i] = rt[i] / ro[i];
    }
    if (ok) {
        m->tv_plies = x.plies / x.games;
        m->tv_games = x.games;
        double var = x.sq / x.games - m->tv_plies * m->tv_plies;
        m->tv_sd = var > 0 ? sqrt(var) : 0;
        m->tv = median(rt, runs);
        m->abi = median(ra, runs);
        m->abi_plies = h.plies / h.games;
    }
    if (ok && prog) {
        m->osp_games = osp_games;
        m->osp_plies = osp_plies / runs / osp_per_turn(p); /* in turns (checkers, Morris: actions) */
        m->osp = median(ro, runs);
        qsort(q, (size_t)runs, sizeof *q, cmp_double);
        m->lo = q[0];
        m->hi = q[runs - 1];
        m->measured = 1;
        m->cut = osp_cut;
        if (p->actions == OSP_JUMPS || p->osp_quiet) /* after the timing: no part in the rates */
            count_actions(r, p, m);
    } else if (!ok) {
        m->failed = 1;
    }
    free_abi_runner(&h);
    tv_ruleset_free(rs);
}

/* Each peer row (measure_peer) that BENCH_ONLY lists. */
static void measure_peers(const char *prog, const char *only)
{
    for (int g = 0; g < NPEERS; g++)
        if (!(only && *only && !listed(only, peer_games[g].label)))
            measure_peer(prog, &peer_games[g], &peer_figs[g]);
}

/* The length check of a measured peer row: the same rules play games of the
 * same average length. Within 3%, or, where few games were played
 * (BENCH_QUICK, chess's lengths spread widely), within 5 standard errors of
 * the difference of the two means (tavola's spread standing for both). In
 * OpenSpiel's unit: moves, or for OSP_JUMPS actions, tavola's counted over
 * games played move by move (count_actions). */
static void check_peer_length(const peer_game *p, const peer_figures *m)
{
    int acts = m->act_games > 0;
    double tv = acts ? m->act : m->tv_plies, sd = acts ? m->act_sd : m->tv_sd;
    double n = acts ? m->act_games : m->tv_games, tol = 0.03 * tv, se = 0;
    const char *unit = acts && p->actions == OSP_JUMPS ? "actions (a step or a jump each)" : "plies";
    char how[256] = "";
    if (acts && p->osp_quiet)
        snprintf(how, sizeof how, "; tavola's over %.0f games move by move: %.2f moves = %.2f actions, "
                 "%.2f up to OpenSpiel's draw (%d actions without a capture)", m->act_games, m->act_turns,
                 m->act_all, m->act, p->osp_quiet);
    else if (acts)
        snprintf(how, sizeof how, "; tavola's over %.0f games move by move: %.2f moves = %.2f actions",
                 m->act_games, m->act_turns, m->act_all);
    if (n > 0 && m->osp_games > 0)
        se = sd * sqrt(1 / n + 1 / m->osp_games);
    if (5 * se > tol)
        check(fabs(tv - m->osp_plies) <= 5 * se,
              "%s: average %s, tavola %.2f / OpenSpiel %.2f (%.0f / %.0f games, within 5 standard "
              "errors: %.2f)%s", p->name, unit, tv, m->osp_plies, n, m->osp_games, 5 * se, how);
    else
        check(fabs(tv - m->osp_plies) <= tol, "%s: average %s, tavola %.2f / OpenSpiel %.2f (within 3%%)%s",
              p->name, unit, tv, m->osp_plies, how);
}

/* ---- big boards ------------------------------------------------------------ */

/* Boards past 64 cells: each family at growing sizes, smallest first (rows
 * of one family share a label), measured as the peer rows are (measure_peer)
 * to show the cost per ply against the cells. OpenSpiel's othello is 8x8
 * only (no parameter): NULL past it. Its breakthrough takes rows and
 * columns (no limit but a board of 2 rows or more), hex and y a board_size
 * (commit 112b777). */
static const peer_game big_boards[] = {
    {"Othello 8x8", "othello", "rulesets/othello.lua", "size=8", "othello", 0, OSP_TURNS, 0},
    {"Othello 12x12", "othello", "rulesets/othello.lua", "size=12", NULL, 0, OSP_TURNS, 0},
    {"Othello 16x16", "othello", "rulesets/othello.lua", "size=16", NULL, 0, OSP_TURNS, 0},
    {"Breakthrough 8x8", "breakthrough", "rulesets/breakthrough.lua", "width=8,height=8",
     "breakthrough(rows=8,columns=8)", 0, OSP_TURNS, 0},
    {"Breakthrough 12x12", "breakthrough", "rulesets/breakthrough.lua", "width=12,height=12",
     "breakthrough(rows=12,columns=12)", 0, OSP_TURNS, 0},
    {"Breakthrough 16x16", "breakthrough", "rulesets/breakthrough.lua", "width=16,height=16",
     "breakthrough(rows=16,columns=16)", 0, OSP_TURNS, 0},
    {"Hex 11x11", "hex", "rulesets/hex.lua", "size=11", "hex(board_size=11)", 0, OSP_TURNS, 0},
    {"Hex 13x13", "hex", "rulesets/hex.lua", "size=13", "hex(board_size=13)", 0, OSP_TURNS, 0},
    {"Hex 19x19", "hex", "rulesets/hex.lua", "size=19", "hex(board_size=19)", 0, OSP_TURNS, 0},
    {"Y, size 13", "y", "rulesets/y.lua", "size=13", "y(board_size=13)", 0, OSP_TURNS, 0},
    {"Y, size 19", "y", "rulesets/y.lua", "size=19", "y(board_size=19)", 0, OSP_TURNS, 0},
    {"Y, size 25", "y", "rulesets/y.lua", "size=25", "y(board_size=25)", 0, OSP_TURNS, 0},
};
enum { NBIG = sizeof big_boards / sizeof *big_boards };
static peer_figures big_figs[NBIG];
static int big_measured; /* BENCH_ONLY named them, or named nothing */
static double big_run_s; /* their run length */

/* Nanoseconds a ply from games per second and plies a game; 0: not measured. */
static double ns_per_ply(double rate, double plies) { return rate > 0 && plies > 0 ? 1e9 / (rate * plies) : 0; }

/* The first row of row i's family: its smallest board. */
static int big_smallest(int i)
{
    while (i > 0 && strcmp(big_boards[i - 1].label, big_boards[i].label) == 0)
        i--;
    return i;
}

/* Whether row i is the last, largest, of its family. */
static int big_largest(int i) { return i == NBIG - 1 || strcmp(big_boards[i + 1].label, big_boards[i].label) != 0; }

/* tavola's playout cost per ply per cell, over that of the family's
 * smallest board; 0: either not measured. */
static double big_growth(int i)
{
    const peer_figures *m = &big_figs[i], *s = &big_figs[big_smallest(i)];
    double a = ns_per_ply(m->tv, m->tv_plies), b = ns_per_ply(s->tv, s->tv_plies);
    return a > 0 && b > 0 ? (a / m->cells) / (b / s->cells) : 0;
}

/* Every row, OpenSpiel beside where it has the game. BENCH_QUICK without
 * OpenSpiel (make check): runs of a quarter of its run length (0.01 s), the
 * code run, the figures coarse; with OpenSpiel its run length, whose runs
 * warm up for 0.2 s whatever their length and whose minimum of processor
 * time (run_openspiel) is checked against one run length. */
static void measure_big_boards(const char *prog, const char *only)
{
    if (only && *only && !listed(only, "bigboards"))
        return;
    double saved = run_s;
    run_s = big_run_s = quick && !prog ? run_s / 4 : run_s;
    for (int i = 0; i < NBIG; i++)
        measure_peer(big_boards[i].openspiel ? prog : NULL, &big_boards[i], &big_figs[i]);
    run_s = saved;
    big_measured = 1;
}

/* The rows' rulesets: tv_random_playout plays them as the kernel does
 * (check_playout_path), at sizes the ruleset table does not measure. */
static void check_big_board_paths(const char *only)
{
    if (only && *only && !listed(only, "bigboards"))
        return;
    for (int i = 0; i < NBIG; i++) {
        char why[160];
        tv_ruleset *rs = try_load(big_boards[i].path, big_boards[i].options, why, sizeof why);
        if (!rs) /* said under the table */
            continue;
        check_playout_path(tv_ruleset_rules(rs), big_boards[i].name);
        tv_ruleset_free(rs);
    }
}

static void fmt_ns(char *buf, size_t size, double ns)
{
    if (ns <= 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, ns >= 100 ? "%.0f" : "%.1f", ns);
}

static void print_big_boards(const char *osp, const char *only)
{
    if (!big_measured) {
        printf("\nbig boards: not measured in this run (BENCH_ONLY=%s: add bigboards)\n", only);
        return;
    }
    printf("\n| board sizes: ns per ply (random playouts) | cells | tavola playout ns/ply | tavola host's loop ns/ply "
           "| OpenSpiel ns/ply | tavola/OpenSpiel (games/s) | cost per ply / cells, relative to the smallest "
           "| plies tavola/OpenSpiel |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < NBIG; i++) {
        const peer_game *p = &big_boards[i];
        const peer_figures *m = &big_figs[i];
        char a[32], b[32], c[32], q[32] = "-", g[32] = "-", pl[64];
        if (m->unloadable) {
            printf("| %s | - | not loadable | - | - | - | - | - |\n", p->name);
            continue;
        }
        fmt_ns(a, sizeof a, ns_per_ply(m->tv, m->tv_plies));
        fmt_ns(b, sizeof b, ns_per_ply(m->abi, m->abi_plies));
        fmt_ns(c, sizeof c, ns_per_ply(m->osp, m->osp_plies));
        if (m->measured)
            snprintf(q, sizeof q, "**%.2f**", m->tv / m->osp);
        if (big_growth(i) > 0)
            snprintf(g, sizeof g, "%.2f", big_growth(i));
        if (m->measured)
            snprintf(pl, sizeof pl, "%.2f / %.2f", m->tv_plies, m->osp_plies);
        else
            snprintf(pl, sizeof pl, "%.2f / -", m->tv_plies);
        printf("| %s | %d | %s | %s | %s | %s | %s | %s |\n", p->name, m->cells, a, b,
               !p->openspiel ? "-" : m->failed ? "no figures" : !osp ? "not measured" : c, q, g, pl);
    }
    printf("\nBoard sizes: each game at growing sizes, measured as the OpenSpiel peer rows are: tavola's random\n"
           "playouts, a host's loop over tavola.h and OpenSpiel's rollout program in turns, %d runs of %.2f s\n"
           "each, per second of processor time, the medians; ns per ply = 1e9 / (games/s x that side's average\n"
           "plies). Cells: those a game is played on (Y's triangle, not its rhombus). Cost per ply / cells:\n"
           "tavola's playout ns per ply per cell over the smallest board's (1: the cost per ply grows as the\n"
           "cells, below 1: more slowly). OpenSpiel \"-\": it has no such size (its othello is 8x8 only).%s\n",
           runs, big_run_s, quick ? " BENCH_QUICK: the figures coarse." : "");
    for (int i = 0; i < NBIG; i++)
        if (big_figs[i].unloadable)
            printf("%s: tavola's %s (%s) is not loadable (%s)\n", big_boards[i].name, big_boards[i].path,
                   big_boards[i].options, big_figs[i].why);
}

/* The checks of the big-board rows OpenSpiel measured: figures, and the
 * lengths (check_peer_length). */
static void check_big_boards(void)
{
    for (int i = 0; i < NBIG; i++) {
        if (big_figs[i].failed)
            check(0, "%s: OpenSpiel's rollout program gave no figures for %s", big_boards[i].name,
                  big_boards[i].openspiel);
        if (big_figs[i].measured)
            check_peer_length(&big_boards[i], &big_figs[i]);
    }
}

/* The targets: (a) the cost per ply grows at most about as the cells, each
 * family's largest board's per cell at most 1.5 x its smallest's; (b) at
 * least 2.5 x OpenSpiel's games/s at every size it has. */
static void big_board_targets(const char *osp)
{
    if (!big_measured) {
        printf("- big boards: not measured (BENCH_ONLY: add bigboards)\n");
        return;
    }
    printf("- big boards, tavola's playout ns per ply per cell at the largest size <= 1.5 x at the smallest:");
    for (int i = 0, first = 1; i < NBIG; i++)
        if (big_largest(i)) {
            double g = big_growth(i);
            printf("%s %s %.2f (%s)", first ? "" : ",", big_boards[i].name, g, target(g > 0 && g <= 1.5));
            first = 0;
        }
    printf("\n");
    if (!osp) {
        printf("- big boards, tavola's playouts >= 2.5 x OpenSpiel's: not measured (no OpenSpiel in this run)\n");
        return;
    }
    int n = 0, at = -1;
    double low = 0;
    for (int i = 0; i < NBIG; i++)
        if (big_boards[i].openspiel) { /* a size not measured counts as 0 */
            double q = big_figs[i].measured ? big_figs[i].tv / big_figs[i].osp : 0;
            n += big_figs[i].measured;
            if (at < 0 || q < low)
                low = q, at = i;
        }
    printf("- big boards, tavola's playouts >= 2.5 x OpenSpiel's at every size it has (%d measured): lowest %.2f, "
           "%s (%s)\n", n, low, at >= 0 ? big_boards[at].name : "-", target(low >= 2.5));
}

/* ---- perft beside Stockfish ---------------------------------------------- */

/* Chess perft from published positions (the chess programming wiki's perft
 * page): tavola's tv_perft on rulesets/chess.lua in this process, and
 * Stockfish's `go perft` (Debian's package) in one child process, in turns,
 * run for run. Both count the last ply in bulk: tv_perft returns the number
 * of legal moves at depth 1 without playing them, and Stockfish's perft
 * counts the legal moves of each position at depth 2 (its `leaf` case)
 * without making them. The nodes are the leaves, the published counts. A
 * shallower depth under BENCH_QUICK. */
typedef struct perft_pos {
    const char *name, *fen;
    int depth, qdepth;       /* full run, BENCH_QUICK */
    long long nodes, qnodes; /* the published counts at those depths */
} perft_pos;

static const perft_pos perft_positions[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4, 4865609, 197281},
    {"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 3, 4085603, 97862},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 4, 674624, 43238},
};
enum { NPERFT = sizeof perft_positions / sizeof *perft_positions };

typedef struct perft_figures {
    double tv, sf;                /* leaf nodes per second of processor time, medians */
    long long tv_nodes, sf_nodes; /* the counts found (sf: -1 when its runs disagreed) */
    int sf_reps;                  /* Stockfish's perfts a run */
    int tv_done, sf_done;
    char tv_unread[160];          /* why tavola's chess did not read the position */
} perft_figures;

static perft_figures perft_figs[NPERFT];
static char sf_version[96] = "";
static const char *sf_clock = "";   /* how the child's processor time was read */
static char sf_trouble[200] = ""; /* Stockfish was found but did not run */

/* Stockfish: BENCH_STOCKFISH, else `stockfish` on PATH, else Debian's
 * /usr/games/stockfish (not on every PATH). NULL when there is none. */
static const char *find_stockfish(char *buf, size_t size)
{
    const char *env = getenv("BENCH_STOCKFISH");
    if (env && *env) {
        snprintf(buf, size, "%s", env);
        return access(buf, X_OK) == 0 ? buf : NULL;
    }
    const char *path = getenv("PATH");
    for (const char *p = path; p && *p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
        int n = (int)strcspn(p, ":");
        snprintf(buf, size, "%.*s/stockfish", n, p);
        if (n > 0 && access(buf, X_OK) == 0)
            return buf;
    }
    snprintf(buf, size, "/usr/games/stockfish");
    return access(buf, X_OK) == 0 ? buf : NULL;
}

/* The processor time of a running child, all its threads, in seconds: the
 * sum of its threads' /proc/PID/task/TID/schedstat (nanoseconds on a CPU, the
 * time CLOCK_PROCESS_CPUTIME_ID counts), or else /proc/PID/stat's user and
 * system time (clock ticks). -1 when neither can be read. Read while the
 * child waits for a command, the figures are settled. */
static double child_cpu(pid_t pid)
{
    char path[96];
    snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
    DIR *d = opendir(path);
    double ns = 0;
    int threads = 0, ok = d != NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char file[160];
        unsigned long long t;
        snprintf(file, sizeof file, "/proc/%ld/task/%.40s/schedstat", (long)pid, e->d_name);
        FILE *f = fopen(file, "r");
        if (f && fscanf(f, "%llu", &t) == 1)
            ns += (double)t, threads++;
        else
            ok = 0;
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
    if (ok && threads) {
        sf_clock = "the sum of its threads' /proc/PID/task/TID/schedstat";
        return ns * 1e-9;
    }
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    char line[1024];
    unsigned long ut, st;
    const char *rp = f && fgets(line, sizeof line, f) ? strrchr(line, ')') : NULL;
    if (f)
        fclose(f);
    if (!rp || sscanf(rp + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return -1;
    sf_clock = "/proc/PID/stat's user and system time (clock ticks)";
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* One Stockfish process for all the perft rows, spoken to through pipes. */
typedef struct sf_proc {
    pid_t pid;
    FILE *to, *from;
} sf_proc;

/* Starts Stockfish and waits for its readyok (its start-up, the network
 * and the hash table, is done then and is not measured). 0, or -1. */
static int sf_start(sf_proc *p, const char *prog)
{
    int in[2], out[2];
    if (pipe(in))
        return -1;
    if (pipe(out)) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    fflush(stdout);
    p->pid = fork();
    if (p->pid < 0)
        return -1;
    if (p->pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl(prog, prog, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->to = fdopen(in[1], "w");
    p->from = fdopen(out[0], "r");
    if (!p->to || !p->from)
        return -1;
    fprintf(p->to, "isready\n");
    fflush(p->to);
    char line[512];
    while (fgets(line, sizeof line, p->from)) {
        if (!*sf_version && strncmp(line, "Stockfish ", 10) == 0) /* "Stockfish 15.1 by the ..." */
            snprintf(sf_version, sizeof sf_version, "%.*s", 10 + (int)strcspn(line + 10, " \n"), line);
        if (strncmp(line, "readyok", 7) == 0)
            return 0;
    }
    return -1;
}

/* `quit`, and the child's end. */
static void sf_stop(sf_proc *p)
{
    if (p->to) {
        fprintf(p->to, "quit\n");
        fclose(p->to);
    }
    char line[512];
    while (p->from && fgets(line, sizeof line, p->from))
        ;
    if (p->from)
        fclose(p->from);
    int status;
    if (p->pid > 0)
        waitpid(p->pid, &status, 0);
}

/* `position fen FEN` and `go perft DEPTH` reps times; the processor time the
 * child spent on them (read before and after, while it waits), or -1 when it
 * did not answer. *nodes: the count of its "Nodes searched:" lines, -1 when
 * they differ. Its `go` waits for the search before it, so the commands can
 * be sent at once (they fit in the pipe: reps <= 2000). */
static double sf_perft(sf_proc *p, const char *fen, int depth, int reps, long long *nodes)
{
    double c0 = child_cpu(p->pid);
    fprintf(p->to, "position fen %s\n", fen);
    for (int i = 0; i < reps; i++)
        fprintf(p->to, "go perft %d\n", depth);
    if (fflush(p->to) != 0)
        return -1;
    char line[512];
    int found = 0;
    *nodes = 0;
    while (found < reps && fgets(line, sizeof line, p->from)) {
        long long n;
        if (sscanf(line, "Nodes searched: %lld", &n) == 1) {
            *nodes = found && *nodes != n ? -1 : n;
            found++;
        }
    }
    double c1 = child_cpu(p->pid);
    return found == reps && c0 >= 0 && c1 >= 0 ? c1 - c0 : -1;
}

/* Perft from the start of the chess family's other games, against their
 * published counts: international draughts (Aart Bik's, rulesets/draughts.lua
 * draws=0) and Makruk (Fairy-Stockfish's tests/perft.sh); and Nine Men's
 * Morris (OpenSpiel's published counts, to depth 4, where no mill can be made
 * yet and its removal actions do not count). No peer runs them here
 * (Stockfish plays chess only), so each row is a figure and a check.
 * Printed at once, with the checks. */
typedef struct start_perft {
    const char *name, *path, *options;
    int depth, qdepth;
    long long nodes, qnodes;
} start_perft;

static const start_perft start_perfts[] = {
    {"International draughts", "rulesets/draughts.lua", "draws=0", 8, 6, 6483961, 167140},
    {"Makruk", "rulesets/makruk.lua", "draws=0", 4, 4, 273026, 273026}, /* only depth 4 is published */
    /* OpenSpiel's counts a removal as an action: equal to whole turns to depth 4 */
    {"Nine Men's Morris", "rulesets/nine_mens_morris.lua", NULL, 4, 4, 255024, 255024},
};

static void measure_start_perfts(const char *only)
{
    enum { N = sizeof start_perfts / sizeof *start_perfts };
    if (only && *only && !listed(only, "draughts") && !listed(only, "makruk") && !listed(only, "nine_mens_morris") &&
        !listed(only, "perft"))
        return;
    printf("\n| perft from the start (leaf nodes/s) | depth | nodes (published) | tavola |\n|---|---:|---:|---:|\n");
    long long got[N];
    char unread[N * 200] = "";
    for (int k = 0; k < N; k++) {
        const start_perft *sp = &start_perfts[k];
        int depth = quick ? sp->qdepth : sp->depth;
        char why[160] = "", rate[32] = "not loadable";
        got[k] = -1;
        tv_ruleset *rs = try_load(sp->path, sp->options, why, sizeof why);
        if (rs) {
            tv_error err;
            tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
            if (!g)
                die(sp->name, &err);
            double rates[16];
            for (int i = 0; i < runs; i++) {
                double t0 = now(), t;
                long long total = 0;
                do {
                    int64_t n = tv_perft(g->rules, g->state, depth, &err);
                    if (n < 0)
                        die("perft", &err);
                    got[k] = n;
                    total += n;
                } while ((t = now() - t0) < run_s);
                rates[i] = (double)total / t;
            }
            fmt_rate(rate, sizeof rate, median(rates, runs));
            tv_game_free(g);
            tv_ruleset_free(rs);
        }
        printf("| %s | %d | %lld | %s |\n", sp->name, depth, quick ? sp->qnodes : sp->nodes, rate);
        if (!rs) /* said under the table: a line here would end it */
            snprintf(unread + strlen(unread), sizeof unread - strlen(unread), "(%s: %s)\n", sp->path, why);
    }
    printf("\n%s(tv_perft on each ruleset, its draw rules off, the median of %d runs of %.2f s; no peer in this run:\n"
           "OpenSpiel has neither draughts nor Makruk. Draughts counts one move per set of pieces taken, as published.)\n",
           unread, runs, run_s);
    for (int k = 0; k < N; k++) {
        const start_perft *sp = &start_perfts[k];
        long long want = quick ? sp->qnodes : sp->nodes;
        check(got[k] == want, "perft %s from the start, depth %d: tavola %lld, published %lld", sp->name,
              quick ? sp->qdepth : sp->depth, got[k], want);
    }
}

/* Each position: tavola's perft for run_s (at least once) and Stockfish's
 * perfts for about run_s (their number set from a first one), in turns,
 * runs times; the medians. chess: the ruleset, or NULL. */
static void measure_perft(const tv_rules *chess, const char *prog, const char *only)
{
    if (only && *only && !listed(only, "chess") && !listed(only, "perft"))
        return;
    sf_proc sp = {0, NULL, NULL};
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN); /* a Stockfish that died: EPIPE, not death */
    int sf = prog != NULL;
    if (sf && sf_start(&sp, prog)) {
        snprintf(sf_trouble, sizeof sf_trouble, "%.120s did not start (no readyok)", prog);
        sf = 0;
    }
    tv_error err;
    tv_game *g = chess ? tv_game_new(chess, 1, &err) : NULL;
    if (chess && !g)
        die("chess", &err);
    for (int k = 0; k < NPERFT; k++) {
        const perft_pos *pp = &perft_positions[k];
        perft_figures *m = &perft_figs[k];
        int depth = quick ? pp->qdepth : pp->depth, reps = 1;
        int have_tv = g && tv_game_set_position(g, pp->fen, &err) == TV_OK;
        if (g && !have_tv)
            snprintf(m->tv_unread, sizeof m->tv_unread, "%.150s", err.msg);
        if (sf) { /* calibration: the perfts that make about run_s */
            long long n;
            double t = sf_perft(&sp, pp->fen, depth, 1, &n);
            if (t < 0) {
                snprintf(sf_trouble, sizeof sf_trouble, "%.120s stopped answering (perft %d from %s)", prog, depth,
                         pp->name);
                sf = 0;
            }
            reps = (int)ceil(run_s / (t > 1e-4 ? t : 1e-4));
            reps = reps < 1 ? 1 : reps > 2000 ? 2000 : reps;
            m->sf_reps = reps;
        }
        double rt[16], rs[16];
        int nt = 0, ns = 0;
        for (int i = 0; i < runs; i++) {
            if (have_tv) {
                double t0 = now(), t;
                long long total = 0;
                do {
                    int64_t n = tv_perft(chess, g->state, depth, &err);
                    if (n < 0)
                        die("chess perft", &err);
                    m->tv_nodes = n;
                    total += n;
                } while ((t = now() - t0) < run_s);
                rt[nt++] = (double)total / t;
            }
            if (sf) {
                long long n;
                double t = sf_perft(&sp, pp->fen, depth, reps, &n);
                if (t < 0) {
                    snprintf(sf_trouble, sizeof sf_trouble, "%.120s stopped answering (perft %d from %s)", prog, depth,
                             pp->name);
                    sf = 0;
                    break;
                }
                rs[ns++] = t > 0 ? (double)n * reps / t : 0;
                if (!m->sf_done)
                    m->sf_nodes = n;
                else if (n != m->sf_nodes)
                    m->sf_nodes = -1;
                m->sf_done = 1;
            }
        }
        m->tv_done = nt > 0;
        m->tv = nt ? median(rt, nt) : 0;
        m->sf = ns == runs && m->sf_nodes > 0 ? median(rs, ns) : 0;
    }
    if (g)
        tv_game_free(g);
    if (prog)
        sf_stop(&sp);
    signal(SIGPIPE, old_pipe);
}

/* bench playouts FILE COUNT [OPTIONS]: only COUNT engine playouts of one
 * ruleset (or of a baseline: FILE baseline-pahtum, -tihbat or -breakthrough), for a
 * profiler (valgrind --tool=callgrind, perf). */
static int profile(int argc, char **argv)
{
    if (strncmp(argv[2], "baseline-", 9) == 0) { /* bench playouts baseline-pahtum COUNT */
        static bl_tihbat_hist h;
        bl_rng rng = {1};
        long n = atol(argv[3]), plies = 0;
        double t0 = now();
        for (long i = 0; i < n; i++) {
            if (strcmp(argv[2], "baseline-pahtum") == 0) {
                bl_pahtum g;
                bl_pahtum_setup(&g, (uint64_t)i);
                bl_pahtum_playout(&g, &rng);
                plies += g.ply;
            } else if (strcmp(argv[2], "baseline-breakthrough") == 0) {
                bl_breakthrough g;
                bl_breakthrough_setup(&g);
                bl_breakthrough_playout(&g, &rng);
                plies += g.ply;
            } else {
                bl_tihbat g;
                bl_tihbat_setup(&g, &h);
                bl_tihbat_playout(&g, &h, &rng);
                plies += g.ply;
            }
        }
        double t = now() - t0;
        printf("%s: %ld playouts, %.2f plies each, %.0f playouts/s\n", argv[2], n, (double)plies / n, n / t);
        return 0;
    }
    tv_ruleset *rs = load(argv[2], argc > 4 ? argv[4] : NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf buf;
    tv_rng rng;
    tv_rng_seed(&rng, 1);
    long n = atol(argv[3]), plies = 0;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        engine_game(r, (uint64_t)i, &rng, &buf.state);
        plies += buf.state.ply;
    }
    double t = now() - t0;
    printf("%s: %ld playouts, %.2f plies each, %.0f playouts/s\n", argv[2], n, (double)plies / n, n / t);
    tv_ruleset_free(rs);
    return 0;
}

/* bench perft FILE DEPTH [POSITION [OPTIONS]]: tv_perft once from the start
 * or from a position (FEN for chess; "" for the start), for a profiler. */
static int profile_perft(int argc, char **argv)
{
    tv_ruleset *rs = load(argv[2], argc > 5 ? argv[5] : NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    if (!g || (argc > 4 && *argv[4] && tv_game_set_position(g, argv[4], &err)))
        die(argv[2], &err);
    double t0 = now();
    int64_t n = tv_perft(r, g->state, atoi(argv[3]), &err);
    double t = now() - t0;
    if (n < 0)
        die("perft", &err);
    printf("perft %s %d: %lld in %.3f s, %.0f/s\n", argv[2], atoi(argv[3]), (long long)n, t, (double)n / t);
    tv_game_free(g);
    tv_ruleset_free(rs);
    return 0;
}

/* bench search mcts|alphabeta FILE BUDGET: one search from the start
 * position with that many iterations (nodes), for a profiler. */
static int profile_search(char **argv)
{
    tv_ruleset *rs = load(argv[3], NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    tv_player *p = tv_player_new(r, argv[2], 7, &err);
    if (!g || !p)
        die(argv[2], &err);
    tv_budget b = {atol(argv[4]), 0, 0};
    tv_move best;
    double t0 = now();
    if (tv_player_choose(p, g, &b, &best, &err))
        die(argv[2], &err);
    double t = now() - t0;
    printf("%s %s: %llu in %.3f s, %.0f/s\n", argv[2], argv[3], (unsigned long long)tv_player_info(p)->nodes, t,
           (double)tv_player_info(p)->nodes / t);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[1], "playouts") == 0)
        return profile(argc, argv);
    if (argc >= 5 && strcmp(argv[1], "search") == 0)
        return profile_search(argv);
    if (argc >= 4 && strcmp(argv[1], "perft") == 0)
        return profile_perft(argc, argv);
    if (argc == 2 && strcmp(argv[1], "openspiel-games") == 0) { /* for the peer's build (GAMES) */
        /* Its directory names (open_spiel/games/NAME), without the
         * parameters ("go(board_size=9)": go), each once. */
        char list[2048] = " "; /* " a b c ": a name is listed when " name " is in it */
        for (int i = 0; i < NPEERS + NBIG; i++) {
            const char *g = i < NPEERS ? peer_games[i].openspiel : big_boards[i - NPEERS].openspiel;
            char name[64];
            if (!g)
                continue;
            snprintf(name, sizeof name, " %.*s ", (int)strcspn(g, "("), g);
            if (!strstr(list, name))
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s", name + 1);
        }
        list[strlen(list) - 1] = '\0';
        printf("%s\n", list + 1);
        return 0;
    }
    const char *q = getenv("BENCH_QUICK");
    quick = q && *q && strcmp(q, "0") != 0;
    if (quick) {
        runs = 3;
        run_s = 0.04;
        search_s = 0.03;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);

    game_bench games[] = {
        {.label = "pahtum", .path = "rulesets/pahtum.lua", .options = "holes=random"},
        {.label = "pahtum (Lua hooks)", .path = "tests/bench/pahtum_hooks.lua", .options = NULL},
        {.label = "tihbat", .path = "rulesets/tihbat.lua", .options = NULL},
        {.label = "tihbat (Lua hooks)", .path = "tests/bench/tihbat_hooks.lua", .options = NULL},
        {.label = "kalah", .path = "rulesets/kalah.lua", .options = NULL},
        {.label = "oware", .path = "rulesets/oware.lua", .options = NULL},
        {.label = "tictactoe", .path = "rulesets/tictactoe.lua", .options = NULL},
        {.label = "connect4", .path = "rulesets/connect4.lua", .options = NULL},
        {.label = "gomoku", .path = "rulesets/gomoku.lua", .options = NULL},
        {.label = "connect6", .path = "rulesets/connect6.lua", .options = NULL},
        {.label = "connect6 (Lua hooks)", .path = "tests/bench/connect6_hooks.lua", .options = NULL},
        {.label = "breakthrough", .path = "rulesets/breakthrough.lua", .options = NULL},
        {.label = "breakthrough (Lua hooks)", .path = "tests/bench/breakthrough_hooks.lua", .options = NULL},
        {.label = "clobber", .path = "rulesets/clobber.lua", .options = NULL},
        {.label = "checkers", .path = "rulesets/checkers.lua", .options = NULL},
        {.label = "lines_of_action", .path = "rulesets/lines_of_action.lua", .options = NULL},
        {.label = "pente", .path = "rulesets/pente.lua", .options = NULL},
        {.label = "pente (Lua hooks)", .path = "tests/bench/pente_hooks.lua", .options = NULL},
        {.label = "hasami_shogi", .path = "rulesets/hasami_shogi.lua", .options = NULL},
    };
    enum { PAHTUM, PAHTUM_HOOKS, TIHBAT, TIHBAT_HOOKS, KALAH, OWARE, TICTACTOE, CONNECT4, GOMOKU, CONNECT6,
           CONNECT6_HOOKS, BREAKTHROUGH, BREAKTHROUGH_HOOKS, CLOBBER, CHECKERS, LOA, PENTE, PENTE_HOOKS, HASAMI, NGAMES };
    for (int i = 0; i < NGAMES; i++)
        games[i].rs = load(games[i].path, games[i].options);

    char cpu[600];
    machine(cpu, sizeof cpu);
    int pinned = pin_cpu();
    if (pinned >= 0)
        snprintf(cpu + strlen(cpu), sizeof cpu - strlen(cpu), ", run on CPU %d alone (both sides)", pinned);
    const char *osp = getenv("BENCH_OPENSPIEL"); /* OpenSpiel's rollout program: measure the peer */
    if (osp && !*osp)
        osp = NULL;
    if (osp && access(osp, X_OK) != 0) {
        fprintf(stderr, "bench: BENCH_OPENSPIEL=%s is not a program\n", osp);
        return 2;
    }
    printf("tavola make bench%s: %d runs of %.2f s per figure, the median\n", quick ? " (BENCH_QUICK)" : "", runs,
           run_s);
#if defined(__clang__)
    const char *compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
    const char *compiler = "gcc " __VERSION__;
#else
    const char *compiler = "cc";
#endif
    char date[64] = "unknown"; /* when the run began: tools/bench_tables.sh dates the README's tables by it */
    time_t t0 = time(NULL);
    struct tm tm;
    if (gmtime_r(&t0, &tm))
        strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    printf("date: %s\n", date);
    printf("machine: %s\ntavola: %s, flags %s (library, driver and baselines alike)\n", cpu, compiler,
           TV_BENCH_FLAGS);
    if (osp) {
        double plies, n, cut, cpu;
        run_openspiel_once(osp, "tic_tac_toe", 1, run_s, &plies, &n, &cut, &cpu); /* for its compiler line */
        /* The build's VERSION file (BUILD/VERSION beside BUILD/bin/): its first line names the commit. */
        char version[1200], commit[48] = "commit unknown", line[512];
        snprintf(version, sizeof version, "%s", osp);
        for (int up = 0; up < 2 && strrchr(version, '/'); up++)
            *strrchr(version, '/') = '\0';
        strcat(version, "/VERSION");
        FILE *vf = fopen(version, "r");
        if (vf && fgets(line, sizeof line, vf) && sscanf(line, "open_spiel %12s", commit + 7) == 1)
            memcpy(commit, "commit ", 7);
        if (vf)
            fclose(vf);
        printf("OpenSpiel: %s, %s (%s)\n", commit, strrchr(osp, '/') ? strrchr(osp, '/') + 1 : osp,
               *osp_compiler ? osp_compiler : "compiler not reported");
    } else {
        printf("OpenSpiel: not measured (no BENCH_OPENSPIEL; make bench OPENSPIEL_SRC=DIR measures it)\n");
    }
    char sf_path[1024];
    const char *sf = find_stockfish(sf_path, sizeof sf_path); /* the perft peer */
    if (sf)
        printf("Stockfish: %s (chess perft beside tavola's)\n", sf);
    else
        printf("Stockfish: not measured (install the Debian package stockfish)\n");
    printf("\n");
    printf("Checks (what is compared plays the same games)\n");
    check_pahtum(tv_ruleset_rules(games[PAHTUM].rs));
    check_tihbat(tv_ruleset_rules(games[TIHBAT].rs));
    check_breakthrough(tv_ruleset_rules(games[BREAKTHROUGH].rs));
    check_same_games(tv_ruleset_rules(games[PENTE].rs), tv_ruleset_rules(games[PENTE_HOOKS].rs), "pente");
    check_same_games(tv_ruleset_rules(games[BREAKTHROUGH].rs), tv_ruleset_rules(games[BREAKTHROUGH_HOOKS].rs),
                     "breakthrough");
    for (int i = 0; i < NGAMES; i++)
        check_playout_path(tv_ruleset_rules(games[i].rs), games[i].label);
    check_big_board_paths(getenv("BENCH_ONLY"));
    fflush(stdout);

    figures bp = {0}, bt = {0}, bb = {0}; /* the C baselines */
    figures bt_data = {0}; /* Breakthrough as data, measured in turns with its hooks version */
    figures bt_steps = {0}, bh_steps = {0}; /* both move by move (tv_random_move, tv_play) */
    plain pp = {0}, pt = {0};    /* the plain-Lua peers */
    const char *only = getenv("BENCH_ONLY"); /* labels, comma-separated: measure only those */
    for (int i = 0; i < NGAMES; i++) {
        const tv_rules *r = tv_ruleset_rules(games[i].rs);
        figures *f = &games[i].f;
        if (only && *only && !listed(only, games[i].label))
            continue;
        if (i == PAHTUM)
            playouts_beside(r, RUN_BASELINE_PAHTUM, f, &bp);
        else if (i == TIHBAT)
            playouts_beside(r, RUN_BASELINE_TIHBAT, f, &bt);
        else if (i == BREAKTHROUGH)
            playouts_beside(r, RUN_BASELINE_BREAKTHROUGH, f, &bb);
        else if (i == PAHTUM_HOOKS)
            playouts_beside_plain(r, "tests/bench/plain_pahtum.lua", f, &pp);
        else if (i == TIHBAT_HOOKS)
            playouts_beside_plain(r, "tests/bench/plain_tihbat.lua", f, &pt);
        else if (i == PENTE) /* data and hooks in turns, run for run */
            playouts_beside_engine(r, tv_ruleset_rules(games[PENTE_HOOKS].rs), f, &games[PENTE_HOOKS].f);
        else if (i == BREAKTHROUGH_HOOKS) { /* in turns with the data ruleset, run for run */
            playouts_beside_engine(r, tv_ruleset_rules(games[BREAKTHROUGH].rs), f, &bt_data);
            steps_beside_playouts(tv_ruleset_rules(games[BREAKTHROUGH].rs), &bt_steps);
            steps_beside_playouts(r, &bh_steps);
        }
        else if (i != PENTE_HOOKS || !games[PENTE_HOOKS].f.playouts)
            engine_playouts(r, f);
        f->have_search = 1;
        f->mcts = search_rate(r, "mcts", &f->mcts_budget);
        f->ab = search_rate(r, "alphabeta", &f->ab_budget);
    }
    if (!pp.games && !pp.ok) /* its hook variant was not measured */
        pp = run_plain("tests/bench/plain_pahtum.lua", runs);
    if (!pt.games && !pt.ok)
        pt = run_plain("tests/bench/plain_tihbat.lua", runs);
    figures fpp = {0}, fpt = {0};
    fpp.playouts = pp.playouts, fpp.moves = pp.moves, fpp.plies = pp.plies;
    fpt.playouts = pt.playouts, fpt.moves = pt.moves, fpt.plies = pt.plies;

    printf("\n| %-22s | %11s | %9s | %9s | %8s | %9s | %6s | %6s |\n", "ruleset", "playouts/s", "moves/s",
           "MCTS it/s", "a-b n/s", "allocs/po", "state", "plies");
    printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", "------------------------", "------------:", "----------:",
           "----------:", "---------:", "----------:", "-------:", "-------:");
    for (int i = 0; i < NGAMES; i++) {
        row(games[i].label, &games[i].f, NULL, NULL);
        if (i == PAHTUM_HOOKS) {
            row("pahtum, C baseline", &bp, NULL, NULL);
            row("pahtum, plain Lua", &fpp, "-", "-");
        }
        if (i == TIHBAT_HOOKS) {
            row("tihbat, C baseline", &bt, NULL, NULL);
            row("tihbat, plain Lua", &fpt, "-", "-");
        }
        if (i == BREAKTHROUGH)
            row("breakthrough, C base", &bb, NULL, NULL);
    }
    printf("\nstate: bytes of one game state (rules->state_size; for a baseline, its struct); allocs/po: heap\n"
           "allocations per playout after warm-up; search budgets (start position, fixed):");
    for (int i = 0; i < NGAMES; i++)
        printf("%s %s mcts:iterations=%ld, alphabeta nodes=%ld", i ? ";" : "", games[i].label,
               games[i].f.mcts_budget, games[i].f.ab_budget);
    printf("\n");

    /* Ratios and targets. */
    const figures *P = &games[PAHTUM].f, *PH = &games[PAHTUM_HOOKS].f, *T = &games[TIHBAT].f,
                  *TH = &games[TIHBAT_HOOKS].f;
    double r_pb = ratio(P->playouts, bp.playouts), r_tb = ratio(T->playouts, bt.playouts);
    double r_bb = ratio(games[BREAKTHROUGH].f.playouts, bb.playouts);
    double r_pl = pp.ok ? ratio(P->playouts, pp.playouts) : 0, r_tl = pt.ok ? ratio(T->playouts, pt.playouts) : 0;
    double r_phl = pp.ok ? ratio(PH->playouts, pp.playouts) : 0;
    double r_thl = pt.ok ? ratio(TH->playouts, pt.playouts) : 0;
    printf("\n| ratio (playouts/s) | pahtum | tihbat | breakthrough | target |\n|---|---:|---:|---:|---|\n");
    printf("| tavola / C baseline | %.2f | %.2f | %.2f | >= 0.5 |\n", r_pb, r_tb, r_bb);
    printf("| tavola / plain Lua | %.1f | %.1f | - | |\n", r_pl, r_tl);
    printf("| Lua hooks / plain Lua | %.2f | %.2f | - | >= 5 (pahtum) |\n", r_phl, r_thl);
    printf("| Lua hooks / tavola | %.3f | %.3f | - | |\n", ratio(PH->playouts, P->playouts),
           ratio(TH->playouts, T->playouts));
    /* Two stones a turn, custodial captures: data against the same rules as hooks, in this run. */
    double r_c6 = ratio(games[CONNECT6].f.playouts, games[CONNECT6_HOOKS].f.playouts);
    double r_pente = ratio(games[PENTE].f.playouts, games[PENTE_HOOKS].f.playouts);
    printf("\n| ratio (playouts/s) | connect6 | pente | target |\n|---|---:|---:|---|\n");
    printf("| data / Lua hooks | %.1f | %.1f | >= 20 |\n", r_c6, r_pente);
    /* Pieces that move, from a moves hook and a play hook, beside the data ruleset (same games). */
    double r_bh = ratio(games[BREAKTHROUGH_HOOKS].f.playouts, bt_data.playouts);
    printf("\n| ratio (playouts/s) | breakthrough | target |\n|---|---:|---|\n");
    printf("| moves and play hooks / data, in turns | %.3f | >= 0.1 |\n", r_bh);
    double r_bs = ratio(bh_steps.playouts, bt_steps.playouts);
    printf("| the same, both move by move (tv_random_move, tv_play: a host's loop) | %.3f | |\n", r_bs);
    /* The floor: the hook's own functions in stock lua5.4, without tavola. */
    plain pb = games[BREAKTHROUGH_HOOKS].f.playouts ? run_plain("tests/bench/plain_breakthrough.lua", runs) : (plain){0};
    if (pb.ok)
        printf("| the hook's move function and effect alone, plain Lua (stock lua5.4, no tavola) / data | %.3f | |\n",
               ratio(pb.playouts, bt_data.playouts));
    printf("\n(move by move: data %.0f, hooks %.0f games/s; the data playouts' fast path %.0f; plain Lua %.0f)\n",
           bt_steps.playouts, bh_steps.playouts, bt_data.playouts, pb.playouts);
    if (pb.ok)
        check(fabs(pb.plies - games[BREAKTHROUGH].f.plies) < 0.02 * games[BREAKTHROUGH].f.plies,
              "breakthrough, plain Lua, %ld random games: avg plies %.2f, the engine's %.2f", pb.games, pb.plies,
              games[BREAKTHROUGH].f.plies);

    /* The speed peers: OpenSpiel in turns with tavola, or not measured. */
    if (osp)
        measure_peers(osp, only);
    measure_big_boards(osp, only);
    printf("\n| random rollouts/s | tavola | OpenSpiel | tavola/OpenSpiel | ratio, runs (min-max) | plies tavola/OpenSpiel "
           "| Ludii (published) | tavola/Ludii |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    int peer_ok = 1, peer_measured = 0, abi_ok = 1, peer_failed = 0;
    double peer_low = 0, abi_low = 0; /* the lowest ratios, and where */
    const char *peer_low_at = "-", *abi_low_at = "-";
    for (int i = 0; i < NPEERS; i++) {
        const peer_game *p = &peer_games[i];
        const peer_figures *m = &peer_figs[i];
        char a[32], b[32], c[32], spread[48], pl[96], lr[32];
        double v = m->measured ? m->tv : 0;
        peer_failed |= m->failed;
        for (int k = 0; k < NGAMES && !v; k++) /* not measured beside the peer: the table's figure */
            if (strcmp(games[k].label, p->label) == 0 && !p->options)
                v = games[k].f.playouts;
        fmt_rate(a, sizeof a, v);
        fmt_rate(c, sizeof c, p->ludii);
        snprintf(lr, sizeof lr, "%.0f", ratio(v, p->ludii));
        if (m->measured) {
            fmt_rate(b, sizeof b, m->osp);
            snprintf(spread, sizeof spread, "%.2f-%.2f", m->lo, m->hi);
            if (m->act_games && p->osp_quiet) /* compared in OpenSpiel's actions, to its draw */
                snprintf(pl, sizeof pl, "%.2f turns = %.2f actions (%.2f to OpenSpiel's draw) / %.2f", m->tv_plies,
                         m->act_all, m->act, m->osp_plies);
            else if (m->act_games) /* compared in OpenSpiel's actions */
                snprintf(pl, sizeof pl, "%.2f turns = %.2f actions / %.2f", m->tv_plies, m->act, m->osp_plies);
            else
                snprintf(pl, sizeof pl, "%.2f / %.2f", m->tv_plies, m->osp_plies);
            printf("| %s | %s | %s | **%.2f** | %s | %s | %s | %s |\n", p->name, a, b, m->tv / m->osp, spread, pl,
                   p->ludii ? c : "-", p->ludii && v ? lr : "-");
            peer_ok &= m->tv >= 2.5 * m->osp; /* the playout path: 2.5x (issue's margin) */
            abi_ok &= m->abi >= 2 * m->osp;   /* a host's loop: 2x */
            if (!peer_measured || m->tv / m->osp < peer_low)
                peer_low = m->tv / m->osp, peer_low_at = p->name;
            if (!peer_measured || m->abi / m->osp < abi_low)
                abi_low = m->abi / m->osp, abi_low_at = p->name;
            peer_measured++;
        } else if (m->osp_only) { /* tavola's ruleset is not loadable yet */
            fmt_rate(b, sizeof b, m->osp);
            snprintf(pl, sizeof pl, "- / %.2f", m->osp_plies);
            printf("| %s | not loadable | %s | - | - | %s | %s | - |\n", p->name, m->failed ? "no figures" : b,
                   m->failed ? "-" : pl, p->ludii ? c : "-");
        } else {
            peer_figures *u = &peer_figs[i];
            if (!v && !u->unloadable) { /* not in the table above: is it loadable? */
                tv_ruleset *t = try_load(p->path, p->options, u->why, sizeof u->why);
                u->unloadable = !t;
                if (t)
                    tv_ruleset_free(t);
            }
            printf("| %s | %s | not measured | - | - | - | %s | %s |\n", p->name, u->unloadable ? "not loadable" : a,
                   p->ludii ? c : "-", p->ludii && v ? lr : "-");
        }
    }
    if (peer_measured) { /* a host's loop over tavola.h, OpenSpiel's rollout program's own loop */
        printf("\n| a host's loop, games/s | tavola.h (random_move, play) | OpenSpiel | ratio |\n|---|---:|---:|---:|\n");
        for (int i = 0; i < NPEERS; i++) {
            const peer_figures *m = &peer_figs[i];
            char a[32], b[32];
            if (!m->measured)
                continue;
            fmt_rate(a, sizeof a, m->abi);
            fmt_rate(b, sizeof b, m->osp);
            printf("| %s | %s | %s | **%.2f** |\n", peer_games[i].name, a, b, m->abi / m->osp);
        }
    }
    if (peer_measured)
        printf("\nOpenSpiel: measured here, in this run: its rollout program (OpenSpiel's public API, uniformly\n"
               "random actions) and tavola's random playouts of the same game in turns, %d runs of %.2f s each,\n"
               "both per second of processor time (an OpenSpiel run with less than %.2f s of it is run again,\n"
               "longer); the ratio of the medians, and the lowest and highest ratio of a pair of runs. Plies:\n"
               "moves a game, in both; where OpenSpiel makes each jump of a chain an action, tavola's games in\n"
               "those actions too, and up to where OpenSpiel's draw rule would end them where it differs\n"
               "(turns = actions (to its draw) / OpenSpiel's actions).\n",
               runs, run_s, OSP_MIN_CPU * run_s);
    else if (osp && only && *only && !peer_failed) /* BENCH_ONLY named no peer row */
        printf("\nOpenSpiel: no peer row in this run (BENCH_ONLY=%s)\n", only);
    else if (osp)
        printf("\nOpenSpiel: not measured: its rollout program gave no figures (see the checks below).\n");
    else
        printf("\nOpenSpiel: not measured in this run (make bench OPENSPIEL_SRC=DIR measures it beside tavola).\n");
    for (int i = 0; i < NPEERS; i++) /* a peer row whose ruleset is not loadable (yet) */
        if (peer_figs[i].unloadable)
            printf("%s: tavola's %s is not loadable (%s)%s\n", peer_games[i].name, peer_games[i].path,
                   peer_figs[i].why, peer_figs[i].osp_only ? ": OpenSpiel measured alone" : "");
    printf("Ludii: published rates, on a 2.2 GHz Xeon E7-8860; not measured here.\n");
    print_big_boards(osp, only);
    if (osp) {
        printf("\nChecks of the OpenSpiel peer (the same rules: games of the same average length)\n");
        for (int i = 0; i < NPEERS; i++)
            if (peer_figs[i].failed)
                check(0, "%s: OpenSpiel's rollout program gave no figures for %s", peer_games[i].name,
                      peer_games[i].openspiel);
        for (int i = 0; i < NPEERS; i++)
            if (peer_figs[i].measured && peer_games[i].actions == OSP_PARTS3)
                printf("  note   %s: OpenSpiel's turn is 3 actions, each drawn uniformly; tavola draws whole turns "
                       "uniformly: %.2f / %.2f turns, not compared\n", peer_games[i].name, peer_figs[i].tv_plies,
                       peer_figs[i].osp_plies);
            else if (peer_figs[i].measured && peer_games[i].actions == OSP_REMOVAL)
                printf("  note   %s: OpenSpiel's turn is one action, or two with a removal, each drawn uniformly; "
                       "tavola draws whole turns uniformly (a mill weighs its removals): %.2f turns / %.2f actions, "
                       "not compared\n",
                       peer_games[i].name, peer_figs[i].tv_plies, peer_figs[i].osp_plies);
        for (int i = 0; i < NPEERS; i++)
            if (peer_figs[i].measured && osp_compared(&peer_games[i]))
                check_peer_length(&peer_games[i], &peer_figs[i]);
        check_big_boards();
        /* Every OpenSpiel figure from enough processor time (run_openspiel). */
        if (osp_figures) {
            printf("  note   OpenSpiel: %d of its %d runs repeated, longer, for too little processor time (a run "
                   "stops on its wall clock); the least processor time a figure used: %.3f s (minimum %.3f s, "
                   "%.2f x %.2f s)\n", osp_repeated, osp_figures, osp_least_cpu, OSP_MIN_CPU * run_s, OSP_MIN_CPU,
                   run_s);
            if (osp_short)
                check(0, "OpenSpiel: %d figure(s) from less than %.3f s of processor time after up to %d runs, the "
                      "longest %.2f s (%s): the machine is too busy for OpenSpiel's figures", osp_short,
                      OSP_MIN_CPU * run_s, OSP_TRIES, OSP_STRETCH * run_s, osp_short_games);
            else
                check(1, "OpenSpiel: every figure from at least %.3f s of processor time", OSP_MIN_CPU * run_s);
        }
        for (int i = 0; i < NPEERS; i++)
            if (peer_figs[i].cut > 0)
                printf("  note   %s: OpenSpiel cut %.0f games at its MaxGameLength\n", peer_games[i].name,
                       peer_figs[i].cut);
    }
    /* Chess perft beside Stockfish. */
    char chess_why[160] = "";
    tv_ruleset *chess_rs = try_load("rulesets/chess.lua", NULL, chess_why, sizeof chess_why);
    measure_perft(chess_rs ? tv_ruleset_rules(chess_rs) : NULL, sf, only);
    const char *sf_name = *sf_version ? sf_version : "Stockfish";
    printf("\n| perft (leaf nodes/s) | depth | nodes (published) | tavola | %s | tavola/%s | target |\n"
           "|---|---:|---:|---:|---:|---:|---|\n", sf_name, sf_name);
    double perft_min = 0;
    int perft_measured = 0, perft_ok = 1;
    for (int k = 0; k < NPERFT; k++) {
        const perft_pos *pp = &perft_positions[k];
        const perft_figures *m = &perft_figs[k];
        char a[32], b[32], ratio_s[32] = "-", target[32] = ">= 0.1";
        fmt_rate(a, sizeof a, m->tv);
        fmt_rate(b, sizeof b, m->sf);
        double q = ratio(m->tv, m->sf);
        if (q > 0) {
            snprintf(ratio_s, sizeof ratio_s, "**%.3f**", q);
            snprintf(target, sizeof target, ">= 0.1 %s", verdict(q >= 0.1));
            perft_min = perft_measured++ ? fmin(perft_min, q) : q;
            perft_ok &= q >= 0.1;
        }
        const char *tv_s = !chess_rs      ? "not loadable"
                           : m->tv_done    ? a
                           : *m->tv_unread ? "FEN not read"
                                           : "not measured";
        printf("| %s | %d | %lld | %s | %s | %s | %s |\n", pp->name, quick ? pp->qdepth : pp->depth,
               quick ? pp->qnodes : pp->nodes, tv_s, !m->sf_done ? "not measured" : m->sf > 0 ? b : "no figures",
               ratio_s, target);
    }
    char reps_s[64] = "";
    for (int k = 0; k < NPERFT; k++)
        if (perft_figs[k].sf_reps)
            snprintf(reps_s + strlen(reps_s), sizeof reps_s - strlen(reps_s), "%s%d", k ? ", " : "",
                     perft_figs[k].sf_reps);
    int perft_any = 0;
    for (int k = 0; k < NPERFT; k++)
        perft_any |= perft_figs[k].tv_done || perft_figs[k].sf_done;
    if (only && *only && !listed(only, "chess") && !listed(only, "perft"))
        printf("\nperft: not measured in this run (BENCH_ONLY=%s: add chess or perft)\n", only);
    else if (!perft_any)
        printf("\nperft: not measured in this run:\n");
    else
        printf("\nperft: leaf nodes (the published counts) per second of processor time, the median of %d runs,\n"
               "in turns: tavola's tv_perft on rulesets/chess.lua in this process (repeated for %.2f s a run),\n"
               "then Stockfish's `go perft` in one child process started once (%s perfts a run, set to take about\n"
               "%.2f s), its processor time read before and after from %s\n"
               "(its start-up, about 0.15 s of network and hash table, is not counted). Both count the last ply\n"
               "in bulk, without making its moves: Stockfish's perft counts each depth-2 position's legal moves,\n"
               "tv_perft returns tv_legal_moves' count at depth 1.%s\n",
               runs, run_s, *reps_s ? reps_s : "-", run_s, *sf_clock ? sf_clock : "/proc",
               quick ? " BENCH_QUICK: one ply less than the full run." : "");
    if (!chess_rs)
        printf("tavola: rulesets/chess.lua is not loadable (%s): perft not measured\n", chess_why);
    if (!sf)
        printf("Stockfish: not measured (install the Debian package stockfish)\n");
    else if (*sf_trouble)
        printf("Stockfish: %s: not measured\n", sf_trouble);
    int perft_checked = 0;
    for (int k = 0; k < NPERFT; k++)
        perft_checked += perft_figs[k].tv_done + perft_figs[k].sf_done + !!*perft_figs[k].tv_unread;
    if (perft_checked) {
        printf("\nChecks of the perft rows (the published counts)\n");
        for (int k = 0; k < NPERFT; k++) {
            const perft_pos *pp = &perft_positions[k];
            const perft_figures *m = &perft_figs[k];
            long long want = quick ? pp->qnodes : pp->nodes;
            int depth = quick ? pp->qdepth : pp->depth;
            if (*m->tv_unread)
                check(0, "perft %s: tavola's chess did not read its FEN: %s", pp->name, m->tv_unread);
            if (m->tv_done)
                check(m->tv_nodes == want, "perft %s, depth %d: tavola %lld, published %lld", pp->name, depth,
                      m->tv_nodes, want);
            if (m->sf_done)
                check(m->sf_nodes == want, "perft %s, depth %d: %s %lld%s, published %lld", pp->name, depth, sf_name,
                      m->sf_nodes, m->sf_nodes < 0 ? " (its runs disagree)" : "", want);
        }
    }

    measure_start_perfts(only);

    printf("\nChecks of the plain-Lua peers (engine / plain Lua)\n");
    check_plain("pahtum, plain Lua", &pp, &pahtum_stats);
    check_plain("tihbat, plain Lua", &pt, &tihbat_stats);

    int alloc_ok = 1;
    for (int i = 0; i < NGAMES; i++)
        if (i != PAHTUM_HOOKS && i != TIHBAT_HOOKS && i != CONNECT6_HOOKS && i != PENTE_HOOKS &&
            i != BREAKTHROUGH_HOOKS)
            alloc_ok &= games[i].f.allocs == 0;
    printf("\nTargets\n");
    if (only && *only)
        printf("(BENCH_ONLY=%s: what was not measured counts as 0 below)\n", only);
    printf("- data / C baseline >= 0.5: pahtum %.2f (%s), tihbat %.2f (%s), breakthrough %.2f (%s)\n", r_pb,
           target(r_pb >= 0.5), r_tb, target(r_tb >= 0.5), r_bb, target(r_bb >= 0.5));
    printf("- Lua hooks / plain Lua >= 5: pahtum %.2f (%s); tihbat %.2f (measured, no target)\n", r_phl,
           known_miss(r_phl >= 5, "every path reads and checks a moves hook's whole list since a move listed twice "
                                  "is refused (2b0f1dc), where a playout converted only the move it drew: +25% "
                                  "instructions"),
           r_thl);
    printf("- connect6 data / Lua hooks >= 20, same run: %.1f (%s)\n", r_c6, target(r_c6 >= 20));
    printf("- Pente as data / the same rules as Lua hooks >= 20 (side by side): %.1f (%s)\n", r_pente,
           target(r_pente >= 20));
    printf("- Breakthrough as moves and play hooks / as data >= 0.1, in turns: %.3f (%s); the hook's functions in "
           "plain Lua without tavola: %.3f\n", r_bh,
           known_miss(r_bh >= 0.1, "issue 24 ended blocked on it: the hook's own functions in stock Lua 5.4 reach "
                                   "less than the target"),
           ratio(pb.playouts, bt_data.playouts));
    printf("- no heap allocation per playout (rulesets as data): %s\n", target(alloc_ok));
    printf("- state size: pahtum %d <= 256 (%s), tihbat %d <= 64 (%s)\n", P->state_size,
           target(P->state_size <= 256), T->state_size, target(T->state_size <= 64));
    if (peer_measured) {
        printf("- 2.5 x OpenSpiel, side by side, every game shared (%d measured): lowest %.2f, %s (%s)\n",
               peer_measured, peer_low, peer_low_at, target(peer_ok));
        printf("- a host's loop over tavola.h (random_move, play) 2 x OpenSpiel's, every game shared: lowest %.2f, "
               "%s (%s)\n", abi_low, abi_low_at, target(abi_ok));
    }
    else
        printf("- 2.5 x OpenSpiel, side by side: not measured (%s)\n",
               !osp                            ? "no OpenSpiel in this run"
               : only && *only && !peer_failed ? "BENCH_ONLY named no peer row"
                                               : "OpenSpiel gave no figures");
    big_board_targets(osp);

    if (perft_measured)
        printf("- chess perft >= 0.1 x Stockfish's, every position (%d measured): lowest %.3f (%s)\n",
               perft_measured, perft_min, target(perft_ok));
    else
        printf("- chess perft >= 0.1 x Stockfish's: not measured (%s)\n",
               !chess_rs ? "rulesets/chess.lua is not loadable"
               : !sf     ? "no Stockfish: install the Debian package stockfish"
                         : "no figures");

    for (int i = 0; i < NGAMES; i++)
        tv_ruleset_free(games[i].rs);
    if (chess_rs)
        tv_ruleset_free(chess_rs);
    if (failures) {
        printf("\nbench: %d check(s) FAILED\n", failures);
        return 1;
    }
    if (known)
        printf("\nbench: %d target(s) MISSED for a known reason, not counted\n", known);
    if (missed && !quick) {
        printf("\nbench: %d target(s) MISSED (a quick run only prints them)\n", missed);
        return 1;
    }
    return 0;
}
