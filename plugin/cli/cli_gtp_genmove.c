/* genmove: the clocks (time_settings, time_left), the player's budget, its
 * move, and when tavola passes.
 *
 * The budget: the player's own spec (iterations, ms, depth) always holds;
 * with a clock, a share of the time left lowers its ms: the time left over
 * the stones of a byo-yomi period, or in main time over the moves still to
 * come (half the empty points, at least 10), at most half of it, less
 * GTP_OVERHEAD_MS, at least 1 ms. Without time_left, the engine counts its
 * own clock down by the time each genmove took (a byo-yomi period starting
 * again after its stones, or after the main time).
 *
 * genmove for the colour not to move plays for that colour as if it were
 * its turn (GNU Go's way; cli_gtp_board.c says how), and answers the vertex.
 *
 * Passing: the ruleset scores the board as it stands (area, no dead stones
 * agreed on), and MCTS, which plays for the win and not the margin, passes
 * as soon as passing wins, with the other side's dead stones still in its
 * area. A controller that asks final_score of both engines then gets two
 * counts (GNU Go takes dead stones off). So genmove passes only when no move
 * is useful: a legal stone in an empty region that both colours border (the
 * neutral points of the area count: dame, and every region holding the
 * other side's dead stones) that takes stones or leaves its own group at
 * least two liberties. When the player says pass and such a move exists,
 * the move plays instead: the one that takes the most stones, then leaves
 * the other side's group beside it the fewest liberties, then keeps its own
 * the most. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_gtp_engine.h"

#define CELLS_MAX (19 * 19)

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

void gtp_drop_player(gtp_engine *e)
{
    cli_api()->player_free(e->player);
    e->player = NULL;
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

/* A non-negative number (a whole one when whole): 0, or -1. */
static int number_arg(const char *s, int whole, double *v)
{
    char *end;
    if (!*s || *s == '-' || *s == '+')
        return -1;
    if (whole && strspn(s, "0123456789") != strlen(s))
        return -1;
    *v = strtod(s, &end);
    return *end || *v > 1e9 ? -1 : 0;
}

void gtp_cmd_time_settings(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    double main_time, byo_time, byo_stones;
    if (number_arg(argv[0], 1, &main_time) || number_arg(argv[1], 1, &byo_time) ||
        number_arg(argv[2], 1, &byo_stones)) {
        gtp_failure(e, id, "syntax error", "time_settings takes three whole numbers >= 0");
        return;
    }
    /* Byo-yomi time with no stones: no time limits (GTP). */
    e->timed = !(byo_time > 0 && byo_stones == 0);
    e->byo_time = byo_time;
    e->byo_stones = (int)byo_stones;
    for (int c = 0; c < 2; c++) {
        e->clock[c].left = main_time > 0 ? main_time : byo_time;
        e->clock[c].stones = main_time > 0 ? 0 : (int)byo_stones;
    }
    gtp_success(e, id, NULL);
}

void gtp_cmd_time_left(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    int colour = gtp_colour(argv[0]);
    double left, stones;
    if (!colour || number_arg(argv[1], 0, &left) || number_arg(argv[2], 1, &stones)) {
        gtp_failure(e, id, "syntax error", "time_left takes a colour, the seconds left and the stones");
        return;
    }
    e->timed = 1;
    e->clock[colour - 1].left = left;
    e->clock[colour - 1].stones = (int)stones;
    gtp_success(e, id, NULL);
}

/* The milliseconds this move may take by the colour's clock (0: no clock). */
static long time_share(const gtp_engine *e, int colour, const unsigned char *cells)
{
    if (!e->timed)
        return 0;
    const gtp_clock *c = &e->clock[colour - 1];
    long left = (long)(c->left * 1000), share;
    if (c->stones > 0) {
        share = left / c->stones;
    } else {
        int empty = 0;
        for (int i = 0; i < e->size * e->size; i++)
            empty += cells[i] == 0;
        long to_come = empty / 2 > 10 ? empty / 2 : 10;
        share = left / to_come < left / 2 ? left / to_come : left / 2;
    }
    share -= GTP_OVERHEAD_MS;
    return share < 1 ? 1 : share;
}

