/* The rule description: what a loaded ruleset compiles to. Plain data plus
 * optional hook callbacks; immutable once tv_rules_finish has run, and shared
 * read-only by every game of that ruleset. core/ knows nothing of Lua: a hook
 * is a C callback with an opaque context that the loader fills in. */
#ifndef TV_RULES_H
#define TV_RULES_H

#include <stdint.h>

#include "tv_error.h"
#include "tv_grid.h"
#include "tv_state.h"

#define TV_NAME_MAX 64
#define TV_TEXT_MAX 256
#define TV_MAX_MOVES (TV_MAX_CELLS + 2)

typedef struct tv_rules tv_rules;

/* How blocked cells (Pahtum's black holes) come onto the board. */
typedef enum {
    TV_BLOCKS_NONE = 0,
    TV_BLOCKS_LIST,   /* fixed cells */
    TV_BLOCKS_RANDOM, /* a count drawn from [min, max] (odd only if asked), random cells */
    TV_BLOCKS_PLACED  /* the players place `count` blocks in turn before the first stone */
} tv_blocks_mode;

typedef struct tv_blocks {
    tv_blocks_mode mode;
    int min, max, odd; /* RANDOM */
    int count;         /* PLACED: blocks to place; LIST: cells listed */
    uint16_t cells[TV_MAX_CELLS];
} tv_blocks;

/* Line scoring: every maximal run of one colour along the chosen directions
 * scores points[length]. */
typedef struct tv_lines {
    int dirs; /* TV_DIR_* mask; 0 = no line scoring */
    int32_t points[TV_MAX_SIDE + 1];
} tv_lines;

/* The k-in-a-row goal: a player who makes a line of `length` stones of their
 * colour along the chosen directions wins at once. */
typedef struct tv_goal {
    int length; /* 0 = no line goal */
    int dirs;   /* TV_DIR_* mask */
    int exact;  /* 1: exactly `length` (an overline does not win); 0: `length` or more */
} tv_goal;

/* How a move is made on a grid. */
typedef enum {
    TV_MOVES_PLACE = 0, /* a stone on any empty cell; moves are cells */
    TV_MOVES_DROP       /* a stone falls to the lowest empty cell of a column; moves are columns */
} tv_move_kind;

enum { TV_END_BOARD_FULL = 1, TV_END_NO_MOVE = 2 };
enum { TV_WINNER_HIGHER_SCORE = 1 };

/* Hooks: a ruleset step given as code instead of data. Each returns TV_OK or an
 * error code with the message in err; the kernel calls them only at that step. */
typedef struct tv_hooks {
    void *ctx;
    /* Legal moves of s into out[0..cap); returns the count or an error code. */
    int (*moves)(void *ctx, const tv_rules *r, const tv_state *s, tv_move *out, int cap,
                 tv_error *err);
    /* Scores by player of s, after a move. */
    int (*score)(void *ctx, const tv_rules *r, const tv_state *s, int32_t score[2],
                 tv_error *err);
    /* Whether s is over: *winner = -1 ongoing, 0 draw, 1 or 2. */
    int (*ends)(void *ctx, const tv_rules *r, const tv_state *s, int *winner, tv_error *err);
} tv_hooks;

struct tv_rules {
    char name[TV_NAME_MAX];        /* short name, e.g. "pahtum" */
    char title[TV_NAME_MAX];       /* display name, e.g. "Pahtum" */
    char description[TV_TEXT_MAX]; /* one line */
    char players[2][TV_NAME_MAX];  /* names of the two sides */

    tv_grid grid;
    tv_blocks blocks;
    tv_move_kind moves;
    int swap_after; /* >0: after this many stones the next player may swap colours */
    tv_lines lines;
    tv_goal goal;
    int ends;   /* TV_END_* mask */
    int winner; /* TV_WINNER_* */
    tv_hooks hooks;

    /* Derived by tv_rules_finish. */
    int ncells;
    int state_size; /* bytes of one tv_state, rounded up to 8 */
    uint64_t zcell[TV_MAX_CELLS][4];
    uint64_t zside, zswapped, zsetup;
};

/* Sets the defaults: no board, no scoring, no hooks. */
void tv_rules_init(tv_rules *r);

/* Checks the description for consistency and derives the rest (sizes,
 * Zobrist keys). Returns TV_OK or TV_ERULES with a message. */
int tv_rules_finish(tv_rules *r, tv_error *err);

/* Points of the run-length table for a run of n stones. */
static inline int32_t tv_run_points(const tv_rules *r, int n) { return r->lines.points[n]; }

#endif
