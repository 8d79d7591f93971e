/* Evaluation as data (tv_eval.h): the board terms are summed from player 1's
 * colour's view in one pass over the cells, the open lines in one pass along
 * each line of the board, then turned to the mover's view. */
#include "tv_eval.h"

#include "tv_pieces.h"

void tv_eval_default(const tv_rules *r, tv_eval *ev)
{
    memset(ev, 0, sizeof *ev);
    if (tv_rules_scores(r))
        ev->score = 100;
    /* A misère line (its maker loses) or one of either colour (Notakto) is
     * no line to build: no open lines for it by default. */
    if (r->board == TV_BOARD_GRID && r->goal.length >= 2 && !r->goal.loses && !r->goal.any) {
        ev->line_length = r->goal.length;
        ev->line_dirs = r->goal.dirs;
        int32_t w = 100;
        for (int n = 1; n < r->goal.length; n++) {
            ev->lines[n] = w;
            w *= n == 1 ? 5 : 10;
            if (w > TV_EVAL_WEIGHT_MAX)
                w = TV_EVAL_WEIGHT_MAX;
        }
    }
    if (r->moves == TV_MOVES_PIECES && (r->ends & TV_END_CONNECTED)) {
        ev->centre = 100; /* a group gathers in the middle; material would be wrong: fewer pieces connect sooner */
    } else if (r->moves == TV_MOVES_PIECES) {
        int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
        for (int k = 0; k < kinds; k++)
            ev->material[k] = 100;
        for (int k = 0; k < kinds; k++)
            if (r->pieces.promote[k] >= 0 && r->pieces.promote[k] < TV_MAX_KINDS)
                ev->material[r->pieces.promote[k]] = 200;
    }
}

static int weighs_pieces(const tv_eval *ev)
{
    for (int k = 0; k < TV_MAX_KINDS; k++)
        if (ev->material[k] || ev->advance[k])
            return 1;
    return 0;
}

static int lesser(int a, int b) { return a < b ? a : b; }

/* Material, advancement and centre: colour 1's sum less colour 2's. */
static int64_t pieces_terms(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int w = r->grid.width, h = r->grid.height;
    int64_t v = 0;
    for (int i = 0; i < r->ncells; i++) {
        int c = s->cells[i];
        if (!tv_cell_is_piece(c))
            continue;
        int k = tv_cell_kind(c), col = i % w, row = i / w;
        int ahead = tv_cell_colour(c) == TV_STONE1 ? row : h - 1 - row;
        int64_t t = (int64_t)ev->material[k] + (int64_t)ev->advance[k] * ahead +
                    (int64_t)ev->centre * (lesser(col, w - 1 - col) + lesser(row, h - 1 - row));
        v += tv_cell_colour(c) == TV_STONE1 ? t : -t;
    }
    return v;
}

/* The windows of one line: n >= len cells from cell `at`, `step` apart.
 * The counts of the window's stones of each colour and blocks are packed in
 * one integer, a byte each. */
static int64_t line_windows(const tv_eval *ev, const uint8_t *cells, int at, int step, int n)
{
    static const int add[4] = {0, 1, 1 << 8, 1 << 16}; /* by cell colour: empty, 1, 2, block */
    int len = ev->line_length, packed = 0, in = at, out = at; /* indices: a pointer may not step off the board */
    int64_t v = 0;
    for (int i = 0; i < len - 1; i++, in += step)
        packed += add[tv_cell_colour(cells[in])];
    for (int i = len - 1; i < n; i++, in += step, out += step) {
        packed += add[tv_cell_colour(cells[in])];
        int n1 = packed & 255, n2 = packed >> 8 & 255;
        if (packed < 1 << 16 && !(n1 && n2))
            v += ev->lines[n1] - ev->lines[n2]; /* lines[0] is 0 */
        packed -= add[tv_cell_colour(cells[out])];
    }
    return v;
}

/* Open lines, colour 1's less colour 2's: each line of the board along each
 * direction is walked once from its first cell (the left column, or the
 * bottom row, or for the falling diagonal the top row), counting what the
 * last `len` cells hold. */
