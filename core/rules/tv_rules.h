/* The rule description: what a loaded ruleset compiles to. Plain data plus
 * optional hook callbacks; immutable once tv_rules_finish has run, and shared
 * read-only by every game of that ruleset. core/ knows nothing of Lua: a hook
 * is a C callback with an opaque context that the loader fills in. */
#ifndef TV_RULES_H
#define TV_RULES_H

#include <stdint.h>

#include "tv_error.h"
#include "tv_family_id.h"
#include "tv_grid.h"
#include "tv_rng.h"
#include "tv_state.h"
#include "tv_vars.h"

#define TV_NAME_MAX 64
#define TV_TEXT_MAX 256
/* Legal moves of one position. TV_MAX_MOVES bounds every game whose moves
 * are not pieces' (a cell, a column, a hole, a hook's list, with pass and
 * swap). A game whose pieces move has its bound derived from its generators
 * (tv_rules.max_moves, at least TV_MAX_MOVES; tv_bound.h: steps, slides,
 * leaps, line counts, chains of jumps, and a second part: slide{ after =
 * shoot{} }, Amazons), and one above TV_MOVES_LIMIT is refused. 8192:
 * Amazons 10x10 needs 4 x 35 x 35 = 4900 by that rule (2,176 at the
 * start), and 32 KiB of moves is still a stack array for a one-off call;
 * recursive searches size theirs by max_moves. */
#define TV_MAX_MOVES (TV_MAX_CELLS + 2)
#define TV_MOVES_LIMIT 8192

/* The move limit: a game that reaches this many plies ends as a draw (the
 * state says TV_FLAG_CAPPED), so that no game -- a random playout, a search,
 * a match -- can go on for ever, whatever the rules. Far above any real game:
 * a grid game ends within its cells (676) plus the setup and the swap. A
 * ruleset may declare its own (game{max_plies=N}); the ply count is 16 bits. */
#define TV_DEFAULT_MAX_PLIES 5000
#define TV_MAX_MAX_PLIES 60000

/* A score must never wrap: the run table's points are bounded so that the
 * largest score a board can hold, and every sum on the way to it, fits. */
#define TV_MAX_SCORE (INT32_MAX / 2)

typedef struct tv_rules tv_rules;

/* The colours stones are drawn in (game{colours = {...}}): a small fixed
 * vocabulary, so that no text from a ruleset ever reaches a drawing as a
 * colour. TV_COLOUR_DEFAULT (0, what tv_rules_init leaves) is white for
 * player 1's stones and black for player 2's. */
enum {
    TV_COLOUR_DEFAULT = 0,
    TV_COLOUR_WHITE,
    TV_COLOUR_BLACK,
    TV_COLOUR_RED,
    TV_COLOUR_YELLOW,
    TV_COLOUR_BLUE,
    TV_COLOUR_GREEN,
    TV_COLOURS /* the count, DEFAULT included */
};

/* A colour's name ("red"), or NULL for a value that is not one. */
static inline const char *tv_colour_name(int c)
{
    static const char *const names[TV_COLOURS] = {"default", "white", "black", "red", "yellow", "blue", "green"};
    return c > TV_COLOUR_DEFAULT && c < TV_COLOURS ? names[c] : NULL;
}

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

/* The most (window, cell) pairs a goal keeps as bit sets: the longest list
 * of any grid of 64 cells or fewer, an 8x8 board's lines of four in all four
 * directions (tests/core/test_lines.c finds it). */
#define TV_GOAL_WINS 520

/* The k-in-a-row goal: a player who makes a line of `length` stones of their
 * colour along the chosen directions wins at once. */
typedef struct tv_goal {
    int length; /* 0 = no line goal */
    int dirs;   /* TV_DIR_* mask */
    int exact;  /* 1: exactly `length` (an overline does not win); 0: `length` or more */
    int loses;  /* misère: the maker of the line loses instead */
    int any;    /* stones of either colour make the line (Notakto); its maker is the mover */
    /* Derived by tv_rules_finish (tv_goal_windows) on grids of 64 cells or
     * fewer: each window of `length` cells along `dirs`, as a bit set, with
     * the cells just past its ends for an exact goal (win[i][1]); the windows
     * through cell c are win[win_first[c] .. win_first[c + 1]). windowed 0:
     * none (a larger board, colours "any", or more than TV_GOAL_WINS). */
    int windowed;
    uint16_t win_first[65];
    uint64_t win[TV_GOAL_WINS][2];
} tv_goal;