/* A move that took `spent` seconds on clock c: a byo-yomi period starts
 * again when its stones are played, and follows the main time when that runs
 * out (if there is one). */
static void count_down(const gtp_engine *e, gtp_clock *c, double spent)
{
    c->left = c->left > spent ? c->left - spent : 0;
    if (c->stones > 0 && --c->stones == 0) {
        c->left = e->byo_time;
        c->stones = e->byo_stones;
    } else if (c->stones == 0 && c->left == 0 && e->byo_stones > 0) {
        c->left = e->byo_time;
        c->stones = e->byo_stones;
    }
}

static long min_set(long a, long b) { return a > 0 && (b <= 0 || a < b) ? a : b; }

/* Marks the group of cell `at` in mark (stamp) and counts its liberties. */
static int liberties(const unsigned char *cells, int n, int at, int *mark, int stamp, int *size)
{
    int stack[CELLS_MAX], top = 0, libs = 0, colour = cells[at];
    int seen[CELLS_MAX] = {0};
    stack[top++] = at;
    mark[at] = stamp;
    *size = 0;
    while (top) {
        int c = stack[--top], r = c / n, col = c % n;
        int next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1};
        (*size)++;
        for (int k = 0; k < 4; k++) {
            int d = next[k];
            if (d < 0)
                continue;
            if (cells[d] == 0 && !seen[d]) {
                seen[d] = 1;
                libs++;
            } else if (cells[d] == colour && mark[d] != stamp) {
                mark[d] = stamp;
                stack[top++] = d;
            }
        }
    }
    return libs;
}

/* The empty regions' borders: border[c] for an empty cell c, bit 1 when a
 * Black stone touches its region, bit 2 a White one. */
static void region_borders(const unsigned char *cells, int n, unsigned char *border)
{
    int region[CELLS_MAX], stack[CELLS_MAX];
    for (int i = 0; i < n * n; i++)
        region[i] = -1;
    for (int s = 0; s < n * n; s++) {
        if (cells[s] || region[s] >= 0)
            continue;
        int top = 0, members[CELLS_MAX], count = 0;
        unsigned char bits = 0;
        stack[top++] = s;
        region[s] = s;
        while (top) {
            int c = stack[--top], r = c / n, col = c % n;
            int next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, col > 0 ? c - 1 : -1,
                           col < n - 1 ? c + 1 : -1};
            members[count++] = c;
            for (int k = 0; k < 4; k++) {
                int d = next[k];
                if (d < 0)
                    continue;
                if (cells[d])
                    bits |= (unsigned char)cells[d];
                else if (region[d] < 0) {
                    region[d] = s;
                    stack[top++] = d;
                }
            }
        }
        for (int i = 0; i < count; i++)
            border[members[i]] = bits;
    }
}

/* A useful move for colour in g (see the top of the file) into text; 0 when
 * there is none. */
static int useful_move(gtp_engine *e, tavola_game *g, int colour, char *text, size_t size)
{
    const tavola_api *t = cli_api();
    int n = e->size, best = 0;
    long best_key = 0;
    unsigned char cells[CELLS_MAX], after[CELLS_MAX], border[CELLS_MAX];
    static tavola_move moves[TAVOLA_MAX_MOVES]; /* one engine thread: the command loop's */
    int mark[CELLS_MAX] = {0}, stamp = 0;
    gtp_cells(e, g, cells);
    region_borders(cells, n, border);
    int count = t->legal_moves(g, moves, TAVOLA_MAX_MOVES);
    for (int i = 0; i < count; i++) {
        char mt[TAVOLA_MOVE_TEXT_MAX];
        if (t->move_text(g, moves[i], mt, sizeof mt) < 0 || mt[0] < 'a' || mt[0] > 'z')
            continue; /* pass */
        int cell = (atoi(mt + 1) - 1) * n + (mt[0] - 'a');
        if (cell < 0 || cell >= n * n || border[cell] != 3)
            continue;
        tavola_game *c = t->game_clone(g);
        if (!c || t->play(c, moves[i])) {
            t->game_free(c);
            continue;
        }
        gtp_cells(e, c, after);
        t->game_free(c);
        int taken = 0, size_unused, own, fewest = 1000;
        for (int k = 0; k < n * n; k++)
            taken += cells[k] == 3 - colour && after[k] == 0;
        own = after[cell] == colour ? liberties(after, n, cell, mark, ++stamp, &size_unused) : 0;
        if (!taken && own < 2)
            continue;
        int r = cell / n, col = cell % n;
        int next[4] = {r > 0 ? cell - n : -1, r < n - 1 ? cell + n : -1, col > 0 ? cell - 1 : -1,
                       col < n - 1 ? cell + 1 : -1};
        for (int k = 0; k < 4; k++)
            if (next[k] >= 0 && after[next[k]] == 3 - colour) {
                int libs = liberties(after, n, next[k], mark, ++stamp, &size_unused);
                fewest = libs < fewest ? libs : fewest;
            }
        long key = (long)taken * 1000000 + (1000 - fewest) * 1000 + own;
        if (!best || key > best_key) {
            best = 1;
            best_key = key;
            snprintf(text, size, "%s", mt);
        }
    }
    return best;
}

