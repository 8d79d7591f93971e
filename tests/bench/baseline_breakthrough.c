/* Breakthrough hard-coded in C, the baseline of make bench (see baseline.h):
 * 8x8, two rows of pawns each; a pawn steps forward onto an empty cell or
 * diagonally forward onto an empty or enemy cell (capturing it); a pawn on
 * the far row wins, and so does taking the last enemy pawn.
 *
 * The board has a column of blocked cells on each side, so a diagonal step
 * needs no bounds test; no row test is needed either, as a pawn that reaches
 * the far row ends the game. The moves are found in the engine's order (the
 * cells from a1 on, then forward, forward-right, forward-left), so the same
 * random numbers play the same game. */
#include <string.h>

#include "baseline.h"

#define W BL_BREAKTHROUGH_PAD

static int pad(int cell) { return cell / BL_BREAKTHROUGH_SIDE * W + cell % BL_BREAKTHROUGH_SIDE + 1; }

void bl_breakthrough_setup(bl_breakthrough *g)
{
    memset(g->board, 3, sizeof g->board);
    for (int c = 0; c < BL_BREAKTHROUGH_CELLS; c++) {
        int row = c / BL_BREAKTHROUGH_SIDE;
        g->board[pad(c)] = (uint8_t)(row < 2 ? 1 : row >= BL_BREAKTHROUGH_SIDE - 2 ? 2 : 0);
    }
    g->pawns[0] = g->pawns[1] = 2 * BL_BREAKTHROUGH_SIDE;
    g->to_move = 0;
    g->winner = -1;
    g->ply = 0;
}

int bl_breakthrough_moves(const bl_breakthrough *g, uint8_t moves[][2])
{
    const uint8_t *b = g->board;
    int me = g->to_move + 1, enemy = me ^ 3, ahead = me == 1 ? W : -W, n = 0;
    for (int p = 1; p < W * BL_BREAKTHROUGH_SIDE - 1; p++) {
        if (b[p] != me)
            continue;
        int f = p + ahead;
        if (b[f] == 0)
            moves[n][0] = (uint8_t)p, moves[n++][1] = (uint8_t)f;
        if (b[f + 1] == 0 || b[f + 1] == enemy)
            moves[n][0] = (uint8_t)p, moves[n++][1] = (uint8_t)(f + 1);
        if (b[f - 1] == 0 || b[f - 1] == enemy)
            moves[n][0] = (uint8_t)p, moves[n++][1] = (uint8_t)(f - 1);
    }
    return n;
}

void bl_breakthrough_play(bl_breakthrough *g, int from, int to)
{
    int me = g->to_move, row = to / W;
    if (g->board[to])
        g->pawns[me ^ 1]--;
    g->board[to] = g->board[from];
    g->board[from] = 0;
    g->to_move ^= 1;
    g->ply++;
    if (row == (me == 0 ? BL_BREAKTHROUGH_SIDE - 1 : 0) || g->pawns[me ^ 1] == 0)
        g->winner = (int8_t)(me + 1);
}

void bl_breakthrough_playout(bl_breakthrough *g, bl_rng *rng)
{
    uint8_t moves[3 * 2 * BL_BREAKTHROUGH_SIDE][2];
    while (g->winner < 0) {
        int n = bl_breakthrough_moves(g, moves);
        if (n == 0) { /* cannot happen from the start: some pawn can always step */
            g->winner = 0;
            break;
        }
        const uint8_t *m = moves[bl_below(rng, (uint32_t)n)];
        bl_breakthrough_play(g, m[0], m[1]);
    }
}

int bl_breakthrough_cell(const bl_breakthrough *g, int cell) { return g->board[pad(cell)]; }

int bl_breakthrough_cell_of(int padded) { return (padded / W) * BL_BREAKTHROUGH_SIDE + padded % W - 1; }
