#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "tv_position.h"
#include "tv_shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_fen.h"
#include "tv_hmove.h"
#include "tv_lines.h"
#include "tv_end.h"
#include "tv_join.h"
#include "tv_pieces.h"
#include "tv_pieces_special.h"
#include "tv_play.h"
#include "tv_turns.h"
#include "tv_vars_state.h"

static const char cell_chars[4] = {'.', 'x', 'o', '#'};

char tv_cell_char(const tv_rules *r, int v)
{
    if (!r->pieces.nkinds || !tv_cell_is_piece(v))
        return cell_chars[v & 3];
    char c = r->pieces.letter[tv_cell_kind(v) % TV_MAX_KINDS];
    return tv_cell_colour(v) == TV_STONE1 ? (char)(c - 'a' + 'A') : c;
}

int tv_cell_of_char(const tv_rules *r, char c)
{
    if (c == '.')
        return TV_EMPTY;
    if (c == '#')
        return TV_BLOCK;
    if (!r->pieces.nkinds) {
        const char *p = c ? memchr(cell_chars, c, sizeof cell_chars) : NULL;
        return p ? (int)(p - cell_chars) : -1;
    }
    int colour = c >= 'A' && c <= 'Z' ? TV_STONE1 : TV_STONE2;
    char lower = colour == TV_STONE1 ? (char)(c - 'A' + 'a') : c;
    for (int k = 0; k < r->pieces.nkinds; k++)
        if (r->pieces.letter[k] == lower)
            return tv_piece(colour, k);
    return -1;
}

/* Mancala: "a2,b2,../a1,b1,.. SCORE1,SCORE2 SIDE PLY", rows as drawn. */
static int write_mancala(const tv_rules *r, const tv_state *s, char *buf, size_t size)
{
    char text[TV_POSITION_MAX];
    int n = 0, w = r->sow.holes;
    for (int row = 1; row >= 0; row--) {
        for (int col = 0; col < w; col++)
            n += snprintf(text + n, sizeof text - (size_t)n, "%s%d", col ? "," : "", s->cells[row * w + col]);
        if (row)
            text[n++] = '/';
    }
    snprintf(text + n, sizeof text - (size_t)n, " %d,%d %d %u", (int)s->score[0], (int)s->score[1],
             s->to_move + 1, (unsigned)s->ply);
    return snprintf(buf, size, "%s", text);
}

/* Whether a grid position carries the scores (stones taken: custodial
 * capture, Go's groups where a captured-count rule reads them): when a play hook makes the
 * moves' effect and no score hook derives the scores from the cells, they are
 * what the hook added up (s:add_score, s:place) and cannot be recomputed; so
 * are the pieces custodial captures took. */
static int scores_given(const tv_rules *r)
{
    return (r->hooks.play || r->custodial.dirs || (r->groups.on && (r->target || r->margin))) && !r->hooks.score;
}