/* The connection goal (core/play/tv_join.c): a colour whose stones join
 * its sides -- one group of them, cells joined through the board's
 * neighbours, touching each side -- wins at once. Hex: the first colour joins
 * rows 1 and N, the second columns a and the last. Y: each colour joins the
 * three sides of a triangle, row 1, column a and the short diagonal of a
 * square rhombus (its cells beyond that diagonal blocked). Sides belong to
 * colours, not players: a swap hands the first stone and its sides over. */
enum { TV_SIDES_ROWS = 1, TV_SIDES_COLUMNS = 2, TV_SIDES_Y = 3 };

typedef struct tv_join {
    int sides[2];  /* by colour (TV_STONE1, TV_STONE2 - 1): TV_SIDES_*; 0 = no connection goal */
    int diagonals; /* square grids: diagonal neighbours join too (a hex board has its six) */
    /* Derived by tv_rules_finish: the compass directions that join cells,
     * and each cell's sides: bits 0..2 the first colour's sides, bits 3..5
     * the second colour's; need[i], all of colour i + 1's sides. */
    int ndirs;
    int8_t dir[8];
    uint8_t need[2];
    uint8_t edge[TV_MAX_CELLS];
    /* Each cell's ndirs neighbours, the cell itself where the board ends (so
     * the flood fill needs no test for the edge). */
    int16_t link[TV_MAX_CELLS][8];
} tv_join;

/* Havannah's winning shapes on a hex board (core/play/tv_shapes.c): a ring
 * (a closed chain of one colour's stones round at least one cell, whatever
 * is on it), a bridge (a group touching two corners), a fork (a group
 * touching three edges; corners belong to no edge). Corners and edges come
 * from the board's shape, its blocked cells cut out: a corner is a cell
 * with three neighbours on the board, an edge a run of cells with four. */
#define TV_SHAPES_SIDES 8 /* corners, and edges, a board may have */
/* A hexagon's six sides in turn round a cell of a hex board (whose sides
 * are N, E, S, W, SE and NW in the compass numbering): E, SE, S, W, NW, N. */
static inline int tv_hex_around(int i)
{
    static const int8_t sides[6] = {2, 3, 4, 6, 7, 0};
    return sides[i];
}
typedef struct tv_shapes {
    int ring, bridge, fork; /* which shapes win (all 0: no such goal) */
    /* Derived by tv_rules_finish: */
    uint8_t corner[TV_MAX_CELLS]; /* its bit (1 << i), or 0 */
    uint8_t edge[TV_MAX_CELLS];   /* its edge's bit, or 0 */
    uint8_t inside[TV_MAX_CELLS]; /* all six neighbours on the board: a ring can hold it */
    int ncorners, nedges;
} tv_shapes;

/* The turns of a placement game (core/play/tv_turns.h): stones a turn, and
 * an opening rule. */
enum { TV_OPENING_NONE = 0, TV_OPENING_PRO, TV_OPENING_SWAP };
#define TV_TURN_STONES_MAX 6
#define TV_PRO_DISTANCE 3 /* Pro: the first player's second stone this far from the centre, or more */

typedef struct tv_turns {
    int first, later; /* stones of the first turn and of every later one (0 or 1: one) */
    int opening;      /* TV_OPENING_*: Pro (centre, then far), Swap (three stones, then a choice of colour) */
    int active;       /* derived: any of these is not the plain rule */
} tv_turns;

/* Place, then rotate (Pentago, core/play/tv_rotate.h): blocks of side x
 * side cells tile the board, and a move ends by turning one of them. */
#define TV_ROTATE_SIDE_MAX 7 /* a turn's cells and the stone fit an undo record */
typedef struct tv_rotate {
    int side;   /* 0: no rotation */
    int blocks; /* derived: how many blocks, numbered by rows from row 1 */
    /* Derived: block b's i-th cell (rows from its bottom) is cell[b * side * side + i],
     * and a quarter turn (way 0 clockwise, 1 counter-clockwise) takes it to to[way][...]. */
    uint16_t cell[TV_MAX_CELLS], to[2][TV_MAX_CELLS];
    /* Derived, on boards of 64 cells or fewer with a goal of K or more: a
     * step of every cell of a set along the goal's i-th direction (i <
     * nwin) is ((x << shl[i]) >> shr[i]) & mask[i], so a run of K is K - 1
     * steps and ands of a colour's cells. */
    int nwin;
    uint8_t shl[4], shr[4];
    uint64_t mask[4];
} tv_rotate;

/* How a move is made on a grid. */
typedef enum {
    TV_MOVES_PLACE = 0, /* a stone on any empty cell; moves are cells */
    TV_MOVES_DROP,      /* a stone falls to the lowest empty cell of a column; moves are columns */
    TV_MOVES_PIECES     /* a piece moves from one cell to another (tv_pieces.h) */
} tv_move_kind;

