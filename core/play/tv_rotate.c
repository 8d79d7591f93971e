/* Place, then rotate a block (tv_rotate.h). */
#include "tv_rotate.h"

#include <stdio.h>
#include <string.h>

#include "tv_lines.h"
#include "tv_play.h"
#include "tv_play_internal.h"

int tv_rotate_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    int n = 0, turns = tv_rotate_turns(r);
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] == TV_EMPTY)
            for (int t = 0; t < turns && n < cap; t++)
                out[n++] = t * r->ncells + c;
    return n;
}

int tv_rotate_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (m < 0 || m >= r->ncells * tv_rotate_turns(r))
        return tv_error_set(err, TV_EILLEGAL, "not a move of this game: a move is a cell, a block and a way, as d4/2cw");
    int cell = m % r->ncells;
    if (s->cells[cell] == TV_EMPTY)
        return TV_OK;
    char name[16];
    tv_rotate_text(r, m, name, sizeof name);
    return tv_error_set(err, TV_EILLEGAL, "%s: the cell is %s", name, s->cells[cell] == TV_BLOCK ? "blocked" : "occupied");
}

/* The cell that (col, row) of block b, counted in the block, is on the board. */
static int block_cell(const tv_rules *r, int b, int col, int row)
{
    int side = r->rotate.side, per_row = r->grid.width / side;
    return (b / per_row * side + row) * r->grid.width + b % per_row * side + col;
}

/* Where cell c goes when its block turns (c outside the block: stays). */
static int turned(const tv_rules *r, int b, int ccw, int c)
{
    int side = r->rotate.side, w = r->grid.width, per_row = w / side;
    int col = c % w - b % per_row * side, row = c / w - b / per_row * side;
    if (col < 0 || col >= side || row < 0 || row >= side)
        return c;
    /* Rows go up the board: clockwise takes (col, row) to (row, side-1-col). */
    return ccw ? block_cell(r, b, side - 1 - row, col) : block_cell(r, b, row, side - 1 - col);
}

int tv_rotate_where(const tv_rules *r, tv_move m)
{
    int t = m / r->ncells;
    return turned(r, t / 2, t % 2, m % r->ncells);
}

/* Who has a line after the move that placed on `placed` and turned block b:
 * a line now on the board passes through a cell the move changed (any other
 * was there before, and would have ended the game), so the lines through the
 * block's cells and the stone's are all there is to look at. -1, 0 (both),
 * or the player (1, 2). */
static int lines_after(const tv_rules *r, const tv_state *s, int b, int placed)
{
    int side = r->rotate.side, found[4] = {0, 0, 0, 0};
    for (int i = 0; i <= side * side; i++) {
        int c = i < side * side ? block_cell(r, b, i % side, i / side) : placed, v = s->cells[c];
        if (!found[v] && tv_cell_is_piece(v) && tv_goal_made(r, s->cells, c))
            found[v] = 1;
    }
    int mine = found[tv_colour_of(s, s->to_move)], theirs = found[tv_colour_of(s, s->to_move ^ 1)];
    return mine && theirs ? 0 : mine ? s->to_move + 1 : theirs ? (s->to_move ^ 1) + 1 : -1;
}

