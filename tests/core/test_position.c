/* Position strings (tv_position): known strings, what reading derives,
 * write/read round trips in random games, and corrupt or impossible strings
 * refused without touching the target.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"
#include "tv_position.h"

/* write -> read gives the same state. Position strings do not record the
 * last move (like FEN), so that one field reads back as TV_MOVE_NONE. */
static void check_round_trip(const tv_rules *r, const tv_state *s)
{
    char text[TV_POSITION_MAX], again[TV_POSITION_MAX];
    int n = tv_position_write(r, s, text, sizeof text);
    REQUIRE(n > 0 && n < (int)sizeof text && n == (int)strlen(text), "write returned %d", n);
    tv_state_buf back, want;
    memset(&back, 0xA5, sizeof back);
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_position_read(r, text, &back.state, &err);
    REQUIRE(rc == TV_OK, "'%s' does not read back: %s", text, err.msg);
    tv_state_copy(r, &want.state, s);
    want.state.last = TV_MOVE_NONE;
    REQUIRE(back.state.last == TV_MOVE_NONE, "'%s': last %d", text, back.state.last);
    REQUIRE(memcmp(&back.state, &want.state, (size_t)r->state_size) == 0,
            "'%s' reads back as a different state (score %d,%d vs %d,%d, hash %d, status %u/%u,"
            " setup_left %u/%u)",
            text, back.state.score[0], back.state.score[1], s->score[0], s->score[1],
            back.state.hash == s->hash, (unsigned)back.state.status, (unsigned)s->status,
            (unsigned)back.state.setup_left, (unsigned)s->setup_left);
    tv_position_write(r, &back.state, again, sizeof again);
    REQUIRE(strcmp(text, again) == 0, "'%s' rewrites as '%s'", text, again);
}

static void round_trip_games(const tv_rules *r, int games, int force_swap)
{
    for (int g = 0; g < games; g++) {
        tv_state_buf buf;
        tv_state *s = start(r, &buf, (uint64_t)g);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g + 4242);
        check_round_trip(r, s);
        while (s->status == TV_ONGOING) {
            tv_move m = random_move(r, s, &rng);
            if (force_swap && (g & 1) && is_legal(r, s, TV_MOVE_SWAP))
                m = TV_MOVE_SWAP;
            play_ok(r, s, m, NULL);
            check_round_trip(r, s);
        }
    }
}

START_TEST(position_known_strings)
{
    tv_rules *r = pahtum();
    tv_state_buf a;
    tv_state *s = start(r, &a, 0);
    char text[TV_POSITION_MAX];
    int n = tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......./......./......./......./......./......./....... 1 - 0");
    ck_assert_int_eq(n, (int)strlen(text));
    play_ok(r, s, c7("d4"), NULL);
    play_ok(r, s, c7("a1"), NULL);
    play_ok(r, s, c7("g7"), NULL);
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......x/......./......./...x.../......./......./o...... 2 - 3");
    /* A short buffer gets a truncated, terminated copy and the full length. */
    char small[10];
    ck_assert_int_eq(tv_position_write(r, s, small, sizeof small), (int)strlen(text));
    ck_assert_str_eq(small, "......x/.");
    free(r);
}
END_TEST

/* Reading derives the scores, counts and status: the Italian figure gives
 * 10 to 6, a full board is over with a winner. */
START_TEST(position_read_derives)
{
    tv_rules *r = pahtum();
    tv_state_buf a;
    tv_error err;
    tv_state *s = &a.state;
    ck_assert_int_eq(tv_position_read(r,
                                      "......./......./.ooo.../..oxxxx/..o..x./......x/......."
                                      " 2 - 11",
                                      s, &err),
                     TV_OK);
    ck_assert_int_eq(s->score[0], 10);
    ck_assert_int_eq(s->score[1], 6);
    ck_assert_int_eq(s->stones, 11);
    ck_assert_int_eq(s->empty, 38);
    ck_assert_int_eq(s->to_move, 1);
    ck_assert_int_eq(s->ply, 11);
    ck_assert_int_eq(s->status, TV_ONGOING);
    ck_assert_int_eq(s->winner, -1);
    ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    ck_assert_int_eq(s->cells[c7("g2")], TV_STONE1);
    ck_assert_int_eq(s->cells[c7("c3")], TV_STONE2);

    /* A full checkerboard (25 x, 24 o) has no runs: a draw. */
    const char *full = "xoxoxox/oxoxoxo/xoxoxox/oxoxoxo/xoxoxox/oxoxoxo/xoxoxox 2 - 49";
    ck_assert_int_eq(tv_position_read(r, full, s, &err), TV_OK);
    ck_assert_int_eq(s->status, TV_OVER);
    ck_assert_int_eq(s->score[0], 0);
    ck_assert_int_eq(s->score[1], 0);
    ck_assert_int_eq(s->winner, 0);
    ck_assert_int_eq(s->empty, 0);
    /* Full rows: White rows 7, 5, 3 (3 x 119) and a1-d1 (10) = 367; Black
     * rows 6, 4, 2 (3 x 119) and e1-g1 (3) = 360. The columns alternate
     * except e1-e2, f1-f2, g1-g2 (runs of 2: nothing). White wins. */
    const char *rows = "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxooo 2 - 49";
    ck_assert_int_eq(tv_position_read(r, rows, s, &err), TV_OK);
    ck_assert_int_eq(s->status, TV_OVER);
    ck_assert_int_eq(s->score[0], 367);
    ck_assert_int_eq(s->score[1], 360);
    ck_assert_int_eq(s->winner, 1);
    free(r);
}
END_TEST