/* ---- pieces that move (core/play/tv_pieces.c) -------------------------------
 * Directions are the eight compass points as a bit mask, written for player 1
 * (whose side is row 1: "forward" is north, towards higher rows); player 2's
 * are mirrored north-south. */
enum {
    TV_N = 1, TV_NE = 2, TV_E = 4, TV_SE = 8, TV_S = 16, TV_SW = 32, TV_W = 64, TV_NW = 128,
    TV_COMPASS_ALL = 255
};

typedef enum {
    TV_GEN_STEP = 1, /* to the neighbour in a direction */
    TV_GEN_SLIDE,    /* any distance along a direction over empty cells, up to max */
    TV_GEN_JUMP,     /* over an adjacent piece (tv_gen.over) to the empty cell beyond, capturing an enemy */
    TV_GEN_LINE_COUNT, /* exactly as many cells as pieces on the line (Lines of Action; tv_pieces_line.h) */
    TV_GEN_LEAP      /* to fixed (column, row) offsets, over anything (a knight) */
} tv_gen_type;

/* What a jump may go over (a bit mask); an own piece jumped stays. */
enum { TV_OVER_ENEMY = 1, TV_OVER_OWN = 2 };

/* What the destination of a step or slide may hold (a bit mask). */
enum { TV_TO_EMPTY = 1, TV_TO_ENEMY = 2 /* capture by replacement */ };

#define TV_MAX_GENS 16
#define TV_MAX_LEAPS 16 /* offsets of one leap generator */
#define TV_NAME_KIND 16

/* One move generator: the kinds it moves and how. */
typedef struct tv_gen {
    tv_gen_type type;
    int kinds; /* bit mask of the kinds that move this way */
    int dirs;  /* TV_N.. mask, for player 1 */
    int to;    /* step, slide: TV_TO_* */
    int max;   /* slide: at most this many cells (1..TV_MAX_SIDE) */
    int chain; /* jump: after a jump, the piece jumps on while it can */
    int over;  /* jump: TV_OVER_* (0 is read as TV_OVER_ENEMY) */
    int flying;/* jump: over any number of empty cells to the enemy, onto any empty cell
                  beyond it (tv_pieces.after only: tv_pieces_after.h) */
    int noffsets;                      /* leap: offsets[0..noffsets) */
    int8_t offsets[TV_MAX_LEAPS][2];   /* leap: (column, row) for player 1; player 2's rows mirrored */
    int abs[2]; /* derived: dirs by colour index (colour 2's mirrored) */
    /* after = shoot{}: after the step or slide the piece shoots an arrow, a
     * slide from the landing cell over empty cells (its start cell is empty
     * by then) that leaves a block where it lands (tv_shoot.h). */
    int shoot_dirs;    /* 0: no second part; else TV_N.. mask, for player 1 */
    int shoot_max;     /* at most this many cells (1..TV_MAX_SIDE) */
    int shoot_abs[2];  /* derived, as abs */
    /* The chess family's conditions (tv_pieces_special.h): */
    int min;           /* slide: at least this many cells (0 or 1: any) */
    int from_rows;     /* bit i: only a piece on the mover's row i + 1 moves so (0: any row) */
    int en_passant;    /* TV_EP_OPENS: a slide of 2+ cells leaves the cell it passed open to an
                          en-passant capture for one ply; TV_EP_TAKES: a step may land there, taking
                          the piece that passed */
    /* when = { phase = 1 }: the generator moves pieces only while the game
     * variable `when` holds one of the values in when_values (bit v: value
     * v, 0..31); "" always. tv_pieces.phase_var says which variable. */
    char when[16];
    uint32_t when_values;
} tv_gen;

enum { TV_EP_OPENS = 1, TV_EP_TAKES = 2 };

enum { TV_CAPTURE_FREE = 0, TV_CAPTURE_MANDATORY, TV_CAPTURE_LONGEST };

/* Castling (tv_pieces_special.h): the royal piece on `king` and the piece on
 * `rook`, both unmoved (a right per player, a game variable), move at once
 * to king_to and rook_to, when the cells between them and their
 * destinations are empty (but for the two) and the royal piece is not
 * attacked on its start, its way or its destination. Cells for player 1;
 * player 2's rows mirrored. */
#define TV_MAX_CASTLES 4
#define TV_CASTLE_NAME 8
typedef struct tv_castle {
    int king, king_to, rook, rook_to;
    char name[TV_CASTLE_NAME]; /* its move text: "O-O" */
    int var;                   /* derived: the index of its right (a per-player flag) */
    int16_t at[2][4];          /* derived: by player index, king, king_to, rook, rook_to (rows mirrored) */
} tv_castle;

