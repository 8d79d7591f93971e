/* tavola: the command-line host. It lists rulesets and plays them in the
 * terminal or from a move list, through the plugin ABI (tavola.h) only. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_common.h"
#include "cli_json.h"
#include "cli_match.h"
#include "cli_solve.h"
#include "cli_ugi.h"
#include "cli_show.h"
#include "tavola.h"

#define MAX_MOVES 4096

static const tavola_api *t;

static const char usage[] =
    "usage: tavola list [--rules DIR]\n"
    "       tavola play RULESET [-o key=value]... [--seed N] [--p1 PLAYER] [--p2 PLAYER]\n"
    "                   [--moves \"m1 m2 ...\"] [--position POS]\n"
    "                   [--json] [--rules DIR]\n"
    "       tavola perft RULESET DEPTH [-o key=value]... [--seed N] [--position POS]\n"
    "       tavola ugi RULESET [-o key=value]... [--seed N]\n"
    "       tavola solve RULESET [-o key=value]... [--position POS] [--moves M] [--positions MAX]\n"
    "       tavola show RULESET [-o key=value]... [--seed N] [--position POS] [--moves \"...\"] [--svg FILE|-]\n"
    "       tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]... [--seed S]\n"
    "                   [--swap-sides] [--jobs J] [--shard K/N] [--record FILE] [--json]\n"
    "       tavola merge RESULT.json... [--json]\n"
    "       tavola replay RECORDS... [--rules DIR]\n"
    "RULESET is a name from `tavola list` or a path to a .lua file.\n";

int die_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "tavola: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage);
    return 2;
}

static int cmd_list(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc)
            t->add_path(argv[++i]);
        else
            return die_usage("list: unexpected argument '%s'", argv[i]);
    }
    static char names[64 * 1024];
    int n = t->list(names, sizeof names), failed = 0;
    char *save;
    for (char *name = strtok_r(names, "\n", &save); name && n > 0; name = strtok_r(NULL, "\n", &save)) {
        char err[1024];
        tavola_ruleset *rs = t->ruleset_load(name, NULL, err, sizeof err);
        if (!rs) {
            fprintf(stderr, "tavola: %s\n", err);
            failed = 1;
            continue;
        }
        const char *desc = t->ruleset_description(rs);
        printf("%-12s %s\n", name, desc[0] ? desc : t->ruleset_title(rs));
        for (int j = 0; j < t->ruleset_option_count(rs); j++) {
            const char *oname, *def, *doc;
            t->ruleset_option(rs, j, &oname, &def, &doc);
            char opt[512];
            snprintf(opt, sizeof opt, "%s=%s", oname, def);
            printf("    -o %-22s %s\n", opt, doc);
        }
        t->ruleset_free(rs);
    }
    if (n <= 0)
        fprintf(stderr, "tavola: no rulesets found (use --rules DIR or TAVOLA_PATH)\n");
    return failed || n <= 0 ? 1 : 0;
}

static int add_option(play_args *pa, const char *pair)
{
    if (!strchr(pair, '=') || pair[0] == '=')
        return -1;
    size_t used = strlen(pa->options);
    if (used + strlen(pair) + 2 > sizeof pa->options)
        return -1;
    snprintf(pa->options + used, sizeof pa->options - used, "%s%s", used ? "," : "", pair);
    return 0;
}

const tavola_api *cli_api(void) { return t; }

int cli_parse_play_args(int argc, char **argv, play_args *pa, int want_depth)
{
    memset(pa, 0, sizeof *pa);
    pa->depth = -1;
    pa->player[0] = pa->player[1] = "human";
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            pa->json = 1;
            continue;
        }
        if (a[0] == '-' && !v)
            return die_usage("%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            if (add_option(pa, v))
                return die_usage("option '%s': expected key=value", v);
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            pa->seed = strtoull(v, &end, 10);
            if (*end || end == v || v[0] == '-')
                return die_usage("--seed: '%s' is not a non-negative integer", v);
            pa->seeded = 1;
        } else if (strcmp(a, "--p1") == 0 || strcmp(a, "--p2") == 0) {
            pa->player[a[3] - '1'] = v;
        } else if (strcmp(a, "--moves") == 0) {
            pa->moves = v;
        } else if (strcmp(a, "--position") == 0) {
            pa->position = v;
        } else if (strcmp(a, "--rules") == 0) {
            t->add_path(v);
        } else if (want_depth && pa->name && pa->depth < 0 && a[0] >= '0' && a[0] <= '9') {
            pa->depth = atoi(a);
            if (pa->depth > 30)
                return die_usage("perft: depth %s is more than 30", a);
            continue;
        } else if (a[0] == '-' || pa->name) {
            return die_usage("unexpected argument '%s'", a);
        } else {
            pa->name = a;
            continue;
        }
        i++; /* the option's value */
    }
    if (!pa->name)
        return die_usage("%s", "which ruleset?");
    if (want_depth && pa->depth < 0)
        return die_usage("%s", "perft: which depth?");
    if (!pa->seeded)
        pa->seed = (unsigned long long)time(NULL);
    return 0;
}

