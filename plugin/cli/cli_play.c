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

/* Paths of `depth` whole turns: a move after which the same player is to
 * move (a turn of several stones, an extra turn) does not count a turn; a
 * game that ends ends the turn. Through the ABI's play and undo. */
static int64_t perft_turns(const tavola_api *t, tavola_game *g, int depth)
{
    if (depth == 0)
        return 1;
    tavola_move moves[1024];
    int n = t->legal_moves(g, moves, 1024), mover = t->to_move(g);
    if (n < 0)
        return n;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        int rc = t->play(g, moves[i]);
        if (rc < 0)
            return rc;
        int more = t->status(g) != TAVOLA_OVER && t->to_move(g) == mover;
        int64_t sub = perft_turns(t, g, more ? depth : depth - 1);
        t->undo(g);
        if (sub < 0)
            return sub;
        total += sub;
    }
    return total;
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
        int64_t n = pa.turns ? perft_turns(t, g, d) : t->perft(g, d);
        if (n < 0) {
            cli_error("perft %d: %s", d, t->error(g));
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
