/* tavola play and tavola perft: a game in the terminal (human or player
 * moves; the prompt is cli_prompt.c), a move list's result as a board or
 * JSON, and move-path counts. */
#define _POSIX_C_SOURCE 200809L
#include "cli_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_json.h"
#include "cli_prompt.h"

static void draw(tavola_game *g)
{
    const tavola_api *t = cli_api();
    static char buf[16384];
    t->draw(g, TAVOLA_DRAW_BOARD, buf, sizeof buf);
    cli_print_text(stdout, buf);
}

int cmd_play(int argc, char **argv)
{
    const tavola_api *t = cli_api();
    static play_args pa;
    int rc = cli_parse_play_args(argc, argv, &pa, 0);
    if (rc)
        return rc;
    tavola_ruleset *rs;
    tavola_game *g;
    tavola_player *players[2] = {NULL, NULL};
    rc = cli_start_game(&pa, &rs, &g);
    /* The players are made first, so a bad --p1 or --p2 is reported whatever
     * else is asked (--moves, --position, --json). */
    for (int p = 0; p < 2 && rc == 0; p++) {
        char err[1024];
        /* Each player its own seed: the same game for the same --seed. */
        if (strcmp(pa.player[p], "human") != 0 &&
            !(players[p] = t->player_new(rs, pa.player[p], pa.seed * 2 + (unsigned)p, err, sizeof err))) {
            cli_error("--p%d: %s", p + 1, err);
            rc = 1;
        }
    }
    if (rc == 0 && pa.moves)
        rc = cli_play_moves(g, pa.moves);
    if (rc == 0 && pa.json) {
        if ((rc = cli_json(stdout, rs, g) ? 1 : 0))
            cli_error("%s", t->error(g));
    } else if (rc == 0 && (pa.moves || pa.position)) {
        draw(g);
    } else if (rc == 0) {
        char title[1024], opts[16384];
        printf("%s (seed %llu)%s%s\n", cli_printable(t->ruleset_title(rs), title, sizeof title), pa.seed,
               pa.options[0] ? "  options: " : "",
               pa.options[0] ? cli_printable(t->ruleset_options(rs), opts, sizeof opts) : "");
        rc = cli_prompt(g, players);
    }
    t->player_free(players[0]);
    t->player_free(players[1]);
    t->game_free(g);
    t->ruleset_free(rs);
    return rc;
}

/* A turn of more moves than this (a play hook that always gives the mover
 * another move) is refused: it bounds the walk's depth, depth * (this + 1). */
#define PERFT_TURN_MOVES_MAX 256

/* The walk of perft --turns: one list of legal moves per level of the walk,
 * on the heap (each max_moves long, made when the level is first reached),
 * so neither the stack nor a fixed cap limits what a ruleset may do. */
typedef struct {
    const tavola_api *t;
    tavola_game *g;
    int cap;
    tavola_move **level;
    int nlevels;
    char why[160]; /* the walk's own refusal, when it makes one */
} turns_walk;

static tavola_move *level_moves(turns_walk *w, int level)
{
    if (level >= w->nlevels) {
        int n = level + 16;
        tavola_move **more = realloc(w->level, (size_t)n * sizeof *more);
        if (!more)
            return NULL;
        for (int i = w->nlevels; i < n; i++)
            more[i] = NULL;
        w->level = more;
        w->nlevels = n;
    }
    if (!w->level[level])
        w->level[level] = malloc((size_t)w->cap * sizeof **w->level);
    return w->level[level];
}

/* Paths of `depth` whole turns: a move after which the same player is to
 * move (a turn of several stones, an extra turn) does not count a turn; a
 * game that ends ends the turn. `streak` counts the moves of this turn so
 * far. Through the ABI's play and undo. */
static int64_t perft_turns(turns_walk *w, int level, int depth, int streak)
{
    const tavola_api *t = w->t;
    if (depth == 0)
        return 1;
    if (streak > PERFT_TURN_MOVES_MAX) {
        snprintf(w->why, sizeof w->why, "a turn of more than %d moves (the mover never stops moving)",
                 PERFT_TURN_MOVES_MAX);
        return TAVOLA_ELIMIT;
    }
    tavola_move *moves = level_moves(w, level);
    if (!moves)
        return TAVOLA_ENOMEM;
    int n = t->legal_moves(w->g, moves, w->cap), mover = t->to_move(w->g);
    if (n < 0)
        return n;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        int rc = t->play(w->g, moves[i]);
        if (rc < 0)
            return rc;
        int more = t->status(w->g) != TAVOLA_OVER && t->to_move(w->g) == mover;
        int64_t sub = perft_turns(w, level + 1, more ? depth : depth - 1, more ? streak + 1 : 1);
        t->undo(w->g);
        if (sub < 0)
            return sub;
        total += sub;
    }
    return total;
}

static int64_t count_turns(const tavola_api *t, const tavola_ruleset *rs, tavola_game *g, int depth, char *why,
                           size_t size)
{
    turns_walk w = {.t = t, .g = g, .cap = t->max_moves(rs)};
    int64_t n = perft_turns(&w, 0, depth, 1);
    snprintf(why, size, "%s", w.why[0] ? w.why : n == TAVOLA_ENOMEM ? "out of memory" : t->error(g));
    for (int i = 0; i < w.nlevels; i++)
        free(w.level[i]);
    free(w.level);
    return n;
}

int cmd_perft(int argc, char **argv)
{
    const tavola_api *t = cli_api();
    static play_args pa;
    int rc = cli_parse_play_args(argc, argv, &pa, 1);
    if (rc)
        return rc;
    tavola_ruleset *rs;
    tavola_game *g;
    rc = cli_start_game(&pa, &rs, &g);
    for (int d = 1; rc == 0 && d <= pa.depth; d++) {
        char why[256] = "";
        int64_t n = pa.turns ? count_turns(t, rs, g, d, why, sizeof why) : t->perft(g, d);
        if (n < 0) {
            cli_error("perft %d: %s", d, pa.turns ? why : t->error(g));
            rc = 1;
        } else {
            printf("perft %d %lld\n", d, (long long)n);
            fflush(stdout);
        }
    }
    t->game_free(g);
    t->ruleset_free(rs);
    return rc;
}