/* Loads the ruleset and starts the game the arguments describe. */
int cli_start_game(const play_args *pa, tavola_ruleset **rs, tavola_game **g)
{
    char err[1024];
    *g = NULL;
    if (!(*rs = t->ruleset_load(pa->name, pa->options, err, sizeof err))) {
        fprintf(stderr, "tavola: %s\n", err);
        return 1;
    }
    if (!(*g = t->game_new(*rs, pa->seed))) {
        fprintf(stderr, "tavola: %s\n", t->ruleset_error(*rs));
        return 1;
    }
    if (pa->position && t->set_position(*g, pa->position)) {
        fprintf(stderr, "tavola: %s\n", t->error(*g));
        return 1;
    }
    return 0;
}

static void draw(tavola_game *g)
{
    static char buf[16384];
    t->draw(g, TAVOLA_DRAW_BOARD, buf, sizeof buf);
    fputs(buf, stdout);
}

static void print_moves(tavola_game *g)
{
    static tavola_move moves[MAX_MOVES];
    int n = t->legal_moves(g, moves, MAX_MOVES);
    if (n < 0) {
        printf("error: %s\n", t->error(g));
        return;
    }
    for (int i = 0; i < n; i++) {
        char text[32];
        t->move_text(g, moves[i], text, sizeof text);
        printf("%s%s", i ? " " : "", text);
    }
    printf("\n");
}

/* The terminal game: draw, ask a human or a player for a move, repeat. */
static int interactive(const tavola_ruleset *rs, tavola_game *g, tavola_player *const players[2])
{
    char line[256];
    draw(g);
    while (t->status(g) == TAVOLA_ONGOING) {
        int p = t->to_move(g);
        const char *who = t->ruleset_player(rs, p);
        if (players[p - 1]) {
            tavola_move m;
            char text[32];
            if (t->player_choose(players[p - 1], g, 0, 0, 0, &m) || t->play(g, m)) {
                fprintf(stderr, "tavola: %s\n", t->error(g));
                return 1;
            }
            t->move_text(g, m, text, sizeof text);
            printf("\n%s plays %s\n", who, text);
            draw(g);
            continue;
        }
        printf("%s> ", who);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n");
            return 0;
        }
        char word[128];
        if (sscanf(line, "%127s", word) != 1)
            continue;
        if (strcmp(word, "quit") == 0)
            return 0;
        if (strcmp(word, "help") == 0) {
            printf("Type a move (a cell such as d4, a column, pass or swap), or: moves, undo, position, quit.\n");
        } else if (strcmp(word, "moves") == 0) {
            print_moves(g);
        } else if (strcmp(word, "position") == 0) {
            char pos[2048];
            t->position(g, pos, sizeof pos);
            printf("%s\n", pos);
        } else if (strcmp(word, "undo") == 0) {
            if (t->undo(g))
                printf("%s\n", t->error(g));
            /* Take back the computer's reply too, so it is this player's turn again. */
            while (t->ply(g) > 0 && players[t->to_move(g) - 1] && t->undo(g) == TAVOLA_OK)
                ;
            draw(g);
        } else if (t->play_text(g, word)) {
            printf("%s (type help)\n", t->error(g));
        } else {
            draw(g);
        }
    }
    return 0;
}