/* Insufficient material (tv_royal.h): the game is drawn when no piece but
 * royal ones is left, or one piece of an `alone` kind in all, or pieces of
 * the `same_colour` kinds all on cells of one colour. */
typedef struct tv_insufficient {
    int on;
    int alone;       /* kinds mask */
    int same_colour; /* kinds mask */
} tv_insufficient;

typedef struct tv_pieces {
    int nkinds;                          /* 0: the game has only stones (x and o) */
    char name[TV_MAX_KINDS][TV_NAME_KIND];
    char letter[TV_MAX_KINDS];           /* lower case; player 1's pieces are written in upper case */
    int ngens;
    tv_gen gen[TV_MAX_GENS];
    int capture;                         /* TV_CAPTURE_*: whether a capture must be chosen when there is one */
    int8_t promote[TV_MAX_KINDS];        /* the kind a piece becomes on the promotion rows, or -1 */
    int promote_rows;                    /* the last N rows of the mover (1: the far row) */
    int promote_ends;                    /* a promotion ends a chain of jumps */
    int after;                           /* the pieces a chain jumps leave the board after the move
                                            (tv_pieces_after.h): they block its way meanwhile, and a
                                            man promotes only where the move ends */
    /* Derived by tv_rules_finish: the jump directions' encoding (tv_pieces.h). */
    int jump_dirs, chain_max;
    int shoots;                          /* some generator has after = shoot{}: moves use the shot layout */
    /* The chess family (tv_royal.h, tv_pieces_special.h). */
    int royal;                           /* kinds mask: a move that leaves one of the mover's attacked is illegal */
    int stalemate;                       /* no move and not attacked: TV_STALEMATE_* */
    uint8_t promote_choice[TV_MAX_KINDS];/* kinds mask a piece of the kind chooses from on the promotion rows (0: promote[]) */
    int ncastles;
    tv_castle castle[TV_MAX_CASTLES];
    int progress_kinds;                  /* kinds mask: their moves count as progress (the fifty-move rule) */
    tv_insufficient insufficient;
    /* Derived: the special move layout (tv_pmove.h) is in use; the variables of en passant. */
    int special;
    int ep_var;                          /* -1: none */
    /* A phase (the generators' `when`): 1 + the index of the variable whose
     * value chooses them, 0 for none; phase[v], the rules with only the
     * generators of value v (tv_rules_phases, made when the ruleset loads:
     * the same rules but for the kinds of the others, which move no kind). */
    int phase_var;
    const struct tv_rules *phase[32];
    uint8_t castle_touch[TV_MAX_CELLS];  /* bit me * 4 + i: a move from or onto the cell ends that right */
} tv_pieces;

/* No legal move and no royal piece attacked: as the no-move rule says, or a draw. */
enum { TV_STALEMATE_AS_NO_MOVE = 0, TV_STALEMATE_DRAW };

/* Flips (Othello, core/play/tv_flip.c): a placement is legal only where it
 * brackets a run of enemy stones between it and an own stone along one of
 * the directions, and turns every bracketed run. */
#define TV_FLIP_WORDS ((TV_MAX_CELLS + 63) / 64)
typedef struct tv_flip {
    int dirs; /* TV_N.. mask; 0: plain placement */
    int pass; /* a player without a placement passes while the opponent has one */
    /* Derived by tv_rules_finish on boards of 64 cells or fewer (bits): a
     * cell is a bit, a step along compass direction d is
     * ((x << shl[d]) >> shr[d]) & mask[d], and a run is at most reach + 1. */
    int bits, reach;
    uint8_t shl[8], shr[8];
    uint64_t mask[8];
    /* Past 64 cells (core/play/tv_flip_wide.c): cell c is bit c % 64 of
     * word c / 64; a step along d shifts the words by shift[d] cells and
     * keeps wmask[d], the cells a step lands on. */
    int16_t shift[8];
    uint64_t wmask[8][TV_FLIP_WORDS];
} tv_flip;

/* Custodial capture (core/play/tv_custodial.c): after a piece moves or a
 * stone is placed, each unbroken run of enemy pieces between it and another
 * piece of the mover along one of `dirs` is captured when the run holds
 * min..max pieces. A piece that moves between enemy pieces is safe: only the
 * mover's own piece captures. Captured pieces count to the mover's score. */