int tv_rotate_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err)
{
    int t = m / r->ncells, b = t / 2, ccw = t % 2, side = r->rotate.side, cell = m % r->ncells;
    int rc = tv_place(r, s, u, cell, err);
    if (rc < 0)
        return rc;
    uint8_t was[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
    for (int i = 0; i < side * side; i++)
        was[i] = s->cells[block_cell(r, b, i % side, i / side)];
    for (int i = 0; i < side * side; i++) {
        int to = turned(r, b, ccw, block_cell(r, b, i % side, i / side));
        if (s->cells[to] != was[i] && (rc = tv_state_set(r, s, u, to, was[i], err)))
            return rc;
    }
    *line_winner = r->goal.length ? lines_after(r, s, b, turned(r, b, ccw, cell)) : -1;
    return TV_OK;
}

static int popcount(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

/* The k-th set bit of set[], lowest first (k < the count). */
static int select_set(const uint64_t *set, int k)
{
    for (int i = 0;; i++) {
        int n = popcount(set[i]);
        if (k < n) {
            uint64_t x = set[i];
            while (k--)
                x &= x - 1;
            return 64 * i + popcount((x & (0 - x)) - 1); /* the lowest bit's place */
        }
        k -= n;
    }
}

int tv_rotate_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    int side = r->rotate.side, turns = tv_rotate_turns(r), count = 0;
    uint64_t set[(TV_MAX_CELLS + 63) / 64] = {0}; /* the empty cells */
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] == TV_EMPTY) {
            set[c >> 6] |= 1ull << (c & 63);
            count++;
        }
    while (s->status == TV_ONGOING) {
        if (count == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        /* tv_rotate_moves' order: the k-th move is the (k / turns)-th empty cell, turn k % turns */
        int k = (int)tv_rng_below(rng, (uint32_t)(count * turns)), t = k % turns, b = t / 2, ccw = t % 2;
        int cell = select_set(set, k / turns), p = s->to_move, colour = tv_colour_of(s, p);
        s->hash ^= r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][colour] ^ r->zside;
        s->cells[cell] = (uint8_t)colour;
        s->empty--;
        s->stones++;
        s->owned[colour - 1]++;
        uint8_t was[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
        int from[TV_ROTATE_SIDE_MAX * TV_ROTATE_SIDE_MAX];
        for (int i = 0; i < side * side; i++)
            was[i] = s->cells[from[i] = block_cell(r, b, i % side, i / side)];
        for (int i = 0; i < side * side; i++) {
            int to = turned(r, b, ccw, from[i]);
            s->hash ^= r->zcell[to][s->cells[to]] ^ r->zcell[to][was[i]];
            s->cells[to] = was[i];
        }
        set[cell >> 6] &= ~(1ull << (cell & 63));
        for (int i = 0; i < side * side; i++) /* the block's empty cells moved too */
            if (s->cells[from[i]] == TV_EMPTY)
                set[from[i] >> 6] |= 1ull << (from[i] & 63);
            else
                set[from[i] >> 6] &= ~(1ull << (from[i] & 63));
        count--;
        int winner = r->goal.length ? lines_after(r, s, b, turned(r, b, ccw, cell)) : -1;
        s->to_move = (uint8_t)(p ^ 1);
        s->ply++;
        s->last = (tv_move)(t * r->ncells + cell);
        /* The kernel's end rules here: a line (either colour's, or both), then a full board. */
        if (winner >= 0 || s->empty == 0)
            tv_play_end(r, s, winner);
    }
    return TV_OK;
}

int tv_rotate_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    char cell[8];
    int t = m / r->ncells;
    tv_grid_cell_name(&r->grid, m % r->ncells, cell, sizeof cell);
    return snprintf(buf, size, "%s/%d%s", cell, t / 2 + 1, t % 2 ? "ccw" : "cw");
}

int tv_rotate_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    char cell[8], way[8];
    int block, used = 0;
    const char *slash = strchr(text, '/');
    if (!slash || slash - text >= (long)sizeof cell)
        goto bad;
    for (int i = 0; i < slash - text; i++) /* players may type any case */
        cell[i] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a' : text[i]);
    cell[slash - text] = '\0';
    if (sscanf(slash + 1, "%3d%7[a-zA-Z]%n", &block, way, &used) != 2 || slash[1 + used] != '\0')
        goto bad;
    for (char *p = way; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    int c = tv_grid_parse_cell(&r->grid, cell), ccw = strcmp(way, "ccw") == 0;
    if (c < 0 || block < 1 || block > r->rotate.blocks || (!ccw && strcmp(way, "cw") != 0))
        goto bad;
    *m = ((block - 1) * 2 + ccw) * r->ncells + c;
    return TV_OK;
bad:
    return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a cell, a block 1..%d and cw or ccw, as a1/1cw",
                        text, r->rotate.blocks);
}
