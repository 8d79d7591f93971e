/* Chess as data (rulesets/chess.lua; the chess family's primitives:
 * core/play/tv_royal.c, tv_pieces_special.c, tv_fen.c): published perft
 * counts from the start, the chess programming wiki's test positions and
 * Martin Sedlak's positions (castling that gives check, en passant that
 * would expose the king or checks, promotions out of and into check), all
 * read from FEN; hand-worked positions for each special move allowed and
 * refused, each draw rule and mate; FEN written and read back; the move
 * forms players type; the action ids of promotions and castling. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_family.h"
#include "tv_fen.h"
#include "tv_movetext.h"
#include "tv_position.h"
#include "tv_perft.h"
#include "tv_pieces.h"

/* perft of ruleset `options` from `fen` to `depth`. */
static int64_t perft_of(const char *options, const char *fen, int depth)
{
    tv_ruleset *rs = must_load("chess", options);
    tv_game *g = game_at(rs, fen);
    tv_error err;
    int64_t n = tv_perft(g->rules, g->state, depth, &err);
    ck_assert_msg(n >= 0, "%s: perft %d: %s", fen, depth, err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
    return n;
}

static const struct {
    const char *fen;
    int depth;
    int64_t nodes;
} published[] = {
    /* the chess programming wiki's Perft Results */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890},
    /* Martin Sedlak's positions (TalkChess), at their published depths */
    {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},        /* discovered check */
    {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},              /* self stalemate */
    {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},             /* underpromote to check */
    {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},           /* promote to give check */
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},           /* short castling gives check */
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},           /* long castling gives check */
    {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206}, /* castling rights */
    {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},      /* illegal en passant #2 */
    {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},       /* illegal en passant #1 */
    {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},     /* en passant checks the opponent */
};

/* Without the draw rules (draws=0), as perft counts are published. */
START_TEST(perft_published)
{
    ck_assert_int_eq(perft_of("draws=0", published[_i].fen, published[_i].depth), published[_i].nodes);
}
END_TEST

/* The draw rules in force change no count this shallow. */
START_TEST(perft_with_draw_rules)
{
    ck_assert_int_eq(perft_of(NULL, published[0].fen, 4), 197281);
    ck_assert_int_eq(perft_of(NULL, published[1].fen, 3), 97862);
}
END_TEST

/* The legal moves of g, sorted, as one string. */
static const char *moves_of(const tv_game *g, char *buf, size_t size)
{
    tv_move moves[TV_MOVES_LIMIT];
    char names[256][16];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n >= 0 && n <= 256, "legal moves: %d", n);
    for (int i = 0; i < n; i++)
        tv_move_text(g->rules, moves[i], names[i], sizeof names[i]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[16];
            memcpy(t, names[j], 16);
            memcpy(names[j], names[j - 1], 16);
            memcpy(names[j - 1], t, 16);
        }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", names[i]);
    return buf;
}

static int has_move(const tv_game *g, const char *move)
{
    char buf[4096], padded[24];
    snprintf(padded, sizeof padded, " %s ", move);
    char all[4200];
    snprintf(all, sizeof all, " %s ", moves_of(g, buf, sizeof buf));
    return strstr(all, padded) != NULL;
}

#define AT(fen) game_at(rs, fen)