typedef struct tv_custodial {
    int dirs;     /* TV_N.. mask (absolute directions); 0: no custodial capture */
    int min, max; /* run lengths that are captured, 1 <= min <= max */
    int corners;  /* also an enemy piece in a corner, between the mover's piece and
                     another of the mover's on its two orthogonal neighbours */
} tv_custodial;

/* Groups and liberties (Go, core/play/tv_groups.c): a stone placed on an
 * empty cell removes the enemy groups (cells of one colour joined by their
 * four sides) it leaves without a liberty (an empty neighbour), then its own
 * group if that has none: a suicide, refused unless `suicide`. The simple ko
 * rule keeps the cell a lone stone was just taken from (variable "ko"), which
 * the other side may not play at once. Passing and the end by two passes
 * (variable "passes"), or at `limit` plies, scored by area: each side's
 * stones and the empty regions only its stones border, komi (in half points)
 * to player 2. The stones taken count to the mover's score where a
 * captured-count rule reads it (Atari Go: ends = { captured = 1 }). */
typedef struct tv_groups {
    int on;
    int suicide;       /* a suicide removes the mover's group (else it is illegal) */
    int pass;          /* a player may pass (ends = "two_passes": two in a row end the game, scored) */
    int komi2;         /* komi in half points, added to player 2's area */
    int limit;         /* the game ends at this ply, scored (0: no such rule) */
    int superko;       /* positional superko: a stone may not recreate a board of the game's history */
    int ko_var, passes_var; /* derived: the variables' indices (-1: none) */
} tv_groups;

/* A graph board (board = graph { ... }, Nine Men's Morris): points that are
 * cells of a grid (names and drawings as the grid's; every other cell a
 * block), joined by links, with lines: the points of a line follow each other
 * along links, and a line all of one colour is a mill. The links are the
 * lines' steps and any given apart (a diagonal that makes no mill). */
#define TV_GRAPH_LINES 64      /* lines in all */
#define TV_GRAPH_LINE_MAX 8    /* points in a line */
#define TV_GRAPH_LINKS 8       /* links at a point */
#define TV_GRAPH_AT 4          /* lines through a point */
typedef struct tv_graph {
    int on;
    int nlines;
    uint8_t line_len[TV_GRAPH_LINES];
    int16_t line[TV_GRAPH_LINES][TV_GRAPH_LINE_MAX];
    int nextra;                                   /* links given apart from the lines */
    int16_t extra[TV_GRAPH_LINES][2];
    /* Derived by tv_graph_derive (tv_graph_rules.h): */
    uint8_t point[TV_MAX_CELLS];                  /* 1: a point of the board */
    int npoints;
    uint8_t nlinks[TV_MAX_CELLS];
    int16_t link[TV_MAX_CELLS][TV_GRAPH_LINKS];
    uint8_t nat[TV_MAX_CELLS];
    uint8_t at[TV_MAX_CELLS][TV_GRAPH_AT];        /* the lines through the point */
    /* On a board of 64 cells or fewer (small), the same as bit sets, for
     * the random-playout fast path: */
    int small;
    uint64_t points_bits;
    uint64_t link_bits[64];
    uint64_t line_bits[TV_GRAPH_LINES];
} tv_graph;

/* Mills (moves = mills { ... }, on a graph board): men placed from the hand,
 * then moved along links, then flown to any empty point by a side down to
 * `fly` men; a man that completes a line of its colour removes an enemy man
 * in the same move (one not in a line of its own colour, unless all are). */
typedef struct tv_mills {
    int on;
    int fly; /* a side with this many men or fewer on the board, none in hand, flies (0: never) */
} tv_mills;

/* A start position: the contents of every cell (TV_EMPTY, TV_BLOCK, pieces). */
typedef struct tv_setup {
    int given;
    uint8_t cells[TV_MAX_CELLS];
} tv_setup;

/* Mancala boards: two rows of holes (row 1 is player 1's, named a1.., row 2
 * player 2's, a2..), seeds counted per hole; a player's store is their score. */
typedef enum { TV_BOARD_GRID = 0, TV_BOARD_MANCALA } tv_board_kind;

#define TV_MANCALA_MAX_HOLES 16 /* per row */
#define TV_MANCALA_MAX_SEEDS 255 /* in all; a hole is one byte */

enum { TV_SIDE_OWN = 1, TV_SIDE_OPP = 2, TV_SIDE_ANY = 3 };
enum { TV_SLAM_ALLOWED = 0, TV_SLAM_NO_CAPTURE, TV_SLAM_ILLEGAL };
enum { TV_EMPTY_CAPTURE_NONE = 0, TV_EMPTY_CAPTURE_NONEMPTY, TV_EMPTY_CAPTURE_ALWAYS };

