/* Fuzz target: move text. Byte 0 picks a ruleset, the rest is move text
 * separated by blanks ("u" takes a move back). Each token goes through
 * tv_move_parse; a parsed move must print back to text that parses to it,
 * tv_check_move must agree with the legal move list, and a legal move must
 * play, keeping the incremental hash right. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "fuzz_common.h"

static const char *const games[][2] = {
    {"tictactoe", ""}, {"connect4", ""}, {"pahtum", "holes=placed,count=5,swap=true"}, {"pahtum", "holes=7"},
    {"kalah", ""}, {"oware", ""}, {"notakto", ""}, {"tihbat", ""}, {"gomoku", "size=9"}, {"connect4", "width=3,height=2,connect=2"},
    {"othello", ""}, {"othello", "size=4"}, {"anti_line4", "width=4,height=4,connect=3"}};
#define NGAMES (sizeof games / sizeof *games)
static tv_ruleset *rulesets[NGAMES];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    for (size_t i = 0; i < NGAMES; i++)
        rulesets[i] = fuzz_load(games[i][0], games[i][1]);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const tv_rules *r = tv_ruleset_rules(rulesets[data[0] % NGAMES]);
    char *text = fuzz_text(data + 1, size - 1);
    tv_error err = {0};
    tv_game *g = tv_game_new(r, data[0], &err);
    FUZZ_CHECK(g != NULL && text != NULL);
    char *save;
    for (char *tok = strtok_r(text, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (strcmp(tok, "u") == 0) {
            tv_game_undo(g, &err);
            continue;
        }
        tv_move m, again;
        if (tv_move_parse(r, tok, &m, &err) != TV_OK)
            continue;
        char back[64];
        tv_move_text(r, m, back, sizeof back);
        FUZZ_CHECK(tv_move_parse(r, back, &again, &err) == TV_OK && again == m);
        tv_move legal[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, g->state, legal, TV_MOVES_LIMIT, &err), listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i] == m;
        int rc = tv_check_move(r, g->state, m, &err);
        if (n >= 0 && rc != TV_EHOOK)
            FUZZ_CHECK((rc == TV_OK) == listed);
        if (rc == TV_OK) {
            rc = tv_game_play(g, m, &err);
            FUZZ_CHECK(rc == TV_OK || rc == TV_EHOOK);
        }
        FUZZ_CHECK(g->state->hash == tv_state_hash(r, g->state));
    }
    tv_game_free(g);
    free(text);
    return 0;
}
