/* Moves that shoot (slide{ after = shoot{} }, Amazons) for random moves:
 * the number of legal moves of a position, and the k-th of them in the order
 * tv_pieces_moves lists them, without listing the thousands of others. A
 * host's random move draws k = below(n) and plays the move the kernel's list
 * holds at k: uniform over the legal turns, the same as tv_legal_moves and
 * moves[below(n)]. A playout in Amazons' shape draws by pairs without the
 * count (tv_shoot_pairs_draw). Both are held to the kernel's list in
 * tests/games/test_playout.c.
 *
 * The board keeps, for every cell and compass direction, the run of empty
 * cells beyond it, and for every cell the arrows a piece standing there
 * could shoot; a move changes three cells, and only the runs along their
 * eight lines are updated. A move from `from` to `to` then has reach[to]
 * arrows plus those that fly back over `from` (empty once the piece left). */
#ifndef TV_SHOOT_H
#define TV_SHOOT_H

#include "tv_error.h"
#include "tv_rng.h"
#include "tv_rules.h"

#define TV_SHOOT_WORDS ((TV_MAX_CELLS + 63) / 64)

typedef struct tv_shoot_board {
    /* The last entry of run and reach is no cell's: the queen path writes
     * there for the board's edge instead of branching on it. */
    uint8_t run[TV_MAX_CELLS + 1][8]; /* empty cells in a row from the cell along each direction */
    uint8_t reach[TV_MAX_CELLS + 1];  /* arrows from the cell: runs along the shooting directions, capped */
    uint64_t pieces[2][TV_SHOOT_WORDS]; /* the cells of each colour's pieces (index colour - 1) */
    uint16_t moves[TV_MAX_CELLS]; /* tv_shoot_count: the moves of the piece on each cell */
    /* Amazons' shape (`queen`: one generator, a slide and a shot along all
     * eight directions, neither range binding): counted along straight lines
     * with fixed steps, and tv_shoot_count keeps each piece's moves by
     * direction so tv_shoot_pick skips whole lines. */
    int queen;
    int plain;                       /* a move writes its three cells and nothing else */
    int delta[8];                    /* queen: the step of each direction in cell numbers */
    uint16_t line[TV_MAX_CELLS][8];  /* queen, tv_shoot_count: the moves of the piece on a cell by direction */
    int arrows_max;                  /* queen: no landing cell has more arrows (its lines to the edge) */
    /* tv_shoot_pairs: the mover's pieces in cell order, and the pairs of
     * those before each and itself (a draw finds its piece without a branch) */
    int npieces;
    uint16_t piece_at[TV_MAX_CELLS], pairs_upto[TV_MAX_CELLS];
} tv_shoot_board;

/* Whether r's moves are all shots that this board counts: every generator
 * shoots, all with the same arrow (directions the same for both players). */
int tv_shoot_fast(const tv_rules *r);

/* The board of s (tv_shoot_fast(r)). */
void tv_shoot_init(const tv_rules *r, const tv_state *s, tv_shoot_board *b);

/* The number of legal moves of the player to move in s; keeps each piece's
 * count in b for tv_shoot_pick. */
int tv_shoot_count(const tv_rules *r, const tv_state *s, tv_shoot_board *b);

/* The legal move at index k (0 <= k < tv_shoot_count) of s, right after
 * tv_shoot_count of s: whole pieces are skipped by their counts. */
tv_move tv_shoot_pick(const tv_rules *r, const tv_state *s, const tv_shoot_board *b, int k);

/* A random playout's draw in Amazons' shape (`queen`, tv_shoot_pairs_draw):
 * counting every turn costs more than playing one, so a playout draws
 * without the count. A turn is a (piece, landing) pair and an arrow; the
 * pairs are cheap to count (the runs of each piece). A pair is drawn
 * uniformly, with an index u below arrows_max; the turn is its arrow u when
 * u is below the pair's arrows, else both are drawn again. Each turn is so
 * drawn with the same chance: uniform over the legal turns, like the count
 * and index (which tv_random_move keeps, as its count is the host's). After
 * TV_SHOOT_TRIES * arrows_max tries drawn again (about e^-64 of the time) it
 * draws by count and index instead, so the loop has a bound. The kernel's
 * list gives the same draw, random number for random number, when its turns
 * are grouped by pair in order (tests/games/test_playout.c does). */
#define TV_SHOOT_TRIES 64

/* Whether r's moves have Amazons' shape (`queen`), so a playout draws by pairs. */
int tv_shoot_queen(const tv_rules *r);

/* The (piece, landing) pairs of the player to move, each piece's kept for
 * tv_shoot_pairs_draw; 0 when that player has no move (every landing has an
 * arrow: back over the cell the piece left). */
int tv_shoot_pairs(const tv_rules *r, const tv_state *s, tv_shoot_board *b);

/* A legal move of s drawn uniformly as above, right after tv_shoot_pairs of
 * s returned pairs > 0. */
tv_move tv_shoot_pairs_draw(const tv_rules *r, const tv_state *s, tv_shoot_board *b, int pairs, tv_rng *rng);

/* The board b of the cells `was` (b and was kept together by the caller)
 * brought to s's cells, cell by cell where they differ; -1 (nothing done)
 * past `most` differing cells, when tv_shoot_init costs less. A host's
 * loop keeps one board from ply to ply this way (tv_family_pieces.c). */
int tv_shoot_sync(const tv_rules *r, const tv_state *s, tv_shoot_board *b, uint8_t *was, int most);

/* Plays the legal move m as tv_pieces_apply does, and updates the board. */
int tv_shoot_apply(const tv_rules *r, tv_state *s, tv_shoot_board *b, tv_move m, int *progress, tv_error *err);

#endif