START_TEST(position_round_trip_holes)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    round_trip_games(r, 200, 0);
    free(r);
}
END_TEST

START_TEST(position_round_trip_swap)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_ALL);
    r->swap_after = 3;
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    rules_finish_ok(r);
    round_trip_games(r, 200, 1);
    free(r);
}
END_TEST

/* Placed blocks: includes the setup phase (flag 'p') and the swap. */
START_TEST(position_round_trip_setup)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    r->swap_after = 2;
    rules_finish_ok(r);
    tv_state_buf a;
    tv_state *s = start(r, &a, 0);
    char text[TV_POSITION_MAX];
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......./......./......./......./......./......./....... 1 p 0");
    play_ok(r, s, c7("a1"), NULL);
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......./......./......./......./......./......./#...... 2 p 1");
    round_trip_games(r, 200, 1);
    free(r);
}
END_TEST

START_TEST(position_round_trip_large)
{
    tv_rules *r = pahtum_holes(26, 26, TV_DIR_ALL);
    round_trip_games(r, 3, 0);
    free(r);
}
END_TEST

/* text must be refused with TV_EINVAL and a message, and *target (holding a
 * mid-game state) left exactly as it was. */
static void expect_bad_position(const tv_rules *r, const char *text, const char *why)
{
    tv_state_buf target, copy;
    tv_state *t = start(r, &target, 5);
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    for (int i = 0; i < 5; i++)
        play_ok(r, t, random_move(r, t, &rng), NULL);
    tv_state_copy(r, &copy.state, t);
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_position_read(r, text, t, &err);
    REQUIRE(rc == TV_EINVAL, "%s: '%.80s' gave %d (%s)", why, text, rc, err.msg);
    REQUIRE(err.code == TV_EINVAL && err.msg[0] != '\0', "%s: no message", why);
    REQUIRE(memcmp(t, &copy.state, (size_t)r->state_size) == 0, "%s: target changed", why);
}

static void expect_good_position(const tv_rules *r, const char *text)
{
    tv_state_buf a;
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_position_read(r, text, &a.state, &err);
    REQUIRE(rc == TV_OK, "'%s' refused: %s", text, err.msg);
}

START_TEST(position_rejects_corrupt)
{
    tv_rules *r = pahtum();
#define E "......./"
    /* The base string is valid: every case below breaks one thing. */
    expect_good_position(r, E E E "...x.../" E E "....... 2 - 1");
    static const struct {
        const char *text, *why;
    } bad[] = {
        {E E E "...x.../" E "....... 2 - 1", "6 rows"},
        {E E E E "...x.../" E E "....... 2 - 1", "8 rows"},
        {E E E "...x.../" E E "....... 2 - 1 9", "5 fields"},
        {E E E "...x.../" E E "....... 2", "2 fields"},
        {E E E "...x.../" E E "....... 2 -", "3 fields"},
        {"", "empty string"},
        {"   ", "blanks only"},
        {E E E "...x.../" E E E " 2 - 1", "trailing slash (an 8th, empty row)"},
        {E E E "...x../" E E "........ 2 - 1", "rows of 6 and 8"},
        {E E E "...x..../" E E "...... 2 - 1", "rows of 8 and 6"},
        {E E E "...x.../" E E "...... 2 - 1", "last row of 6"},
        {E E E "...x.../" E E "........ 2 - 1", "last row of 8"},
        {E E "//" "...x.../" E E "....... 2 - 1", "empty row"},
        {E E E "...X.../" E E "....... 2 - 1", "bad char X"},
        {E E E "...x.0./" E E "....... 2 - 1", "bad char 0"},
        {E E E "...x.../" E E "....... 3 - 1", "side 3"},
        {E E E "...x.../" E E "....... 0 - 1", "side 0"},
        {E E E "...x.../" E E "....... 22 - 1", "side 22"},
        {E E E "...x.../" E E "....... b - 1", "side b"},
        {E E E "...x.../" E E "....... 1 - 1", "wrong side for the stones"},
        {E E E "...x.../" E E "....... 2 q 1", "flag q"},
        {E E E "...x.../" E E "....... 2 -s 1", "flags -s"},
        {E E E "...x.../" E E "....... 1 s 2", "flag s without a swap rule"},
        {E E E "...x.../" E E "....... 2 p 1", "flag p without placed blocks"},
        {E E E "...x.../" E E "....... 2 - -1", "ply -1"},
        {E E E "...x.../" E E "....... 2 - abc", "ply abc"},
        {E E E "...x.../" E E "....... 2 - 1x", "ply 1x"},
        {E E E "...x.../" E E "....... 2 - +1", "ply +1"},
        {E E E "...x.../" E E "....... 2 - 2", "ply 2 for one stone"},
        {E E E "...x.../" E E "....... 2 - 0", "ply 0 for one stone"},
        {E E E "...x.../" E E "....... 2 - 65537", "ply 65537"},
        {E E E "xxx..../" E E "....... 2 - 3", "3 x and 0 o"},
        {E E E "ooo..../" E E "....... 2 - 3", "0 x and 3 o"},
        {E E E "o....../" E E "....... 2 - 1", "0 x and 1 o"},
        {E E E "...#.../" E E "....... 1 - 0", "a block without a block rule"},
    };
#undef E
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_bad_position(r, bad[i].text, bad[i].why);

    /* Far too long. */
    char *longtext = malloc(10001);
    ck_assert_ptr_nonnull(longtext);
    memset(longtext, '.', 10000);
    memcpy(longtext + 9994, " 1 - 0", 6);
    longtext[10000] = '\0';
    expect_bad_position(r, longtext, "10000 characters");
    /* Long, but just under the length limit: the board is wrong. */
    longtext[TV_POSITION_MAX - 7] = '\0';
    memcpy(longtext + TV_POSITION_MAX - 13, " 1 - 0", 6);
    expect_bad_position(r, longtext, "a board of 700-odd dots");
    free(longtext);
    free(r);
}
END_TEST