/* A score: an optional '-' then 1..10 digits, within int32; 0 or -1. */
static int score_number(const char *text, int32_t *out)
{
    const char *p = text + (*text == '-');
    if (!*p || strlen(p) > 10)
        return -1;
    long long v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    v = *text == '-' ? -v : v;
    if (v < INT32_MIN || v > INT32_MAX)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* "S1,S2" into two scores; 0 or -1. */
static int score_pair(char *text, int32_t score[2])
{
    char *comma = strchr(text, ',');
    if (!comma)
        return -1;
    *comma = '\0';
    return score_number(text, &score[0]) || score_number(comma + 1, &score[1]) ? -1 : 0;
}

/* A whole decimal number 0..max from text; -1 if it is not one. */
static long whole_number(const char *text, long max)
{
    if (!*text || strlen(text) > 9)
        return -1;
    long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v <= max ? v : -1;
}

static int read_mancala(const tv_rules *r, const char *text, const char *vars, tv_state *out, tv_error *err)
{
    char board[TV_POSITION_MAX], scores[32], side[8], ply[16], extra[2];
    int fields = sscanf(text, "%s %31s %7s %15s %1s", board, scores, side, ply, extra);
    if (fields != 4)
        return tv_error_set(err, TV_EINVAL, "position: expected 4 fields (holes scores side ply), got %d",
                            fields < 0 ? 0 : fields);
    tv_state_buf buf;
    tv_state *s = &buf.state;
    memset(s, 0, (size_t)r->state_size);
    s->last = TV_MOVE_NONE;
    if (vars) {
        int rc = tv_vars_read(r, vars, s, err);
        if (rc)
            return rc;
    }
    int w = r->sow.holes, row = 1, col = 0, total = 0;
    for (char *save, *tok = strtok_r(board, "/", &save); tok; tok = strtok_r(NULL, "/", &save), row--) {
        if (row < 0)
            return tv_error_set(err, TV_EINVAL, "position: more than 2 rows of holes");
        col = 0;
        for (char *save2, *num = strtok_r(tok, ",", &save2); num; num = strtok_r(NULL, ",", &save2), col++) {
            long v = whole_number(num, TV_MANCALA_MAX_SEEDS);
            if (v < 0)
                return tv_error_set(err, TV_EINVAL, "position: '%.20s' is not a seed count 0..%d", num,
                                    TV_MANCALA_MAX_SEEDS);
            if (col == w)
                return tv_error_set(err, TV_EINVAL, "position: row %d has more than %d holes", row + 1, w);
            s->cells[row * w + col] = (uint8_t)v;
            total += (int)v;
        }
        if (col != w)
            return tv_error_set(err, TV_EINVAL, "position: row %d has %d holes, expected %d", row + 1, col, w);
    }
    if (row != -1)
        return tv_error_set(err, TV_EINVAL, "position: expected 2 rows of holes separated by '/'");
    int32_t score[2];
    if (score_pair(scores, score))
        return tv_error_set(err, TV_EINVAL, "position: scores must be two counts, as 3,5");
    /* A play hook may set holes and add to scores as it likes: only the
     * built-in sowing keeps the seeds. */
    long s1 = score[0], s2 = score[1];
    int seeds = 2 * w * r->sow.seeds;
    if (!r->hooks.play && (s1 < 0 || s2 < 0))
        return tv_error_set(err, TV_EINVAL, "position: scores must be two counts, as 3,5");
    if (!r->hooks.play && total + s1 + s2 != seeds)
        return tv_error_set(err, TV_EINVAL, "position: %ld seeds in all, the game has %d", total + s1 + s2, seeds);
    if (strcmp(side, "1") != 0 && strcmp(side, "2") != 0)
        return tv_error_set(err, TV_EINVAL, "position: side to move '%s' is not 1 or 2", side);
    long n = whole_number(ply, 65535);
    if (n < 0)
        return tv_error_set(err, TV_EINVAL, "position: ply '%s' is not a number 0..65535", ply);
    if (n > r->ply_cap)
        return tv_error_set(err, TV_EINVAL, "position: ply %ld is past the move limit, %d", n, r->ply_cap);
    s->score[0] = score[0];
    s->score[1] = score[1];
    s->to_move = (uint8_t)(side[0] - '1');
    s->ply = (uint16_t)n;
    int rc = tv_state_settle(r, s, err);
    if (rc)
        return rc;
    memcpy(out, s, (size_t)r->state_size);
    return TV_OK;
}

/* Whether a position carries the plies since the last capture: where a rule
 * reads them (no progress; the repetition rule of pieces that move). */
static int carries_quiet(const tv_rules *r) { return r->no_progress || (r->repetition && r->moves == TV_MOVES_PIECES); }

/* The fields of a grid position (the variables and hands aside). */
static int write_grid(const tv_rules *r, const tv_state *s, char *buf, size_t size)
{
    char text[TV_POSITION_MAX];
    int n = 0, w = r->grid.width;
    for (int row = r->grid.height - 1; row >= 0; row--) {
        for (int col = 0; col < w; col++)
            text[n++] = tv_cell_char(r, s->cells[row * w + col]);
        if (row > 0)
            text[n++] = '/';
    }
    char flags[3];
    int nf = 0;
    if (s->flags & TV_FLAG_SWAPPED)
        flags[nf++] = 's';
    if (s->flags & TV_FLAG_SETUP)
        flags[nf++] = 'p';
    if (nf == 0)
        flags[nf++] = '-';
    flags[nf] = '\0';
    n += snprintf(text + n, sizeof text - (size_t)n, " %d %s %u", s->to_move + 1, flags, (unsigned)s->ply);
    if (scores_given(r))
        n += snprintf(text + n, sizeof text - (size_t)n, " %ld,%ld", (long)s->score[0], (long)s->score[1]);
    /* the plies a no-progress rule or a repetition looks back, after the scores */
    if (carries_quiet(r))
        snprintf(text + n, sizeof text - (size_t)n, " %u", (unsigned)s->quiet);
    return snprintf(buf, size, "%s", text);
}

int tv_position_write(const tv_rules *r, const tv_state *s, char *buf, size_t size)
{
    char text[TV_POSITION_MAX];
    int n = r->board == TV_BOARD_MANCALA ? write_mancala(r, s, text, sizeof text) : write_grid(r, s, text, sizeof text);
    if (tv_vars_any(r) && n >= 0 && (size_t)n < sizeof text - 1) { /* the variables and hands, last */
        text[n++] = ' ';
        tv_vars_write(r, s, text + n, sizeof text - (size_t)n);
    }
    return snprintf(buf, size, "%s", text);
}

/* Parses the BOARD field into s->cells. */
static int read_board(const tv_rules *r, const char *board, tv_state *s, tv_error *err)
{
    int w = r->grid.width, h = r->grid.height, row = h - 1, col = 0;
    for (const char *p = board; *p; p++) {
        if (*p == '/') {
            if (col != w)
                return tv_error_set(err, TV_EINVAL, "position: row %d has %d cells, expected %d", row + 1, col, w);
            if (--row < 0)
                return tv_error_set(err, TV_EINVAL, "position: more than %d rows", h);
            col = 0;
            continue;
        }
        int v = tv_cell_of_char(r, *p);
        if (v < 0)
            return tv_error_set(err, TV_EINVAL, "position: '%c' at column %d is not %s",
                                *p, (int)(p - board) + 1, r->pieces.nkinds ? "'.', '#', '/' or a piece's letter" : "one of . x o # /");
        if (col == w)
            return tv_error_set(err, TV_EINVAL, "position: row %d has more than %d cells", row + 1, w);
        s->cells[row * w + col++] = (uint8_t)v;
    }
    if (row != 0 || col != w)
        return tv_error_set(err, TV_EINVAL, "position: the board has %d rows, expected %d", h - row, h);
    return TV_OK;
}

/* Checks that the blocks on the board are possible under the rules; sets the
 * setup fields. */
static int check_blocks(const tv_rules *r, tv_state *s, int blocks, int setup, tv_error *err)
{
    const tv_blocks *b = &r->blocks;
    switch (b->mode) {
    case TV_BLOCKS_NONE:
        if (blocks)
            return tv_error_set(err, TV_EINVAL, "position: this game has no blocked cells");
        break;
    case TV_BLOCKS_LIST:
        for (int i = 0; i < b->count; i++)
            if (s->cells[b->cells[i]] != TV_BLOCK)
                return tv_error_set(err, TV_EINVAL, "position: the blocked cells differ from the ruleset's");
        if (blocks != b->count)
            return tv_error_set(err, TV_EINVAL, "position: the blocked cells differ from the ruleset's");
        break;
    case TV_BLOCKS_RANDOM:
        if (blocks < b->min || blocks > b->max || (b->odd && blocks % 2 == 0))
            return tv_error_set(err, TV_EINVAL, "position: %d blocked cells, the rules allow %s%d..%d",
                                blocks, b->odd ? "an odd count " : "", b->min, b->max);
        break;
    case TV_BLOCKS_PLACED:
        if (blocks > b->count)
            return tv_error_set(err, TV_EINVAL, "position: %d blocked cells, the rules place %d", blocks, b->count);
        if (setup != (blocks < b->count))
            return tv_error_set(err, TV_EINVAL, "position: flag 'p' must be given exactly while blocks are still to be placed");
        s->setup_left = (uint8_t)(b->count - blocks);
        return TV_OK;
    }
    if (setup)
        return tv_error_set(err, TV_EINVAL, "position: flag 'p' but this game places no blocks");
    return TV_OK;
}

/* The cells of the start position that no random draw decides: the setup,
 * then the listed blocks on its empty cells (as tv_state_new). */
static void start_cells(const tv_rules *r, uint8_t *cells)
{
    memset(cells, TV_EMPTY, (size_t)r->ncells);
    if (r->setup.given)
        memcpy(cells, r->setup.cells, (size_t)r->ncells);
    for (int i = 0; r->blocks.mode == TV_BLOCKS_LIST && i < r->blocks.count; i++)
        cells[r->blocks.cells[i]] = TV_BLOCK;
}

/* Pieces of cells by colour (index colour - 1) and kind. */
static void count_kinds(const tv_rules *r, const uint8_t *cells, int n[2][TV_MAX_KINDS])
{
    memset(n, 0, 2 * sizeof n[0]);
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_is_piece(cells[c]))
            n[tv_cell_colour(cells[c]) - 1][tv_cell_kind(cells[c]) % TV_MAX_KINDS]++;
}