int cli_play_moves(tavola_game *g, const char *moves)
{
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    if (!buf) {
        fprintf(stderr, "tavola: out of memory\n");
        return 1;
    }
    memcpy(buf, moves, len + 1);
    int k = 0, rc = 0;
    char *save;
    for (char *m = strtok_r(buf, " \t\n,", &save); m && rc == 0; m = strtok_r(NULL, " \t\n,", &save)) {
        k++;
        if (t->play_text(g, m)) {
            fprintf(stderr, "tavola: move %d '%s' refused: %s\n", k, m, t->error(g));
            rc = 1;
        }
    }
    free(buf);
    return rc;
}

static int cmd_play(int argc, char **argv)
{
    static play_args pa;
    int rc = cli_parse_play_args(argc, argv, &pa, 0);
    if (rc)
        return rc;
    tavola_ruleset *rs;
    tavola_game *g;
    rc = cli_start_game(&pa, &rs, &g);
    if (rc == 0 && pa.moves)
        rc = cli_play_moves(g, pa.moves);
    if (rc == 0 && pa.json) {
        if ((rc = cli_json(stdout, t, rs, g) ? 1 : 0))
            fprintf(stderr, "tavola: %s\n", t->error(g));
    } else if (rc == 0 && (pa.moves || pa.position)) {
        draw(g);
    } else if (rc == 0) {
        tavola_player *players[2] = {NULL, NULL};
        for (int p = 0; p < 2 && rc == 0; p++) {
            char err[1024];
            /* Each player its own seed: the same game for the same --seed. */
            if (strcmp(pa.player[p], "human") != 0 &&
                !(players[p] = t->player_new(rs, pa.player[p], pa.seed * 2 + (unsigned)p, err, sizeof err))) {
                fprintf(stderr, "tavola: --p%d: %s\n", p + 1, err);
                rc = 1;
            }
        }
        if (rc == 0) {
            printf("%s (seed %llu)%s%s\n", t->ruleset_title(rs), pa.seed, pa.options[0] ? "  options: " : "",
                   pa.options[0] ? t->ruleset_options(rs) : "");
            rc = interactive(rs, g, players);
        }
        t->player_free(players[0]);
        t->player_free(players[1]);
    }
    t->game_free(g);
    t->ruleset_free(rs);
    return rc;
}

static int cmd_perft(int argc, char **argv)
{
    static play_args pa;
    int rc = cli_parse_play_args(argc, argv, &pa, 1);
    if (rc)
        return rc;
    tavola_ruleset *rs;
    tavola_game *g;
    rc = cli_start_game(&pa, &rs, &g);
    for (int d = 1; rc == 0 && d <= pa.depth; d++) {
        int64_t n = t->perft(g, d);
        if (n < 0) {
            fprintf(stderr, "tavola: perft %d: %s\n", d, t->error(g));
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

int main(int argc, char **argv)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    if (!t) {
        fprintf(stderr, "tavola: the library does not serve ABI version %d\n", TAVOLA_ABI_VERSION);
        return 1;
    }
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "list") == 0)
        return cmd_list(argc - 2, argv + 2);
    if (strcmp(argv[1], "play") == 0)
        return cmd_play(argc - 2, argv + 2);
    if (strcmp(argv[1], "perft") == 0)
        return cmd_perft(argc - 2, argv + 2);
    if (strcmp(argv[1], "match") == 0)
        return cmd_match(argc - 2, argv + 2);
    if (strcmp(argv[1], "merge") == 0)
        return cmd_merge(argc - 2, argv + 2);
    if (strcmp(argv[1], "replay") == 0)
        return cmd_replay(argc - 2, argv + 2);
    if (strcmp(argv[1], "solve") == 0)
        return cmd_solve(argc - 2, argv + 2);
    if (strcmp(argv[1], "ugi") == 0)
        return cmd_ugi(argc - 2, argv + 2);
    if (strcmp(argv[1], "show") == 0)
        return cmd_show(argc - 2, argv + 2);
    return die_usage("unknown command '%s'", argv[1]);
}
