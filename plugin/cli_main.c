/* tavola: the command-line host. Lists rulesets and plays them in the
 * terminal or from a move list. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_render.h"
#include "tv_perft.h"
#include "cli_rulesets.h"

static const char usage[] =
    "usage: tavola list [--rules DIR]\n"
    "       tavola play RULESET [-o key=value]... [--seed N] [--p1 human|random]\n"
    "                   [--p2 human|random] [--moves \"m1 m2 ...\"] [--position POS]\n"
    "                   [--json] [--rules DIR]\n"
    "       tavola perft RULESET DEPTH [-o key=value]... [--seed N] [--position POS]\n"
    "RULESET is a name from `tavola list` or a path to a .lua file.\n";

static int die_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "tavola: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage);
    return 2;
}

static int cmd_list(int argc, char **argv)
{
    const char *rules_dir = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc)
            rules_dir = argv[++i];
        else
            return die_usage("list: unexpected argument '%s'", argv[i]);
    }
    static cli_dirs dirs;
    static char names[CLI_LIST_MAX][64], paths[CLI_LIST_MAX][CLI_PATH_MAX];
    cli_dirs_init(&dirs, rules_dir);
    int n = cli_list_rulesets(&dirs, names, paths), failed = 0;
    for (int i = 0; i < n; i++) {
        tv_error err;
        tv_ruleset *rs = cli_load_ruleset(paths[i], NULL, &err);
        if (!rs) {
            fprintf(stderr, "tavola: %s\n", err.msg);
            failed = 1;
            continue;
        }
        const tv_rules *r = tv_ruleset_rules(rs);
        printf("%-12s %s\n", names[i], r->description[0] ? r->description : r->title);
        for (int j = 0; j < tv_ruleset_option_count(rs); j++) {
            const tv_option_info *o = tv_ruleset_option(rs, j);
            char opt[TV_OPTION_KEY_MAX + TV_OPTION_VALUE_MAX + 4];
            snprintf(opt, sizeof opt, "%s=%s", o->name, o->def);
            printf("    -o %-22s %s\n", opt, o->doc);
        }
        tv_ruleset_free(rs);
    }
    if (n == 0)
        fprintf(stderr, "tavola: no rulesets found (use --rules DIR or TAVOLA_PATH)\n");
    return failed || n == 0 ? 1 : 0;
}

typedef enum { PLAYER_HUMAN, PLAYER_RANDOM } player_kind;

static int parse_player(const char *s, player_kind *k)
{
    if (strcmp(s, "human") == 0)
        *k = PLAYER_HUMAN;
    else if (strcmp(s, "random") == 0)
        *k = PLAYER_RANDOM;
    else
        return -1;
    return 0;
}

static void print_moves(FILE *out, const tv_game *g)
{
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err);
    if (n < 0) {
        fprintf(out, "error: %s\n", err.msg);
        return;
    }
    for (int i = 0; i < n; i++) {
        char text[16];
        tv_move_text(g->rules, moves[i], text, sizeof text);
        fprintf(out, "%s%s", i ? " " : "", text);
    }
    fputc('\n', out);
}

/* The terminal game: draw, ask or pick a move, repeat. */
static int interactive(tv_game *g, const player_kind kind[2], tv_rng *rng)
{
    const tv_rules *r = g->rules;
    char line[256];
    cli_draw(stdout, g);
    while (g->state->status == TV_ONGOING) {
        int p = g->state->to_move;
        tv_error err;
        if (kind[p] == PLAYER_RANDOM) {
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
            if (n <= 0 || tv_game_play(g, moves[tv_rng_below(rng, (uint32_t)n)], &err)) {
                fprintf(stderr, "tavola: %s\n", n == 0 ? "no legal move" : err.msg);
                return 1;
            }
            char text[16];
            tv_move_text(r, g->history[g->nply - 1], text, sizeof text);
            printf("\n%s plays %s\n", r->players[p], text);
            cli_draw(stdout, g);
            continue;
        }
        printf("%s> ", r->players[p]);
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
            printf("Type a move (a cell such as d4, or swap), or: moves, undo, position, quit.\n");
        } else if (strcmp(word, "moves") == 0) {
            print_moves(stdout, g);
        } else if (strcmp(word, "position") == 0) {
            char pos[TV_POSITION_MAX];
            tv_position_write(r, g->state, pos, sizeof pos);
            printf("%s\n", pos);
        } else if (strcmp(word, "undo") == 0) {
            /* Take back the computer's reply too, so it is this player's turn again. */
            if (tv_game_undo(g, &err))
                printf("%s\n", err.msg);
            while (g->nply > 0 && kind[g->state->to_move] != PLAYER_HUMAN)
                tv_game_undo(g, &err);
            cli_draw(stdout, g);
        } else if (tv_game_play_text(g, word, &err)) {
            printf("%s (type help)\n", err.msg);
        } else {
            cli_draw(stdout, g);
        }
    }
    return 0;
}

/* What play and perft are told on the command line. */
typedef struct play_args {
    const char *name, *rules_dir, *moves, *position;
    int json, seeded, depth;
    unsigned long long seed;
    player_kind kind[2];
    tv_options opts;
} play_args;