/* Whether a piece of kind `from` can become one of kind `to` (itself, or by
 * promotions). */
static int becomes(const tv_rules *r, int from, int to)
{
    int reached = 1 << from;
    for (int round = 0; round < TV_MAX_KINDS; round++)
        for (int k = 0; k < TV_MAX_KINDS; k++)
            if (reached >> k & 1)
                reached |= r->pieces.promote_choice[k] | (r->pieces.promote[k] >= 0 ? 1 << r->pieces.promote[k] : 0);
    return reached >> to & 1;
}

/* Pieces that move by the built-in rules: no move adds a piece or changes
 * its colour, so a colour holds at most the pieces the setup gives it, and of
 * a kind at most those that are of that kind or promote to it. The bound on
 * legal moves (tv_rules.max_moves) is derived from the setup's pieces, so a
 * position with more could have more legal moves than it promises. */
static int check_piece_counts(const tv_rules *r, const tv_state *s, const uint8_t *start, tv_error *err)
{
    int was[2][TV_MAX_KINDS], now[2][TV_MAX_KINDS], kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    count_kinds(r, start, was);
    count_kinds(r, s->cells, now);
    for (int p = 0; p < 2; p++) {
        int had = 0, has = 0;
        for (int k = 0; k < kinds; k++)
            had += was[p][k], has += now[p][k];
        if (has > had)
            return tv_error_set(err, TV_EINVAL, "position: %d pieces of one colour; this game has at most %d "
                                "(the setup's, and no move adds one)", has, had);
        for (int k = 0; k < kinds; k++) {
            int may = 0;
            for (int j = 0; j < kinds; j++)
                may += becomes(r, j, k) ? was[p][j] : 0;
            if (now[p][k] > may)
                return tv_error_set(err, TV_EINVAL, "position: %d pieces '%c' of one colour; the setup and "
                                    "promotion give at most %d", now[p][k], tv_cell_char(r, tv_piece(p + 1, k)), may);
        }
    }
    return TV_OK;
}

