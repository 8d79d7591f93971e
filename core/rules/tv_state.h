/* The game state: a flat value. A fixed header followed by the cells; its size
 * is fixed per ruleset (tv_rules.state_size), so a copy is one memcpy and there
 * are no heap pointers inside. */
#ifndef TV_STATE_H
#define TV_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "tv_grid.h"

/* A move is a small integer: a cell index for placement, or a special move. */
typedef int32_t tv_move;
enum { TV_MOVE_NONE = -1, TV_MOVE_PASS = -2, TV_MOVE_SWAP = -3 };

/* Contents of a grid cell (a mancala hole holds its seed count). */
enum { TV_EMPTY = 0, TV_STONE1 = 1, TV_STONE2 = 2, TV_BLOCK = 3 };

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
    uint16_t quiet;    /* plies since the last move that cannot be undone by play (a capture) */
    int16_t last;      /* last move played, TV_MOVE_NONE at the start */
    uint8_t to_move;   /* 0 = player 1, 1 = player 2 */
    uint8_t status;    /* TV_ONGOING or TV_OVER */
    int8_t winner;     /* -1 while ongoing, 0 draw, 1 or 2 */
    uint8_t flags;     /* TV_FLAG_* */
    uint8_t setup_left;/* blocks still to be placed in the setup phase */
    uint8_t cells[];   /* rules->ncells entries */
} tv_state;

#define TV_STATE_HEAD offsetof(tv_state, cells)

/* Room for the largest state of any ruleset (for states on the stack). */
#define TV_STATE_MAX (TV_STATE_HEAD + TV_MAX_CELLS + 8)

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
 * cell the move changed, restored in reverse order. */
#define TV_UNDO_CELLS 64
typedef struct tv_undo {
    unsigned char head[TV_STATE_HEAD];
    uint16_t n;
    uint16_t cell[TV_UNDO_CELLS];
    uint8_t old[TV_UNDO_CELLS];
} tv_undo;

#endif