void gtp_cmd_genmove(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    const tavola_api *t = cli_api();
    long t0 = now_ms();
    int colour = gtp_colour(argv[0]);
    char err[1024], text[TAVOLA_MOVE_TEXT_MAX], vertex[16];
    if (!colour) {
        gtp_failure(e, id, "syntax error", "a colour is b, w, black or white");
        return;
    }
    if (t->status(e->g) == TAVOLA_OVER) { /* kept, so that undo takes it back */
        if (gtp_play(e, colour, "pass", err, sizeof err)) {
            gtp_failure(e, id, "cannot play", err);
            return;
        }
        gtp_log(e, "genmove %s: the game is over: pass", colour == 1 ? "b" : "w");
        gtp_success(e, id, "pass");
        return;
    }
    tavola_game *g = gtp_turn_of(e, colour, err, sizeof err);
    if (!g) {
        gtp_failure(e, id, "cannot play", err);
        return;
    }
    if (!e->player &&
        !(e->player = t->player_new(e->rs, e->player_spec, mix(e->seed ^ mix(e->games)), err, sizeof err))) {
        t->game_free(g);
        gtp_failure(e, id, "cannot play", err);
        return;
    }
    unsigned char cells[CELLS_MAX];
    gtp_cells(e, g, cells);
    long ms = min_set(spec_param(e->player_spec, "ms"), time_share(e, colour, cells));
    long nodes = spec_param(e->player_spec, "iterations");
    int depth = (int)spec_param(e->player_spec, "depth");
    tavola_move m;
    int rc = t->player_choose(e->player, g, ms, nodes, depth, &m);
    if (!rc)
        rc = t->move_text(g, m, text, sizeof text) < 0;
    if (rc) { /* a player that fails: a random legal move, and the reason on the log */
        uint64_t rng = mix(e->seed ^ (unsigned long long)t->ply(g));
        gtp_log(e, "genmove: the player failed (%s): a random move instead", t->error(g));
        if (t->random_move(g, &rng, &m) <= 0 || t->move_text(g, m, text, sizeof text) < 0) {
            t->game_free(g);
            gtp_failure(e, id, "cannot play", "no legal move");
            return;
        }
    }
    if (strcmp(text, "pass") == 0 && useful_move(e, g, colour, text, sizeof text)) {
        gtp_text_to_vertex(text, vertex, sizeof vertex);
        gtp_log(e, "genmove %s: the player passes, %s is still useful: played instead", colour == 1 ? "b" : "w",
                vertex);
    }
    t->game_free(g);
    if (gtp_play(e, colour, text, err, sizeof err)) {
        gtp_failure(e, id, "cannot play", err);
        return;
    }
    if (e->timed) /* the engine's own count, until time_left says otherwise */
        count_down(e, &e->clock[colour - 1], (double)(now_ms() - t0) / 1000);
    gtp_text_to_vertex(text, vertex, sizeof vertex);
    gtp_success(e, id, vertex);
}