static int64_t lines_term(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int w = r->grid.width, h = r->grid.height, len = ev->line_length, dirs = ev->line_dirs;
    const uint8_t *cells = s->cells;
    int64_t v = 0;
    if ((dirs & TV_DIR_H) && w >= len)
        for (int row = 0; row < h; row++)
            v += line_windows(ev, cells, row * w, 1, w);
    if ((dirs & TV_DIR_V) && h >= len)
        for (int col = 0; col < w; col++)
            v += line_windows(ev, cells, col, w, h);
    for (int row = 0; row < h; row++) { /* the diagonals from the left column */
        if ((dirs & TV_DIR_D1) && lesser(w, h - row) >= len)
            v += line_windows(ev, cells, row * w, w + 1, lesser(w, h - row));
        if ((dirs & TV_DIR_D2) && lesser(w, row + 1) >= len)
            v += line_windows(ev, cells, row * w, 1 - w, lesser(w, row + 1));
    }
    for (int col = 1; col < w; col++) { /* and from the bottom and the top rows */
        if ((dirs & TV_DIR_D1) && lesser(w - col, h) >= len)
            v += line_windows(ev, cells, col, w + 1, lesser(w - col, h));
        if ((dirs & TV_DIR_D2) && lesser(w - col, h) >= len)
            v += line_windows(ev, cells, (h - 1) * w + col, 1 - w, lesser(w - col, h));
    }
    return v;
}

/* The legal moves of the side to move in s (*moves) and the cells they
 * start from (*from: pieces' moves share a cell; any other move is its own). */
static int count_moves(const tv_rules *r, const tv_state *s, int *moves, int *from, tv_error *err)
{
    tv_move m[TV_MOVES_LIMIT]; /* a game whose moves shoot has thousands (rules->max_moves) */
    int n = tv_legal_moves(r, s, m, r->max_moves, err);
    if (n < 0)
        return n;
    *moves = *from = n;
    if (r->moves == TV_MOVES_PIECES) {
        uint8_t seen[(TV_MAX_CELLS + 7) / 8] = {0};
        *from = 0;
        for (int i = 0; i < n; i++) {
            int c = m[i] >= 0 ? tv_pmove_from(m[i]) : TV_MAX_CELLS; /* a pass: no piece */
            if (c < TV_MAX_CELLS && !(seen[c / 8] & 1 << (c % 8))) {
                seen[c / 8] |= (uint8_t)(1 << (c % 8));
                ++*from;
            }
        }
    }
    return TV_OK;
}

/* Mobility and mobile pieces: the mover's less the opponent's in the same
 * position (the opponent's counted as if they were to move). */
static int mobility_terms(const tv_rules *r, const tv_eval *ev, const tv_state *s, int64_t *out, tv_error *err)
{
    int mine, mine_from, theirs, theirs_from, rc;
    if ((rc = count_moves(r, s, &mine, &mine_from, err)))
        return rc;
    tv_state_buf other;
    tv_state_copy(r, &other.state, s);
    other.state.to_move ^= 1;
    if ((rc = count_moves(r, &other.state, &theirs, &theirs_from, err)))
        return rc;
    *out = (int64_t)ev->mobility * (mine - theirs) + (int64_t)ev->mobile * (mine_from - theirs_from);
    return TV_OK;
}

int tv_eval_value(const tv_rules *r, const tv_eval *ev, const tv_state *s, int32_t *value, tv_error *err)
{
    int me = s->to_move & 1;
    int64_t board = 0, v = 0;
    if (r->board == TV_BOARD_GRID) {
        if (ev->centre || weighs_pieces(ev))
            board += pieces_terms(r, ev, s);
        if (ev->line_length >= 1 && ev->line_length <= TV_MAX_SIDE)
            board += lines_term(r, ev, s);
        v = tv_colour_of(s, me) == TV_STONE1 ? board : -board;
    }
    if (ev->score)
        v += (int64_t)ev->score * ((int64_t)s->score[me] - s->score[me ^ 1]);
    if (ev->mobility || ev->mobile) {
        int64_t mob;
        int rc = mobility_terms(r, ev, s, &mob, err);
        if (rc)
            return rc;
        v += mob;
    }
    *value = (int32_t)(v > TV_EVAL_MAX ? TV_EVAL_MAX : v < -TV_EVAL_MAX ? -TV_EVAL_MAX : v);
    return TV_OK;
}