START_TEST(castling_allowed_and_refused)
{
    tv_ruleset *rs = must_load("chess", NULL);
    tv_error err;
    /* both ways open */
    tv_game *g = AT("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ck_assert(has_move(g, "O-O") && has_move(g, "O-O-O"));
    must_play(g, "O-O");
    ck_assert_int_eq(cell_at(g, "g1"), tv_piece(TV_STONE1, 5));
    ck_assert_int_eq(cell_at(g, "f1"), tv_piece(TV_STONE1, 3));
    must_play(g, "e8c8"); /* the king's two cells, as UCI writes castling */
    ck_assert_int_eq(cell_at(g, "d8"), tv_piece(TV_STONE2, 3));
    tv_game_free(g);
    /* through an attacked cell (f1 by the rook on f8), out of check, into check */
    g = AT("5r2/4k3/8/8/8/8/8/R3K2R w KQ - 0 1");
    ck_assert(!has_move(g, "O-O") && has_move(g, "O-O-O"));
    ck_assert_ptr_nonnull(strstr(refusal(g, "O-O", &err), "O-O"));
    tv_game_free(g);
    g = AT("4r3/3k4/8/8/8/8/8/R3K2R w KQ - 0 1");
    ck_assert(!has_move(g, "O-O") && !has_move(g, "O-O-O"));
    tv_game_free(g);
    g = AT("6r1/3k4/8/8/8/8/8/R3K2R w KQ - 0 1");
    ck_assert(!has_move(g, "O-O") && has_move(g, "O-O-O"));
    tv_game_free(g);
    /* b1 attacked does not matter (the king does not pass it); b1 occupied does */
    g = AT("1r6/3k4/8/8/8/8/8/R3K2R w Q - 0 1");
    ck_assert(has_move(g, "O-O-O") && has_move(g, "0-0-0") == 0);
    must_play(g, "0-0-0");
    tv_game_free(g);
    g = AT("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    ck_assert(!has_move(g, "O-O-O") && has_move(g, "O-O"));
    tv_game_free(g);
    /* rights: lost when the king or the rook moves, or the rook is taken */
    g = AT("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    must_play(g, "g2xh1");
    ck_assert(!has_move(g, "O-O") && has_move(g, "O-O-O"));
    must_play(g, "a1-b1 h8-h7 b1-a1 h7-h8");
    ck_assert(!has_move(g, "O-O-O"));
    char fen[128];
    tv_fen_write(g->rules, g->state, fen, sizeof fen);
    ck_assert_str_eq(fen, "r3k2r/8/8/8/8/8/8/R3K2b w q - 4 4");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(en_passant_allowed_and_refused)
{
    tv_ruleset *rs = must_load("chess", NULL);
    tv_error err;
    tv_game *g = AT("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    must_play(g, "e2-e4");
    char fen[128];
    tv_fen_write(g->rules, g->state, fen, sizeof fen);
    ck_assert_str_eq(fen, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    ck_assert(has_move(g, "d4xe3"));
    must_play(g, "d4xe3");
    ck_assert_int_eq(cell_at(g, "e4"), TV_EMPTY);
    ck_assert_int_eq(g->state->owned[0], 1);
    tv_game_free(g);
    /* only just after the double step */
    g = AT("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    must_play(g, "e2-e4 e8-e7 e1-e2");
    ck_assert(!has_move(g, "d4xe3"));
    ck_assert_ptr_nonnull(refusal(g, "d4xe3", &err));
    tv_game_free(g);
    /* no pawn beside: no en-passant cell at all (the FEN says -) */
    g = AT("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    must_play(g, "e2-e4");
    tv_fen_write(g->rules, g->state, fen, sizeof fen);
    ck_assert_str_eq(fen, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    tv_game_free(g);
    /* the capture would expose the king along the row: refused */
    g = AT("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    ck_assert(!has_move(g, "e5xd6"));
    ck_assert_ptr_nonnull(strstr(refusal(g, "e5xd6", &err), "attacked"));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(pins_and_check)
{
    tv_ruleset *rs = must_load("chess", NULL);
    tv_error err;
    /* the bishop on e2 is pinned by the rook on e8: it cannot leave the file */
    tv_game *g = AT("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    char buf[4096];
    ck_assert_str_eq(moves_of(g, buf, sizeof buf), "e1-d1 e1-d2 e1-f1 e1-f2");
    ck_assert_ptr_nonnull(strstr(refusal(g, "e2-d3", &err), "attacked"));
    tv_game_free(g);
    /* in check: only moves that answer it */
    g = AT("4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1");
    ck_assert_str_eq(moves_of(g, buf, sizeof buf), "e1-f1 e1xd2"); /* f1 is off the queen's lines */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(promotion_to_each_kind)
{
    tv_ruleset *rs = must_load("chess", NULL);
    const char *kinds[] = {"Q", "R", "B", "N"};
    const int values[] = {4, 3, 2, 1};
    char buf[4096];
    tv_game *g = AT("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    ck_assert_ptr_nonnull(strstr(moves_of(g, buf, sizeof buf), "a7-a8=B a7-a8=N a7-a8=Q a7-a8=R a7xb8=B a7xb8=N a7xb8=Q a7xb8=R"));
    tv_game_free(g);
    for (int i = 0; i < 4; i++) {
        char move[16];
        g = AT("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        snprintf(move, sizeof move, "a7xb8=%s", kinds[i]);
        must_play(g, move);
        ck_assert_int_eq(cell_at(g, "b8"), tv_piece(TV_STONE1, values[i]));
        tv_game_free(g);
    }
    /* the forms players type: e7e8q, a7a8=n; a bare a7-a8 is ambiguous */
    g = AT("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    tv_error err;
    tv_move any;
    ck_assert_int_eq(tv_move_parse_at(g->rules, g->state, "a7-a8", &any, &err), TV_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, "ambiguous"));
    must_play(g, "a7a8n");
    ck_assert_int_eq(cell_at(g, "a8"), tv_piece(TV_STONE1, 1));
    tv_game_free(g);
    /* action ids: one per promotion kind, and play_action's move is that one */
    g = AT("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    tv_move m;
    ck_assert_int_eq(tv_move_parse_at(g->rules, g->state, "a7-a8=R", &m, &err), TV_OK);
    ck_assert_int_ne(tv_family_of(g->rules)->action_of(g->rules, m), TV_EINVAL);
    tv_move q;
    ck_assert_int_eq(tv_move_parse_at(g->rules, g->state, "a7-a8=Q", &q, &err), TV_OK);
    ck_assert_int_ne(tv_family_of(g->rules)->action_of(g->rules, m), tv_family_of(g->rules)->action_of(g->rules, q));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(mate_stalemate_and_draws)
{
    tv_ruleset *rs = must_load("chess", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "f2-f3 e7-e5 g2-g4 d8-h4"); /* fool's mate */
    expect_winner(g, 2, "fool's mate");
    tv_game_free(g);
    g = AT("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"); /* stalemate */
    expect_winner(g, 0, "stalemate");
    tv_game_free(g);
    g = new_game(rs); /* the start comes back a third time */
    must_play(g, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1");
    expect_ongoing(g, "twice");
    must_play(g, "f6-g8");
    expect_winner(g, 0, "threefold repetition");
    tv_game_free(g);
    g = AT("4k3/8/8/8/8/8/8/R3K2R w KQ - 99 60"); /* the hundredth quiet ply */
    expect_ongoing(g, "99 quiet plies");
    must_play(g, "a1-a2");
    expect_winner(g, 0, "fifty moves");
    tv_game_free(g);
    g = AT("4k3/8/8/8/8/8/8/R3K2R w KQ - 99 60"); /* a pawn move or capture restarts the count */
    tv_game_free(g);
    g = AT("4k3/8/8/8/8/8/3r4/4KB2 w - - 0 1"); /* the capture leaves king and bishop against king */
    must_play(g, "e1xd2");
    expect_winner(g, 0, "insufficient material");
    tv_game_free(g);
    g = AT("4k3/8/8/8/8/8/3r4/4KBB1 w - - 0 1"); /* two bishops on cells of both colours: enough */
    must_play(g, "e1xd2");
    expect_ongoing(g, "two bishops, both colours");
    tv_game_free(g);
    g = AT("4k3/8/8/8/8/5b2/3r4/4KB2 w - - 0 1"); /* bishops all on light cells: not enough */
    must_play(g, "e1xd2");
    expect_winner(g, 0, "bishops of one colour");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A FEN read and written back is the same text, and the position string of
 * that state reads back to the same state. */
START_TEST(fen_round_trip)
{
    tv_ruleset *rs = must_load("chess", NULL);
    for (int i = 0; i < (int)(sizeof published / sizeof published[0]); i++) {
        tv_game *g = AT(published[i].fen);
        char fen[128], pos[TV_POSITION_MAX];
        tv_fen_write(g->rules, g->state, fen, sizeof fen);
        ck_assert_str_eq(fen, published[i].fen);
        tv_position_write(g->rules, g->state, pos, sizeof pos);
        tv_game *h = AT(pos);
        ck_assert_int_eq(memcmp(g->state, h->state, (size_t)g->rules->state_size), 0);
        tv_game_free(h);
        tv_game_free(g);
    }
    /* lies a FEN may tell: refused with the reason, or dropped where moves would */
    tv_error err;
    tv_state_buf buf;
    const tv_rules *r = tv_ruleset_rules(rs);
    const char *bad[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", /* no castling z */
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", /* a row of 9 */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", /* no cell z9 */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", /* a negative clock */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", /* move 0 */
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", /* a seventeenth piece */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", /* a seventh field */
        "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    };
    for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++)
        ck_assert_msg(tv_position_read(r, bad[i], &buf.state, &err) != TV_OK, "read: %s", bad[i]);
    /* rights whose pieces are gone, an en-passant cell no pawn can use: dropped */
    ck_assert_int_eq(tv_position_read(r, "4k3/8/8/8/4P3/8/8/4K3 b KQkq e3 0 1", &buf.state, &err), TV_OK);
    char fen[128];
    tv_fen_write(r, &buf.state, fen, sizeof fen);
    ck_assert_str_eq(fen, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    tv_ruleset_free(rs);
}
END_TEST

/* Chess960 by the same data: the king between the rooks, castling to the
 * same cells as in chess. Position 518 is the standard one. */
START_TEST(chess960_starts)
{
    tv_ruleset *rs = must_load("chess", "chess960=519");
    tv_game *g = new_game(rs);
    char fen[128];
    tv_fen_write(g->rules, g->state, fen, sizeof fen);
    ck_assert_str_eq(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* position 0 (BBQNNRKR): the king on g1 */
    rs = must_load("chess", "chess960=1");
    g = new_game(rs);
    tv_fen_write(g->rules, g->state, fen, sizeof fen);
    ck_assert_str_eq(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"perft", perft_published, 120, (int)(sizeof published / sizeof published[0])},
        {"perft", perft_with_draw_rules, 120, 0},
        {"special moves", castling_allowed_and_refused, 30, 0},
        {"special moves", en_passant_allowed_and_refused, 30, 0},
        {"special moves", pins_and_check, 30, 0},
        {"special moves", promotion_to_each_kind, 30, 0},
        {"ends", mate_stalemate_and_draws, 30, 0},
        {"fen", fen_round_trip, 30, 0},
        {"fen", chess960_starts, 30, 0},
    };
    return tv_check_run("chess", tests, TV_CHECK_COUNT(tests));
}