/* Pieces that move by the built-in rules: the players alternate, one move a
 * turn (a chain of jumps is one move, no one passes), and in a game whose
 * moves shoot each move leaves one arrow, which stays, as the start's
 * blocks do. */
static int check_piece_moves(const tv_rules *r, const tv_state *s, const uint8_t *start, tv_error *err)
{
    if (s->to_move != s->ply % 2)
        return tv_error_set(err, TV_EINVAL, "position: player %d cannot be to move at ply %u (the players alternate)",
                            s->to_move + 1, (unsigned)s->ply);
    int arrows = 0;
    for (int c = 0; c < r->ncells; c++) {
        if (start[c] == TV_BLOCK && s->cells[c] != TV_BLOCK)
            return tv_error_set(err, TV_EINVAL, "position: a blocked cell of the start is not blocked");
        arrows += start[c] != TV_BLOCK && s->cells[c] == TV_BLOCK;
    }
    if (r->pieces.shoots && arrows != s->ply)
        return tv_error_set(err, TV_EINVAL, "position: %d arrows at ply %u; every move shoots one", arrows,
                            (unsigned)s->ply);
    return TV_OK;
}

/* A pieces game whose play hook makes the moves' effect may add pieces: what
 * it cannot do is read a position whose legal moves are already more than
 * the bound. */
static int play_hook_adds_pieces(const tv_rules *r)
{
    return r->data_family == TV_FAMILY_PIECES && r->hooks.play && !r->hooks.moves;
}

static int check_moves_fit(const tv_rules *r, const tv_state *s, tv_error *err)
{
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves(r, s, moves, r->max_moves, err);
    if (n == TV_ELIMIT)
        return tv_error_set(err, TV_EINVAL, "position: more than %d legal moves, the bound of this game", r->max_moves);
    return n < 0 ? n : TV_OK;
}

/* Flips: each stone beyond the start's took a move (a pass takes one and
 * places none). */
static int check_flips(const tv_rules *r, const tv_state *s, const uint8_t *start, tv_error *err)
{
    int placed = 0;
    for (int c = 0; c < r->ncells; c++)
        placed += tv_cell_is_piece(s->cells[c]) - tv_cell_is_piece(start[c]);
    if (placed > s->ply)
        return tv_error_set(err, TV_EINVAL, "position: %d stones placed in %u moves", placed, (unsigned)s->ply);
    return TV_OK;
}