/* The sowing primitive's parameters. */
typedef struct tv_sow {
    int holes, seeds;   /* holes per row, seeds per hole at the start */
    int stores;         /* each player has a store, on the track after their row */
    int cw;             /* 0: counter-clockwise (a1 b1 .. then back along row 2) */
    int origin_first;   /* the first seed goes back into the emptied hole */
    int skip_origin;    /* later laps pass over the origin hole */
    int relay;          /* last seed in an occupied hole: lift it all and sow on */
    int own_store, opp_store; /* seeds are sown into these stores (else passed over) */
    int extra_turn;     /* last seed in the own store: the mover moves again */
    uint32_t counts;    /* capture when the last hole then holds n seeds (bit n) */
    int side;           /* where such a capture may happen: TV_SIDE_* */
    int chain;          /* captures go on backwards while the rule holds */
    int chain_side;     /* where the chain may run: TV_SIDE_* */
    int empty_capture;  /* last seed in an empty own hole takes the opposite hole */
    int grand_slam;     /* a capture that would take all the opponent's seeds: TV_SLAM_* */
    int must_feed;      /* a move must leave the opponent seeds when one can */
    int pass;           /* a player with no move passes */
} tv_sow;

/* A mancala board's holes as words, and a sowing counted by laps (tv_sow.c).
 * Cells are byte lanes of four 64-bit words, lane c + 32 - ncells for cell c,
 * so that the words end at the last cell (tv_sow.h reads them in place): the
 * hash of the holes mixes word by word, and a sowing without relay adds to
 * them. A sowing of n seeds from a place drops n / lap seeds on every place
 * of a lap and one more on the next n % lap places: a few word additions
 * instead of a step a seed. For each mover, its lap is the track without the
 * stores it does not sow into, written twice so that a sowing never wraps. */
#define TV_SOW_LAP_MAX (2 * TV_MANCALA_MAX_HOLES + 2)
typedef struct tv_sow_laps {
    int first;        /* the first word holding a cell's lane: (32 - ncells) / 8 */
    uint64_t mask[4]; /* each word's lanes that are cells */
    uint64_t row[2][4]; /* and those of each player's row */
    uint64_t lane[2 * TV_MANCALA_MAX_HOLES][4]; /* a hole's lane, all ones: the sown hole emptied without a branch */
    uint64_t key[4];  /* each word's hash key */
    int ok;     /* the rules sow by laps: no relay, and not origin_first with skip_origin */
    int len[2]; /* places on each mover's lap */
    int8_t place[2][2 * TV_SOW_LAP_MAX];         /* the doubled lap: a hole, or -1 / -2 for a store */
    int8_t at[2][2 * TV_MANCALA_MAX_HOLES];      /* a hole's place on the mover's lap */
    uint64_t upto[2][2 * TV_SOW_LAP_MAX + 1][4]; /* one seed on each place before i: the holes' lanes */
    uint16_t stores_upto[2][2 * TV_SOW_LAP_MAX + 1]; /* and the stores' seeds: player 1's + 256 x player 2's */
} tv_sow_laps;

enum { TV_REMAINDER_NONE = 0, TV_REMAINDER_SPLIT, TV_REMAINDER_OWN_ROW };

enum {
    TV_END_BOARD_FULL = 1,
    TV_END_NO_MOVE = 2,    /* the player to move has no legal move */
    TV_END_BOARD_EMPTY = 4,/* no seed left in the holes */
    TV_END_SIDE_EMPTY = 8, /* a player's row is empty */
    TV_END_REACH = 16,     /* a piece that reaches the mover's far row wins */
    TV_END_CONNECTED = 32, /* a player whose pieces form one 8-neighbour group wins (tv_connect.h) */
    TV_END_TWO_PASSES = 64 /* two passes in a row end the game, scored (groups { pass = true }) */
};

/* Hooks: a ruleset step given as code instead of data. Each returns TV_OK or an
 * error code with the message in err; the kernel calls them only at that step. */
