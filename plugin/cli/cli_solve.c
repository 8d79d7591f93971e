/* tavola solve: the value of a game with perfect play, through the ABI. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_args.h"
#include "cli_solve.h"

#define WIN 1000000

static void progress(void *ctx, const char *phase, uint64_t done)
{
    (void)ctx;
    if (isatty(2))
        fprintf(stderr, "\rsolve: %s %llu ...", phase, (unsigned long long)done);
    else
        fprintf(stderr, "solve: %s %llu\n", phase, (unsigned long long)done);
}

/* A value (first player's margin still to come) as words. */
static void describe(char *buf, size_t size, int64_t v, int64_t now)
{
    if (v >= WIN / 2)
        snprintf(buf, size, "win");
    else if (v <= -WIN / 2)
        snprintf(buf, size, "loss");
    else if (now + v > 0)
        snprintf(buf, size, "win by %lld", (long long)(now + v));
    else if (now + v < 0)
        snprintf(buf, size, "loss by %lld", (long long)-(now + v));
    else
        snprintf(buf, size, "draw");
}

int cmd_solve(int argc, char **argv)
{
    const tavola_api *t = cli_api();
    unsigned long long max = 20000000;
    char *rest[64];
    int nrest = 0;
    for (int i = 0; i < argc && nrest < 64; i++) {
        if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc) {
            char *end;
            max = strtoull(argv[++i], &end, 10);
            if (*end || max == 0)
                return cli_usage_error(cli_usage, "--positions: '%s' is not a positive integer", argv[i]);
        } else {
            rest[nrest++] = argv[i];
        }
    }
    static play_args pa;
    int rc = cli_parse_play_args(nrest, rest, &pa, 0);
    if (rc)
        return rc;
    if (!pa.seeded)
        pa.seed = 0; /* a solution should not depend on the clock */
    tavola_ruleset *rs;
    tavola_game *g;
    if ((rc = cli_start_game(&pa, &rs, &g)) == 0 && pa.moves)
        rc = cli_play_moves(g, pa.moves);
    if (rc == 0) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        uint64_t positions;
        int64_t value, values[1024];
        tavola_move moves[1024];
        int n = t->solve(g, max, progress, NULL, &positions, &value, moves, values, 1024);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (isatty(2))
            fputc('\n', stderr);
        if (n < 0) {
            fprintf(stderr, "tavola: solve: %s\n", t->error(g));
            rc = 1;
        } else {
            double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
            int64_t now = t->score(g, 1) - t->score(g, 2);
            char words[64];
            describe(words, sizeof words, value, now);
            printf("%s: %llu positions\n", t->ruleset_name(rs), (unsigned long long)positions);
            char who[256];
            printf("value for player 1 (%s): %s\n", cli_printable(t->ruleset_player(rs, 1), who, sizeof who), words);
            if (value > -WIN / 2 && value < WIN / 2)
                printf("final margin: %+lld\n", (long long)(now + value));
            /* Best for the side to move: the highest value for player 1, the lowest for player 2. */
            int p1 = t->to_move(g) == 1;
            printf("best moves for player %d:", p1 ? 1 : 2);
            for (int i = 0; i < n; i++)
                if (values[i] == value) {
                    char text[32];
                    t->move_text(g, moves[i], text, sizeof text);
                    printf(" %s", text);
                }
            printf("\nall moves:");
            for (int i = 0; i < n; i++) {
                char text[32];
                t->move_text(g, moves[i], text, sizeof text);
                describe(words, sizeof words, values[i], now);
                printf(" %s (%s)", text, words);
            }
            printf("\ntime: %.2f s\n", secs);
        }
    }
    t->game_free(g);
    t->ruleset_free(rs);
    return rc;
}
