/* The game state: a flat value. A fixed header followed by the cells; its size
 * is fixed per ruleset (tv_rules.state_size), so a copy is one memcpy and there
 * are no heap pointers inside. */
#ifndef TV_STATE_H
#define TV_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "tv_grid.h"

/* A move is a small integer: a cell index for placement, a column for a drop,
 * a hole for sowing, a from-to move of a piece (tv_pieces.h has its 31-bit
 * layout), or a special move (negative). */
typedef int32_t tv_move;
enum { TV_MOVE_NONE = -1, TV_MOVE_PASS = -2, TV_MOVE_SWAP = -3 };

/* Contents of a grid cell (a mancala hole holds its seed count): empty, a
 * block, or a piece: its colour (TV_STONE1/2) in the low two bits and its
 * kind (0..TV_MAX_KINDS-1, declared by the game; 0 is the stone of placement
 * games) above them. A stone of kind 0 is the plain TV_STONE1/2 value. */
enum { TV_EMPTY = 0, TV_STONE1 = 1, TV_STONE2 = 2, TV_BLOCK = 3 };
#define TV_MAX_KINDS 8
#define TV_CELL_VALUES (4 * TV_MAX_KINDS) /* every value a grid cell can hold */

static inline int tv_piece(int colour, int kind) { return kind << 2 | colour; }
/* The colour of a piece (TV_STONE1/2), 0 for empty, TV_BLOCK for a block. */
static inline int tv_cell_colour(int v) { return v & 3; }
static inline int tv_cell_kind(int v) { return v >> 2; }
static inline int tv_cell_is_piece(int v) { return (v & 3) == TV_STONE1 || (v & 3) == TV_STONE2; }

enum { TV_ONGOING = 0, TV_OVER = 1 };

/* State flags. */
enum {
    TV_FLAG_SWAPPED = 1, /* colours were exchanged by the swap (pie) move */
    TV_FLAG_SETUP = 2,   /* the players are still placing blocks */
    TV_FLAG_CAPPED = 4   /* the game was ended, a draw, by the move limit (not hashed) */
};

typedef struct tv_state {
    uint64_t hash;     /* Zobrist hash of cells, side to move and flags */
    int32_t score[2];  /* by player (index 0 = player 1) */
    uint16_t ply;      /* moves played so far, setup and special moves included */
    uint16_t empty;    /* empty cells left */
    uint16_t stones;   /* stones placed (the swap rule counts them); mancala: seeds in the holes */
    uint16_t quiet;    /* plies since the last move that cannot be undone by play (a capture;
                          with pieces, a capture or a promotion) */
    uint16_t owned[2]; /* pieces on the board by colour (index colour - 1) */
    tv_move last;      /* last move played, TV_MOVE_NONE at the start */
    uint8_t to_move;   /* 0 = player 1, 1 = player 2 */
    uint8_t status;    /* TV_ONGOING or TV_OVER */
    int8_t winner;     /* -1 while ongoing, 0 draw, 1 or 2 */
    uint8_t flags;     /* TV_FLAG_* */
    uint8_t setup_left;/* blocks still to be placed in the setup phase */
    uint8_t cells[];   /* rules->ncells entries */
} tv_state;

#define TV_STATE_HEAD offsetof(tv_state, cells)

/* Room for the largest state of any ruleset (for states on the stack): the
 * cells, then (4-aligned) a ruleset's variables and hands (tv_vars.h). */
#define TV_STATE_EXTRA_ROOM (16 * 2 * 4 + 2 * 8) /* TV_STATE_EXTRA_MAX, checked in tv_vars.h */
#define TV_STATE_MAX (TV_STATE_HEAD + TV_MAX_CELLS + 8 + TV_STATE_EXTRA_ROOM)

/* A stack buffer that can hold any state: use tv_state *s = &buf.state. */
typedef union tv_state_buf {
    tv_state state;
    unsigned char bytes[TV_STATE_MAX];
    uint64_t align;
} tv_state_buf;

/* The colour (TV_STONE1/2) that player index p (0/1) places in state s. */
static inline int tv_colour_of(const tv_state *s, int p)
{
    return ((p ^ (s->flags & TV_FLAG_SWAPPED)) & 1) + 1;
}

/* An undo record: the state header before the move and the old value of each
 * cell the move changed, restored in reverse order. A cell is recorded on its
 * first write in the move only (its bit in `kept`), so a record holds every
 * cell of the largest board and a move may change them all, each as often as
 * it likes (a hook's Go capture of a big group, a flip of long rays): there is
 * no limit below the board to name in the guide, nor to check when rules load.
 * The other way, an entry per write, would have needed a record for as many
 * writes as a hook may make (twice the board, and still a limit) at twice the
 * size; here a record costs one bit test per write and clearing ncells bits a
 * move, and only where there is a record at all (the kernel's tv_play with
 * one, search, hooks), never on the fast paths, which pass none.
 * sizeof(tv_undo) is 2298 bytes with a ruleset's variables and hands (232 with the 64 entries before): search keeps
 * one per ply, at most 128 (alpha-beta's MAX_PLY), 64 in perft, some 300 KB of
 * a thread's stack; a tv_game one per ply played, 2.1 MB a thousand plies.
 * tv_cells.h starts one (tv_undo_start) and writes it. */
#define TV_UNDO_CELLS TV_MAX_CELLS
typedef struct tv_undo {
    unsigned char head[TV_STATE_HEAD];
    uint16_t n;
    uint16_t cell[TV_UNDO_CELLS];
    uint8_t old[TV_UNDO_CELLS];
    uint8_t kept[(TV_UNDO_CELLS + 7) / 8]; /* bit c: cell c is recorded (a sowing records every hole, unmarked) */
    unsigned char extra[TV_STATE_EXTRA_ROOM]; /* the variables and hands before the move (when the rules have them) */
} tv_undo;

#endif
