/* Fuzz target: the ruleset loader on arbitrary Lua source, under small
 * limits. Every failure must come back as a message that starts with the
 * file's name; a ruleset that loads must play (its hooks under the limits),
 * and its positions must read back. */
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tv_error err = {0};
    tv_ruleset *rs = tv_ruleset_load("fuzz.lua", (const char *)data, size, NULL, &fuzz_limits, &err);
    if (!rs) {
        FUZZ_CHECK(strncmp(err.msg, "fuzz.lua", 8) == 0);
        return 0;
    }
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = tv_game_new(r, size, &err);
    for (int ply = 0; g && ply < 40; ply++) {
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
        if (n <= 0 || tv_game_play(g, moves[(size_t)ply * 11 % (size_t)n], &err) != TV_OK)
            break;
        char text[TV_POSITION_MAX];
        tv_state_buf back;
        tv_position_write(r, g->state, text, sizeof text);
        tv_position_read(r, text, &back.state, &err); /* may be refused (a hook), never crash */
    }
    if (g) {
        while (g->nply > 0 && tv_game_undo(g, &err) == TV_OK)
            ;
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
    return 0;
}