/* Blocks a move can leave anywhere: a play hook's (s:set) or an arrow's (a
 * piece's move that shoots). */
static int blocks_anywhere(const tv_rules *r) { return r->hooks.play || r->pieces.shoots; }

/* Whether a rule of the game can set the flag 's': the swap move, a play
 * hook (s:swap()), or a moves hook, which may list "swap" in a game whose
 * moves are not a piece's (the kernel then plays the swap move). */
static int swap_possible(const tv_rules *r)
{
    return r->swap_after > 0 || r->hooks.play || (r->hooks.moves && r->moves != TV_MOVES_PIECES);
}

/* Custodial captures of exactly n pieces a run (Pente's pairs), no corner
 * captures: each player's count of taken pieces is a multiple of n. */
static int check_captured(const tv_rules *r, const int32_t score[2], tv_error *err)
{
    const tv_custodial *c = &r->custodial;
    if (!c->dirs || r->hooks.play || c->corners || c->min != c->max || c->min < 2)
        return TV_OK;
    for (int p = 0; p < 2; p++)
        if (score[p] % c->min)
            return tv_error_set(err, TV_EINVAL, "position: player %d took %ld stones; captures take %d at a time",
                                p + 1, (long)score[p], c->min);
    return TV_OK;
}

/* ---- what a family's own moves let a board show, from the start ----------- */

static int check_counts(const tv_rules *r, const tv_state *s, const int counts[4], const int32_t score[2], tv_error *err);

typedef struct reach_ctx {
    const uint8_t *start; /* the start position's cells */
    const int *counts;    /* cells by content: empty, x, o, blocks */
    const int32_t *score;
} reach_ctx;

static int reach_pieces(const tv_rules *r, const tv_state *s, const reach_ctx *x, tv_error *err)
{
    int rc = check_piece_counts(r, s, x->start, err);
    return rc ? rc : check_piece_moves(r, s, x->start, err);
}

static int reach_flips(const tv_rules *r, const tv_state *s, const reach_ctx *x, tv_error *err)
{
    return check_flips(r, s, x->start, err);
}

/* Placed stones (a rotation places one too): the opening rule's stones (a
 * capture may have taken them). */
static int reach_placed(const tv_rules *r, const tv_state *s, const reach_ctx *x, tv_error *err)
{
    (void)x;
    return r->custodial.dirs ? TV_OK : tv_turns_board_check(r, s->cells, err);
}

/* Mills: the turns alternate; each turn of a side with men in hand placed
 * one, so the ply fixes the hands, and the men on the board and in hand are
 * at most the hand's start. */
static int reach_mills(const tv_rules *r, const tv_state *s, const reach_ctx *x, tv_error *err)
{
    if (s->to_move != (s->ply & 1))
        return tv_error_set(err, TV_EINVAL, "position: player %d cannot be to move at ply %u (player %d is)",
                            s->to_move + 1, (unsigned)s->ply, (s->ply & 1) + 1);
    for (int p = 0; p < 2; p++) {
        int start = r->vars.hand_start[p][0], turns = (s->ply + 1 - p) / 2;
        int hand = tv_hand_get(r, s, p, 0), want = start > turns ? start - turns : 0;
        if (hand != want)
            return tv_error_set(err, TV_EINVAL, "position: player %d has %d men in hand at ply %u (%d placed, %d left)",
                                p + 1, hand, (unsigned)s->ply, start - want, want);
        if (x->counts[TV_STONE1 + p] + hand > start)
            return tv_error_set(err, TV_EINVAL, "position: player %d has %d men on the board and %d in hand, of %d",
                                p + 1, x->counts[TV_STONE1 + p], hand, start);
    }
    return TV_OK;
}

/* What the board shows that only the family's moves make. A hook decides
 * the moves or their effect: nothing to derive. A mancala board is read by
 * read_mancala. */
static int (*const reach_by_family[TV_FAMILIES])(const tv_rules *, const tv_state *, const reach_ctx *, tv_error *) = {
    [TV_FAMILY_PLACE] = reach_placed, [TV_FAMILY_ROTATE] = reach_placed, [TV_FAMILY_FLIP] = reach_flips,
    [TV_FAMILY_PIECES] = reach_pieces, [TV_FAMILY_MILLS] = reach_mills,
};

