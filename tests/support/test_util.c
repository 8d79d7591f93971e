#include "test_util.h"
#include "tv_movetext.h"
#include "tv_pmove.h"

#include <check.h>

#include "tv_check.h" /* ck_assert without a system call when it passes */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tv_ruleset *load_source(const char *file, const char *source, const char *options, tv_error *err)
{
    /* The default limits but the clock: a test that expects the instruction
     * or memory limit, or no limit, must not meet the clock on a slow or
     * loaded machine. (0 is the default, so "no clock" is LONG_MAX.) */
    static const tv_limits no_clock = {.load_ms = LONG_MAX, .hook_ms = LONG_MAX};
    tv_options opts = {0};
    if (options && tv_options_parse(&opts, options, err))
        return NULL;
    return tv_ruleset_load(file, source, strlen(source), &opts, &no_clock, err);
}

tv_ruleset *load_named(const char *name, const char *options, tv_error *err)
{
    char path[256];
    snprintf(path, sizeof path, "rulesets/%s.lua", name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        tv_error_set(err, TV_EINVAL, "%s: cannot open", path);
        return NULL;
    }
    static char src[1 << 16];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = '\0';
    return load_source(path, src, options, err);
}

tv_ruleset *must_load(const char *name, const char *options)
{
    tv_error err = {0};
    tv_ruleset *rs = load_named(name, options, &err);
    ck_assert_msg(rs != NULL, "%s %s: %s", name, options ? options : "", err.msg);
    return rs;
}

tv_ruleset *load_variant(const char *name, const char *options)
{
    if (!strchr(name, '/'))
        return must_load(name, options);
    static char src[1 << 16];
    FILE *f = fopen(name, "rb");
    ck_assert_msg(f != NULL, "%s: cannot open", name);
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = '\0';
    tv_error err = {0};
    tv_ruleset *rs = load_source(name, src, options, &err);
    ck_assert_msg(rs != NULL, "%s %s: %s", name, options ? options : "", err.msg);
    return rs;
}

int play_moves(tv_game *g, const char *moves, tv_error *err)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok(buf, " "); m; m = strtok(NULL, " ")) {
        int rc = tv_game_play_text(g, m, err);
        if (rc)
            return rc;
    }
    return TV_OK;
}

/* ---- games ---------------------------------------------------------- */

tv_game *new_game(const tv_ruleset *rs)
{
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "tv_game_new: %s", err.msg);
    return g;
}

void must_play(tv_game *g, const char *moves)
{
    tv_error err = {0};
    int rc = play_moves(g, moves, &err);
    ck_assert_msg(rc == TV_OK, "%s: %s", moves, err.msg);
}

const char *refusal(tv_game *g, const char *move, tv_error *err)
{
    tv_state_buf before;
    tv_state_copy(g->rules, &before.state, g->state);
    int rc = play_moves(g, move, err);
    ck_assert_msg(rc == TV_EILLEGAL, "%s: played (%d), expected a refusal", move, rc);
    ck_assert_msg(memcmp(&before.state, g->state, (size_t)g->rules->state_size) == 0, "%s: the state changed", move);
    return err->msg;
}

void expect_ongoing(const tv_game *g, const char *what)
{
    ck_assert_msg(g->state->status == TV_ONGOING, "%s: the game is over (winner %d) after ply %d", what,
                  g->state->winner, g->state->ply);
}

void expect_winner(const tv_game *g, int winner, const char *what)
{
    ck_assert_msg(g->state->status == TV_OVER, "%s: the game is still going after ply %d", what,
                  g->state->ply);
    ck_assert_msg(g->state->winner == winner, "%s: winner %d, expected %d", what, g->state->winner, winner);
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err), 0);
}

/* The content of a named cell (TV_EMPTY, TV_STONE1, ...). */
int cell_at(const tv_game *g, const char *name)
{
    int c = tv_grid_parse_cell(&g->rules->grid, name);
    ck_assert_msg(c >= 0, "%s is not a cell", name);
    return g->state->cells[c];
}

/* ---- search ---------------------------------------------------------- */

/* Tic-tac-toe written here as data, so the tests do not depend on rulesets/. */
static const char *ttt_source =
    "return game { name = 'ttt', players = { 'X', 'O' },\n"
    "  board = grid { width = 3, height = 3 },\n"
    "  moves = place {},\n"
    "  goal = line { length = 3, directions = 'hvd' },\n"
    "  ends = 'board_full', winner = 'higher_score' }\n";

