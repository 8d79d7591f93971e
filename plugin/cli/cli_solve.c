/* tavola solve: the value of a game with perfect play, through the ABI. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_args.h"
#include "cli_solve.h"

#define WIN 1000000

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The solver calls in every 65,536 positions. On a terminal one line is
 * redrawn, at most 10 times a second; otherwise (a log) a line at most every
 * 10 seconds, so a long solve leaves a few lines and a short one none. */
typedef struct solve_progress {
    int tty, drawn;
    double start, last;
} solve_progress;

static void progress(void *ctx, const char *phase, uint64_t done)
{
    solve_progress *sp = ctx;
    double now = now_s();
    if (now - sp->last < (sp->tty ? 0.1 : 10.0))
        return;
    sp->last = now;
    double el = now - sp->start;
    if (sp->tty) {
        fprintf(stderr, "\rsolve: %s %llu positions, %.0f/s ", phase, (unsigned long long)done,
                el > 0 ? (double)done / el : 0.0);
        sp->drawn = 1;
    } else {
        fprintf(stderr, "solve: %s %llu positions after %.0f s\n", phase, (unsigned long long)done, el);
    }
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
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    int nrest = 0;
    if (!rest) {
        cli_error("out of memory");
        return 1;
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            char *end;
            errno = 0;
            max = strtoull(v, &end, 10);
            if (!(v[0] >= '0' && v[0] <= '9') || *end || errno || max == 0) {
                free(rest);
                return cli_usage_error(cli_command_usage(), "--positions: '%s' is not a positive integer", v);
            }
        } else {
            rest[nrest++] = argv[i];
        }
    }
    static play_args pa;
    int rc = cli_parse_play_args(nrest, rest, &pa, 0);
    free(rest);
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
        solve_progress sp = {.tty = isatty(2), .start = now_s()};
        sp.last = sp.start;
        int n = t->solve(g, max, progress, &sp, &positions, &value, moves, values, 1024);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (sp.drawn)
            fputc('\n', stderr);
        if (n < 0) {
            cli_error("solve: %s", t->error(g));
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
                    char text[TAVOLA_MOVE_TEXT_MAX];
                    t->move_text(g, moves[i], text, sizeof text);
                    printf(" %s", text);
                }
            printf("\nall moves:");
            for (int i = 0; i < n; i++) {
                char text[TAVOLA_MOVE_TEXT_MAX];
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