/* The families whose stone counts fix the side to move and the ply (check_counts). */
static const char counts_fix_the_turn[TV_FAMILIES] = {
    [TV_FAMILY_PLACE] = 1, [TV_FAMILY_ROTATE] = 1, [TV_FAMILY_DROP] = 1,
};

/* What the flags, the ply and the plies since the last capture claim, and
 * what the rules of the game's family let a position hold: every claim must
 * be reachable from the start. */
static int check_reachable(const tv_rules *r, const tv_state *s, const int counts[4], const int32_t score[2],
                           tv_error *err)
{
    if ((s->flags & TV_FLAG_SWAPPED) && !swap_possible(r))
        return tv_error_set(err, TV_EINVAL, "position: flag 's' (colours swapped) but this game has no swap rule");
    if (s->ply > r->ply_cap)
        return tv_error_set(err, TV_EINVAL, "position: ply %u is past the move limit, %d", (unsigned)s->ply,
                            r->ply_cap);
    if (s->quiet > s->ply)
        return tv_error_set(err, TV_EINVAL, "position: %u plies since the last capture, but ply %u",
                            (unsigned)s->quiet, (unsigned)s->ply);
    uint8_t start[TV_MAX_CELLS];
    start_cells(r, start);
    reach_ctx x = {start, counts, score};
    int rc = reach_by_family[r->family] ? reach_by_family[r->family](r, s, &x, err) : TV_OK;
    if (rc || (rc = check_captured(r, score, err)))
        return rc;
    return counts_fix_the_turn[r->family] ? check_counts(r, s, counts, score, err) : TV_OK;
}

/* With the built-in placement rules the stone counts fix the side to move and
 * the ply: check that the string agrees. */
static int check_counts(const tv_rules *r, const tv_state *s, const int counts[4], const int32_t score[2], tv_error *err)
{
    int x = counts[TV_STONE1], o = counts[TV_STONE2], swapped = s->flags & TV_FLAG_SWAPPED;
    if (r->custodial.dirs) { /* the stones captures took were placed too: the other colour's score counts them */
        int xs = tv_colour_of(s, 0) == TV_STONE1 ? 1 : 0; /* the player who captures x stones */
        x += score[xs];
        o += score[xs ^ 1];
    }
    if (x != tv_turns_first_colour(r, x + o))
        return tv_error_set(err, TV_EINVAL, "position: %d x and %d o stones%s cannot come from alternating %s", x, o,
                            r->custodial.dirs ? " (with those captured)" : "", r->turns.active ? "turns" : "moves");
    if (swapped && (r->swap_after == 0 || x + o < r->swap_after))
        return tv_error_set(err, TV_EINVAL, "position: flag 's' but no swap could have happened");
    int side;
    if (s->flags & TV_FLAG_SETUP) {
        if (x + o)
            return tv_error_set(err, TV_EINVAL, "position: stones on the board while blocks are still being placed");
        side = counts[TV_BLOCK] % 2;
    } else {
        side = tv_turns_side(r, x + o, swapped);
    }
    if (s->to_move != side)
        return tv_error_set(err, TV_EINVAL, "position: player %d cannot be to move here (player %d is)",
                            s->to_move + 1, side + 1);
    if (r->family == TV_FAMILY_DROP) /* stones rest on the bottom or on other stones */
        for (int c = r->grid.width; c < r->ncells; c++)
            if (s->cells[c] != TV_EMPTY && s->cells[c - r->grid.width] == TV_EMPTY)
                return tv_error_set(err, TV_EINVAL, "position: a stone floats above an empty cell");
    int ply = x + o + (swapped ? 1 : 0) + (r->blocks.mode == TV_BLOCKS_PLACED ? counts[TV_BLOCK] : 0);
    if (s->ply != ply)
        return tv_error_set(err, TV_EINVAL, "position: ply %u, but the board shows %d moves", (unsigned)s->ply, ply);
    return TV_OK;
}

static int board_winner(const tv_rules *r, const tv_state *s, int *line_winner, tv_error *err);