typedef struct tv_hooks {
    void *ctx;
    /* The turns of several parts a moves hook has listed (core/play/tv_hturns.h),
     * owned by the loaded ruleset; NULL when its moves are not whole moves. */
    struct tv_hturns *turns;
    /* Legal moves of s into out[0..cap); returns the count or an error code. */
    int (*moves)(void *ctx, const tv_rules *r, const tv_state *s, tv_move *out, int cap,
                 tv_error *err);
    /* Scores by player of s, after a move. */
    int (*score)(void *ctx, const tv_rules *r, const tv_state *s, int32_t score[2],
                 tv_error *err);
    /* Whether s is over: *winner = -1 ongoing, 0 draw, 1 or 2. */
    int (*ends)(void *ctx, const tv_rules *r, const tv_state *s, int *winner, tv_error *err);
    /* The effect of the legal move m on s, through the primitives of tv_play.h
     * and tv_sow.h (which keep the hash and write the undo record u). Returns
     * a TV_PLAYED_* mask (0: the turn passes) or an error code. The kernel
     * then passes the turn, counts the ply and checks the end. */
    int (*play)(void *ctx, const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err);
    /* Optional, for random playouts: what moves gives, but only the move at
     * index below(rng, n) goes into *m (the others need not be converted).
     * Returns n (0: no move, *m untouched) or an error code. */
    int (*pick)(void *ctx, const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m,
                tv_error *err);
    /* Optional: runs fn(arg), which calls many hooks (a random playout), as
     * one batch, so that the host sets up its locks and limits once. Returns
     * what fn returns, or an error code when a hook failed inside: then fn was
     * cut short (it may keep nothing in its own frame that must be undone). */
    int (*batch)(void *ctx, int (*fn)(void *arg), void *arg, tv_error *err);
    /* Optional, with moves: why m, which moves did not list, is refused in s,
     * as text into why[0..size). Returns 1 (a reason given), 0 (none: the
     * default reason) or an error code. Asked only for a refused move. */
    int (*refuse)(void *ctx, const tv_rules *r, const tv_state *s, tv_move m, char *why, int size,
                  tv_error *err);
} tv_hooks;

/* ---- evaluation as data, for search (core/players/tv_eval.c) ---------------
 * What alpha-beta scores a position it stops at (not a finished game), from
 * the view of the player to move: a sum of terms, each a weight times the
 * mover's count less the opponent's. Weights and the value are in hundredths
 * of a point (a ruleset writes 0.05); the value is kept within TV_EVAL_MAX,
 * far below the values of won games (near TV_SCORE_WIN / 2). */
#define TV_EVAL_WEIGHT_MAX 100000 /* |weight|: 1000 points */
#define TV_EVAL_MAX 100000        /* |value| */
typedef struct tv_eval {
    int given;                      /* 1: the ruleset's evaluate{}; 0: search derives a default (tv_eval_default) */
    int32_t material[TV_MAX_KINDS]; /* per piece of the kind */
    int32_t advance[TV_MAX_KINDS];  /* per piece of the kind and row it stands beyond its own first row */
    int32_t centre;                 /* per piece and step it stands from the nearest edge (columns plus rows) */
    int32_t mobility;               /* per legal move (costs two move generations a position; 0: not counted) */
    int32_t mobile;                 /* per piece that has a legal move (the same cost) */
    int32_t score;                  /* per point of score (runs, stores, captures) */
    int line_length, line_dirs;     /* open lines: windows of line_length cells along TV_DIR_* line_dirs (0: none) */
    int32_t lines[TV_MAX_SIDE + 1]; /* a window with n stones of one colour and nothing else: lines[n] */
    int32_t connection;             /* per empty cell a colour's shortest chain to its sides still needs */
    int32_t two_distance;           /* per step of a colour's two-distance potential to its sides */
    int32_t two_distance_cells;     /* per empty cell where that potential is at its least */
    int32_t corners;                /* per stone on a corner of the grid */
    int32_t stable;                 /* per stone no flip can ever turn */
} tv_eval;

/* What a play hook's move did, beside its effect on the cells. */
enum {
    TV_PLAYED_AGAIN = 1, /* the mover moves again */
    TV_PLAYED_LINE = 2   /* a stone it placed (tv_place) made a line that meets the goal */
};

struct tv_rules {
    char name[TV_NAME_MAX];        /* short name, e.g. "pahtum" */
    char title[TV_NAME_MAX];       /* display name, e.g. "Pahtum" */
    char description[TV_TEXT_MAX]; /* one line */
    char players[2][TV_NAME_MAX];  /* names of the two sides */
    int colours[2]; /* TV_COLOUR_* of the stones player 1 and player 2 start with */