static int parse_play_args(int argc, char **argv, play_args *pa, int want_depth)
{
    tv_error err;
    memset(pa, 0, sizeof *pa);
    pa->depth = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            pa->json = 1;
        } else if (a[0] == '-' && !v) {
            return die_usage("%s needs a value", a);
        } else if (strcmp(a, "-o") == 0) {
            if (tv_options_add_pair(&pa->opts, v, &err))
                return die_usage("%s", err.msg);
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            pa->seed = strtoull(v, &end, 10);
            if (*end || end == v || v[0] == '-')
                return die_usage("--seed: '%s' is not a non-negative integer", v);
            pa->seeded = 1;
            i++;
        } else if (strcmp(a, "--p1") == 0 || strcmp(a, "--p2") == 0) {
            if (parse_player(v, &pa->kind[a[3] - '1']))
                return die_usage("unknown player '%s' (human or random)", v);
            i++;
        } else if (strcmp(a, "--moves") == 0) {
            pa->moves = v;
            i++;
        } else if (strcmp(a, "--position") == 0) {
            pa->position = v;
            i++;
        } else if (strcmp(a, "--rules") == 0) {
            pa->rules_dir = v;
            i++;
        } else if (want_depth && pa->name && pa->depth < 0 && a[0] >= '0' && a[0] <= '9') {
            pa->depth = atoi(a);
            if (pa->depth > 30)
                return die_usage("perft: depth %s is more than 30", a);
        } else if (a[0] == '-' || pa->name) {
            return die_usage("unexpected argument '%s'", a);
        } else {
            pa->name = a;
        }
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
static int start_game(const play_args *pa, tv_ruleset **rs, tv_game **g)
{
    static cli_dirs dirs;
    char path[CLI_PATH_MAX];
    tv_error err;
    *rs = NULL;
    *g = NULL;
    cli_dirs_init(&dirs, pa->rules_dir);
    if (cli_find_ruleset(&dirs, pa->name, path, sizeof path, &err) ||
        !(*rs = cli_load_ruleset(path, &pa->opts, &err)) ||
        !(*g = tv_game_new(tv_ruleset_rules(*rs), pa->seed, &err)) ||
        (pa->position && tv_game_set_position(*g, pa->position, &err))) {
        fprintf(stderr, "tavola: %s\n", err.msg);
        return 1;
    }
    return 0;
}

static int cmd_perft(int argc, char **argv)
{
    static play_args pa;
    int rc = parse_play_args(argc, argv, &pa, 1);
    if (rc)
        return rc;
    tv_ruleset *rs;
    tv_game *g;
    if ((rc = start_game(&pa, &rs, &g)))
        goto out;
    for (int d = 1; d <= pa.depth; d++) {
        tv_error err;
        int64_t n = tv_perft(g->rules, g->state, d, &err);
        if (n < 0) {
            fprintf(stderr, "tavola: perft %d: %s\n", d, err.msg);
            rc = 1;
            break;
        }
        printf("perft %d %lld\n", d, (long long)n);
        fflush(stdout);
    }
out:
    tv_game_free(g);
    tv_ruleset_free(rs);
    return rc;
}

static int cmd_play(int argc, char **argv)
{
    static play_args pa;
    tv_error err;
    int rc = parse_play_args(argc, argv, &pa, 0);
    if (rc)
        return rc;
    const char *moves = pa.moves, *position = pa.position;
    unsigned long long seed = pa.seed;
    const tv_options *opts = &pa.opts;

    tv_ruleset *rs;
    tv_game *g;
    if ((rc = start_game(&pa, &rs, &g)))
        goto out;
    rc = 1;
    if (moves) {
        char buf[8192];
        if (strlen(moves) >= sizeof buf) {
            fprintf(stderr, "tavola: --moves is too long\n");
            goto out;
        }
        strcpy(buf, moves);
        int k = 0;
        for (char *save, *m = strtok_r(buf, " \t\n,", &save); m; m = strtok_r(NULL, " \t\n,", &save)) {
            k++;
            if (tv_game_play_text(g, m, &err)) {
                fprintf(stderr, "tavola: move %d '%s' refused: %s\n", k, m, err.msg);
                goto out;
            }
        }
    }
    if (pa.json) {
        if (cli_json(stdout, g, tv_ruleset_options_text(rs), &err)) {
            fprintf(stderr, "tavola: %s\n", err.msg);
            goto out;
        }
        rc = 0;
    } else if (moves || position) {
        cli_draw(stdout, g);
        rc = 0;
    } else {
        printf("%s (seed %llu)%s%s\n", tv_ruleset_rules(rs)->title, seed,
               opts->n ? "  options: " : "", opts->n ? tv_ruleset_options_text(rs) : "");
        tv_rng rng;
        tv_rng_seed(&rng, seed ^ 0x5DEECE66Dull);
        rc = interactive(g, pa.kind, &rng);
    }
out:
    tv_game_free(g);
    tv_ruleset_free(rs);
    return rc;
}

int main(int argc, char **argv)
{
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
    return die_usage("unknown command '%s'", argv[1]);
}
