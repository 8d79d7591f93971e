/* Fuzz target: position strings. Byte 0 picks a ruleset (grid games with
 * blocks, swap and drops; mancala games; a hook game; flips), the rest is a
 * position string. A position that reads must write back to text that reads
 * to the same position, and must play on (legal moves, a few moves, undo). */
#include "fuzz_common.h"

static const char *const games[][2] = {
    {"pahtum", "holes=placed,count=5,swap=true"}, {"pahtum", "holes=7"}, {"pahtum", "holes=a1,b2,c3"},
    {"connect4", ""}, {"tictactoe", ""}, {"notakto", "size=4"}, {"gomoku", "size=9"},
    {"kalah", ""}, {"oware", ""}, {"tihbat", ""}, {"kalah", "holes=1,seeds=1"},
    {"othello", ""}, {"othello", "size=4"}, {"anti_line4", ""}, {"notakto_hooks", "size=4"}};
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
    FUZZ_CHECK(text != NULL);
    tv_error err = {0};
    tv_state_buf a, b;
    if (tv_position_read(r, text, &a.state, &err) == TV_OK) {
        char once[TV_POSITION_MAX], twice[TV_POSITION_MAX];
        tv_position_write(r, &a.state, once, sizeof once);
        int rc = tv_position_read(r, once, &b.state, &err);
        FUZZ_CHECK(rc == TV_OK);
        tv_position_write(r, &b.state, twice, sizeof twice);
        FUZZ_CHECK(strcmp(once, twice) == 0);
        FUZZ_CHECK(a.state.hash == b.state.hash && a.state.status == b.state.status &&
                   a.state.winner == b.state.winner);
        FUZZ_CHECK(a.state.hash == tv_state_hash(r, &a.state));
        for (int ply = 0; ply < 4; ply++) {
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, &a.state, moves, TV_MOVES_LIMIT, &err);
            if (n <= 0)
                break;
            tv_undo u;
            tv_state_copy(r, &b.state, &a.state);
            rc = tv_play(r, &a.state, moves[(size_t)ply * 7 % (size_t)n], &u, &err);
            if (rc != TV_OK) {
                FUZZ_CHECK(rc == TV_EHOOK && memcmp(&a, &b, (size_t)r->state_size) == 0);
                break;
            }
            FUZZ_CHECK(a.state.hash == tv_state_hash(r, &a.state));
            if (ply == 2) { /* undo restores the state exactly */
                tv_unplay(r, &a.state, &u);
                FUZZ_CHECK(memcmp(&a, &b, (size_t)r->state_size) == 0);
            }
        }
    }
    free(text);
    return 0;
}