    tv_board_kind board;
    tv_grid grid; /* a mancala board is a grid of holes x 2 */
    tv_sow sow;
    tv_blocks blocks;
    tv_move_kind moves;
    int swap_after; /* >0: after this many stones the next player may swap colours */
    tv_turns turns;
    tv_rotate rotate;
    tv_lines lines;
    tv_goal goal;
    tv_join join;
    tv_shapes shapes; /* Havannah's ring, bridge and fork */
    int ends;   /* TV_END_* mask */
    int target; /* > 0: a player whose score (captures) reaches this ends the game */
    int repetition; /* > 0: a position (board, side to move, variables) reached this many times ends the game
                       (1 is read as 2: any repetition; chess: 3) */
    int remainder;  /* TV_REMAINDER_*: seeds left on the board when the game ends */
    int max_plies;  /* 0: TV_DEFAULT_MAX_PLIES; else 1..TV_MAX_MAX_PLIES */
    tv_pieces pieces;
    tv_setup setup;
    int no_move_loses;  /* with TV_END_NO_MOVE: the player to move without a move loses */
    int pieces_left;    /* >= 0 with pieces: a player left with this many pieces or fewer loses; -1: no such rule */
    int no_progress;    /* > 0: this many plies in a row without a capture or a promotion is a draw */
    tv_custodial custodial; /* custodial capture after a move or a placement */
    tv_groups groups;       /* groups and liberties (Go) */
    tv_graph graph;         /* a board of points, links and lines */
    tv_mills mills;         /* placing, moving and flying men; a line removes an enemy man */
    int margin;         /* > 0, grids: a player whose score leads by this much wins */
    tv_hooks hooks;
    tv_flip flip;
    int most_pieces; /* winner = "most_pieces": the scores are the pieces each player has on the board */
    tv_vars vars;    /* game variables and hands (tv_vars.h) */
    int hook_max_moves; /* with a moves hook: the most moves it lists (0: TV_MAX_MOVES) */

    /* Derived by tv_rules_finish. */
    uint64_t id;     /* this process's number for these rules (> 0): caches derived from rules tell them apart by it */
    int family;      /* TV_FAMILY_*: the kind of move the kernel dispatches to (hooks over data_family) */
    int data_family; /* the family the description names without hooks */
    int ncells;
    int ply_cap;    /* the move limit in force (max_plies or the default) */
    int max_moves;  /* no position has more legal moves (TV_MAX_MOVES, or a pieces game's bound) */
    int cap_binds;  /* a game without hooks could reach ply_cap before its other ends */
    int state_size; /* bytes of one tv_state, rounded up to 8 */
    uint64_t zcell[TV_MAX_CELLS][TV_CELL_VALUES];
    /* Mancala track: the holes (and stores, as -1 for player 1's and -2 for
     * player 2's) in sowing order, and each hole's place on it. */
    int16_t nb[TV_MAX_CELLS][8]; /* grids: the neighbour in each compass direction, or -1 */
    uint8_t run[TV_MAX_CELLS][8]; /* grids: the steps from the cell in each direction before the edge */
    int track_len;
    int8_t track[2 * TV_MANCALA_MAX_HOLES + 2];
    int8_t track_pos[2 * TV_MANCALA_MAX_HOLES];
    tv_sow_laps laps;
    uint64_t zside, zswapped, zsetup;
    tv_eval eval; /* for search; read by lua/api/tv_api_eval.c */
};

/* Sets the defaults: no board, no scoring, no hooks. */
void tv_rules_init(tv_rules *r);

/* Checks the description for consistency and derives the rest (sizes,
 * Zobrist keys). Returns TV_OK or TV_ERULES with a message. */
int tv_rules_finish(tv_rules *r, tv_error *err);

/* For finished rules with a phase (pieces.phase_var): the rules of each
 * value v the variable can take, pieces.phase[v], each a copy of r (its own
 * id) whose generators of other values move no kind. TV_ENOMEM, or TV_OK
 * (nothing to do without a phase). tv_rules_free_phases frees them. */
int tv_rules_phases(tv_rules *r, tv_error *err);
void tv_rules_free_phases(tv_rules *r);

/* The colour of stone (TV_STONE1 or TV_STONE2) as drawn: the ruleset's, or
 * white and black by default. */
static inline int tv_stone_colour(const tv_rules *r, int stone)
{
    int i = stone == TV_STONE2, c = r->colours[i];
    return c > TV_COLOUR_DEFAULT && c < TV_COLOURS ? c : i ? TV_COLOUR_BLACK : TV_COLOUR_WHITE;
}

/* Whether the game keeps a score worth showing: line scoring, a mancala's
 * stores and captures, custodial captures, or a hook that may score (a score
 * hook, or a play hook that adds points). A k-in-a-row game's scores stay 0. */
static inline int tv_rules_scores(const tv_rules *r)
{
    return r->board == TV_BOARD_MANCALA || r->lines.dirs != 0 || r->hooks.score || r->hooks.play || r->most_pieces ||
           r->custodial.dirs != 0;
}

/* Points of the run-length table for a run of n stones. */
static inline int32_t tv_run_points(const tv_rules *r, int n) { return r->lines.points[n]; }

#endif