tv_ruleset *ttt(void)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("ttt.lua", ttt_source, NULL, &err);
    ck_assert_msg(rs != NULL, "ttt.lua: %s", err.msg);
    return rs;
}

/* A game at a position string (NULL: the start). */
tv_game *game_at(const tv_ruleset *rs, const char *pos)
{
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "tv_game_new: %s", err.msg);
    if (pos)
        ck_assert_msg(tv_game_set_position(g, pos, &err) == TV_OK, "%s: %s", pos, err.msg);
    return g;
}

tv_player *player(const tv_ruleset *rs, const char *spec, uint64_t seed)
{
    tv_error err = {0};
    tv_player *p = tv_player_new(tv_ruleset_rules(rs), spec, seed, &err);
    ck_assert_msg(p != NULL, "%s: %s", spec, err.msg);
    return p;
}

/* The player's move in g, checked legal, as text. */
const char *choose(tv_player *p, const tv_game *g, const tv_budget *budget, char *text)
{
    tv_error err = {0};
    tv_move m;
    int rc = tv_player_choose(p, g, budget, &m, &err);
    if (rc)
        ck_abort_msg("%s: %s", tv_player_name(p), err.msg);
    if (tv_check_move(g->rules, g->state, m, &err))
        ck_abort_msg("%s chose an illegal move: %s", tv_player_name(p), err.msg);
    tv_move_text(g->rules, m, text, 16);
    return text;
}

int each_shipped_ruleset(void (*fn)(const char *name, void *ctx), void *ctx)
{
    DIR *d = opendir("rulesets");
    ck_assert_msg(d != NULL, "rulesets/: cannot open (run from the repository root)");
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len <= 4 || strcmp(e->d_name + len - 4, ".lua") != 0)
            continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 4), e->d_name);
        fn(name, ctx);
        count++;
    }
    closedir(d);
    return count;
}

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

int sorted_legal_texts(const tv_game *g, char (*texts)[TV_TEXT_MAX])
{
    static tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n > 0, "ply %d of an ongoing game: %d legal moves (%s)", g->nply, n, n < 0 ? err.msg : "none");
    for (int i = 0; i < n; i++)
        tv_move_text(g->rules, moves[i], texts[i], TV_TEXT_MAX);
    qsort(texts, (size_t)n, TV_TEXT_MAX, by_text);
    return n;
}

long same_games_by_text(const tv_ruleset *a, const tv_ruleset *b, int games, uint64_t seed)
{
    static char want[TV_MOVES_LIMIT][TV_TEXT_MAX], got[TV_MOVES_LIMIT][TV_TEXT_MAX];
    tv_rng rng;
    tv_rng_seed(&rng, seed);
    long plies = 0;
    for (int game = 0; game < games; game++) {
        tv_game *x = new_game(a), *y = new_game(b);
        while (x->state->winner < 0) {
            int n = sorted_legal_texts(x, want), m = sorted_legal_texts(y, got);
            ck_assert_msg(n == m, "game %d ply %d: %d moves one way, %d the other", game, x->nply, n, m);
            for (int i = 0; i < n; i++)
                ck_assert_msg(!strcmp(want[i], got[i]), "game %d ply %d: %s one way, %s the other", game, x->nply,
                              want[i], got[i]);
            const char *move = want[tv_rng_below(&rng, (uint32_t)n)];
            tv_error err;
            ck_assert_msg(tv_game_play_text(x, move, &err) == TV_OK, "game %d: %s: %s", game, move, err.msg);
            ck_assert_msg(tv_game_play_text(y, move, &err) == TV_OK, "game %d: %s the other way: %s", game, move,
                          err.msg);
            ck_assert_msg(!memcmp(x->state->cells, y->state->cells, (size_t)x->rules->ncells),
                          "game %d: the cells differ after %s", game, move);
            plies++;
        }
        ck_assert_int_eq(y->state->winner, x->state->winner);
        tv_game_free(x);
        tv_game_free(y);
    }
    return plies;
}

int shot_pairs(const tv_move *moves, int n, int *first, int *count)
{
    int pairs = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0 || tv_pmove_from(moves[i]) != tv_pmove_from(moves[i - 1]) ||
            tv_pmove_to(moves[i]) != tv_pmove_to(moves[i - 1])) {
            first[pairs] = i;
            count[pairs++] = 0;
        }
        count[pairs - 1]++;
    }
    return pairs;
}