int tv_position_read(const tv_rules *r, const char *text, tv_state *out, tv_error *err)
{
    char board[TV_POSITION_MAX], side[8], flags[8], ply[16], scores[32], more[32], extra[2];
    if (strlen(text) >= TV_POSITION_MAX)
        return tv_error_set(err, TV_EINVAL, "position: too long (%zu characters)", strlen(text));
    if (tv_fen_is(r, text)) { /* a FEN: read as the position string it says */
        char converted[TV_POSITION_MAX];
        int rc = tv_fen_to_position(r, text, carries_quiet(r), converted, sizeof converted, err);
        return rc ? rc : tv_position_read(r, converted, out, err);
    }
    char fixed[TV_POSITION_MAX];
    const char *vars = NULL;
    if (tv_vars_any(r)) { /* the variables and hands are the last field: name=value;... */
        strcpy(fixed, text);
        size_t end = strlen(fixed);
        while (end && fixed[end - 1] == ' ')
            fixed[--end] = '\0';
        char *space = strrchr(fixed, ' ');
        if (!space || !strchr(space, '='))
            return tv_error_set(err, TV_EINVAL, "position: expected the variables and hands as the last field "
                                                "(name=value;...)");
        *space = '\0';
        vars = space + 1;
        text = fixed;
    }
    if (r->board == TV_BOARD_MANCALA)
        return read_mancala(r, text, vars, out, err);
    int fields = sscanf(text, "%s %7s %7s %15s %31s %31s %1s", board, side, flags, ply, scores, more, extra);
    int given = scores_given(r), quiet = carries_quiet(r);
    const char *quiet_text = given ? more : scores;
    if (fields != 4 + given + quiet)
        return tv_error_set(err, TV_EINVAL, "position: expected %d fields (board side flags ply%s%s), got %d",
                            4 + given + quiet, given ? " scores" : "", quiet ? " quiet" : "", fields < 0 ? 0 : fields);
    int32_t score[2] = {0, 0};
    if (given && score_pair(scores, score))
        return tv_error_set(err, TV_EINVAL, "position: scores '%.31s' must be two integers, as 3,-5", scores);
    /* Captured counts: never negative, and far from wrapping when a capture adds to them. */
    if (given && !r->hooks.play && (score[0] < 0 || score[1] < 0 || score[0] > TV_MAX_SCORE || score[1] > TV_MAX_SCORE))
        return tv_error_set(err, TV_EINVAL, "position: scores %ld,%ld must be two captured counts 0..%d",
                            (long)score[0], (long)score[1], TV_MAX_SCORE);

    tv_state_buf buf;
    tv_state *s = &buf.state;
    memset(s, 0, (size_t)r->state_size);
    s->last = TV_MOVE_NONE;
    int rc = read_board(r, board, s, err);
    if (rc || (vars && (rc = tv_vars_read(r, vars, s, err))))
        return rc;
    if (strcmp(side, "1") != 0 && strcmp(side, "2") != 0)
        return tv_error_set(err, TV_EINVAL, "position: side to move '%s' is not 1 or 2", side);
    s->to_move = (uint8_t)(side[0] - '1');
    int setup = 0;
    if (strcmp(flags, "-") != 0) {
        for (const char *p = flags; *p; p++) {
            if (*p == 's' && !(s->flags & TV_FLAG_SWAPPED))
                s->flags |= TV_FLAG_SWAPPED;
            else if (*p == 'p' && !setup)
                setup = 1;
            else
                return tv_error_set(err, TV_EINVAL, "position: flags '%s': expected '-' or s, p", flags);
        }
    }
    if (setup)
        s->flags |= TV_FLAG_SETUP;
    long n = whole_number(ply, 65535);
    if (n < 0)
        return tv_error_set(err, TV_EINVAL, "position: ply '%s' is not a number 0..65535", ply);
    s->ply = (uint16_t)n;
    if (quiet) {
        long q = whole_number(quiet_text, 65535);
        if (q < 0)
            return tv_error_set(err, TV_EINVAL, "position: quiet '%s' is not a number 0..65535", quiet_text);
        s->quiet = (uint16_t)q;
    }

    int counts[4] = {0, 0, 0, 0};
    for (int c = 0; c < r->ncells; c++)
        counts[s->cells[c] & 3]++;
    /* A play hook may put blocks anywhere (s:set), and so may arrows (a
     * piece's move that shoots); placed blocks still follow the setup rule. */
    int free_blocks = blocks_anywhere(r) && r->blocks.mode != TV_BLOCKS_PLACED;
    if (r->pieces.special && (rc = tv_special_canonical(r, s, err)))
        return rc;
    if ((!free_blocks && (rc = check_blocks(r, s, counts[TV_BLOCK], setup, err))) ||
        (rc = check_reachable(r, s, counts, score, err)) || (rc = tv_state_settle(r, s, err)))
        return rc;
    if (free_blocks && setup)
        return tv_error_set(err, TV_EINVAL, "position: flag 'p' but this game places no blocks");
    if (given) { /* the scores the hook added up, then the end rules again */
        int line_winner; /* tv_state_settle refused two goals */
        if ((rc = board_winner(r, s, &line_winner, err)))
            return rc;
        s->score[0] = score[0];
        s->score[1] = score[1];
        if ((rc = tv_end_settle(r, s, line_winner, 0, err)))
            return rc;
    }
    if (play_hook_adds_pieces(r) && (rc = check_moves_fit(r, s, err)))
        return rc;
    memcpy(out, s, (size_t)r->state_size);
    return TV_OK;
}