/* The blocks on the board must be possible under the block rule. */
START_TEST(position_rejects_impossible_blocks)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    expect_good_position(r, "#.#.#../......./......./......./......./......./....... 1 - 0");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 1 - 0",
                        "2 blocks, odd required");
    expect_bad_position(r, "#....../......./......./......./......./......./....... 1 - 0",
                        "1 block, 3 at least");
    expect_bad_position(r, "#######/########/......./......./......./......./....... 1 - 0",
                        "bad row with many blocks");
    expect_bad_position(r, "#######/#######/#....../......./......./......./....... 1 - 0",
                        "15 blocks");
    expect_bad_position(r, "#.#.#../......./......./......./......./......./....... 1 p 0",
                        "flag p with random blocks");
    free(r);

    r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    rules_finish_ok(r);
    expect_good_position(r, "#.#..../......./......./......./......./......./....... 1 p 2");
    expect_good_position(r, "#.#.#../......./......./......./......./......./x...... 2 - 4");
    expect_bad_position(r, "#.#.#../......./......./......./......./......./....... 2 p 3",
                        "flag p with all blocks placed");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 1 - 2",
                        "no flag p with blocks left to place");
    expect_bad_position(r, "#.#.#.#/......./......./......./......./......./....... 1 - 4",
                        "4 blocks of 3");
    expect_bad_position(r, "#.#..../......./......./......./......./......./x...... 1 p 3",
                        "a stone during the setup");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 2 p 2",
                        "wrong side in the setup");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 1 pp 2",
                        "flags pp");
    free(r);

    /* LIST: exactly the ruleset's cells (c3, e5, d4), no more, no fewer. */
    r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_LIST;
    r->blocks.count = 3;
    r->blocks.cells[0] = (uint16_t)c7("c3");
    r->blocks.cells[1] = (uint16_t)c7("e5");
    r->blocks.cells[2] = (uint16_t)c7("d4");
    rules_finish_ok(r);
    expect_good_position(r, "......./......./....#../...#.../..#..../......./....... 1 - 0");
    expect_bad_position(r, "......./......./....#../...#.../..#..../......./#...... 1 - 0",
                        "a block more than listed");
    expect_bad_position(r, "......./......./....#../...#.../......./......./....... 1 - 0",
                        "a listed block missing");
    expect_bad_position(r, "......./......./....#../...#.../.#...../......./....... 1 - 0",
                        "a block on the wrong cell");
    expect_bad_position(r, "......./......./....#../...#.../..x..../......./....... 2 - 1",
                        "a stone on a listed block");
    free(r);

    r = swap_rules();
    expect_good_position(r, "......o/......./......./......./......./......./xx..... 1 s 4");
    expect_bad_position(r, "......o/......./......./......./......./......./x...... 2 s 3",
                        "flag s before the swap point");
    expect_bad_position(r, "......o/......./......./......./......./......./xx..... 2 s 4",
                        "wrong side after a swap");
    expect_bad_position(r, "......o/......./......./......./......./......./xx..... 1 ss 4",
                        "flags ss");
    expect_bad_position(r, "......o/......./......./......./......./......./xx..... 1 s 3",
                        "ply not counting the swap");
    free(r);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"position", position_known_strings, 120, 0},
        {"position", position_read_derives, 120, 0},
        {"position", position_round_trip_holes, 120, 0},
        {"position", position_round_trip_swap, 120, 0},
        {"position", position_round_trip_setup, 120, 0},
        {"position", position_round_trip_large, 120, 0},
        {"position", position_rejects_corrupt, 120, 0},
        {"position", position_rejects_impossible_blocks, 120, 0},
    };
    return tv_check_run("core position", tests, TV_CHECK_COUNT(tests));
}