/* ---- re-deriving what a position string does not carry ------------------- */

/* Mancala: the scores are the stores, given, not derived. */
static int settle_holes(const tv_rules *r, tv_state *s, tv_error *err)
{
    int seeds = 0;
    for (int h = 0; h < r->ncells; h++)
        seeds += s->cells[h];
    if (seeds > TV_MANCALA_MAX_SEEDS) /* a sowing could make a hole wrap */
        return tv_error_set(err, TV_EINVAL, "position: %d seeds on the board, more than %d", seeds, TV_MANCALA_MAX_SEEDS);
    s->stones = (uint16_t)seeds;
    s->empty = 0;
    s->hash = tv_state_hash(r, s);
    return tv_end_settle(r, s, -1, 0, err);
}

/* A piece on its far row won, as the move that took it there did; a play
 * hook's move is not the kernel's, which then judges no far row (nor here).
 * *line_winner is the player, kept when none is there; TV_EINVAL for both. */
static int far_row_winner(const tv_rules *r, const tv_state *s, int *line_winner, tv_error *err)
{
    /* The rule holds for moves of the data generators, and for a hook's
     * whole moves (tv_family_hooks.c checks their landing). */
    int rule = (r->ends & TV_END_REACH) && ((r->moves == TV_MOVES_PIECES && !r->hooks.play) || tv_hmove_rules(r));
    for (int c = 0; c < r->ncells && rule; c++) {
        int v = s->cells[c];
        if (!tv_cell_is_piece(v) || !tv_pieces_far(r, tv_cell_colour(v), c, 1))
            continue;
        int p = tv_colour_of(s, 0) == tv_cell_colour(v) ? 1 : 2;
        if (*line_winner > 0 && *line_winner != p)
            return tv_error_set(err, TV_EINVAL, "position: both players have a piece on their far row");
        *line_winner = p;
    }
    return TV_OK;
}

/* The player whose goal the board shows (a line, a connection, a piece on
 * its far row) into *line_winner (-1: none, 0: both, by a rotation). */
static int board_winner(const tv_rules *r, const tv_state *s, int *line_winner, tv_error *err)
{
    *line_winner = tv_goal_on_board(r, s);
    if (*line_winner == -2 && r->rotate.side) /* a rotation can make both: a draw */
        *line_winner = 0;
    else if (*line_winner == -2)
        return tv_error_set(err, TV_EINVAL, "position: both players have a line that meets the goal");
    if (*line_winner == -1 && (*line_winner = tv_join_on_board(r, s)) == -2)
        return tv_error_set(err, TV_EINVAL, "position: both players have a winning connection");
    if (*line_winner == -1 && (*line_winner = tv_shapes_on_board(r, s)) == -2)
        return tv_error_set(err, TV_EINVAL, "position: both players have a ring, a bridge or a fork");
    return far_row_winner(r, s, line_winner, err);
}

int tv_state_settle(const tv_rules *r, tv_state *s, tv_error *err)
{
    if (r->board == TV_BOARD_MANCALA)
        return settle_holes(r, s, err);
    tv_state_count(r, s);
    int32_t points[2] = {0, 0};
    if (r->lines.dirs)
        tv_lines_count(r, s->cells, points);
    int sw = (s->flags & TV_FLAG_SWAPPED) ? 1 : 0; /* points are by colour */
    s->score[0] = points[sw];
    s->score[1] = points[sw ^ 1];
    s->hash = tv_state_hash(r, s);
    int line_winner, rc = board_winner(r, s, &line_winner, err);
    return rc ? rc : tv_end_settle(r, s, line_winner, 0, err);
}
