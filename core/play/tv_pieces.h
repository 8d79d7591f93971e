/* Pieces that move (TV_MOVES_PIECES): the legal moves of a position from the
 * game's generators (step, slide, jump chains, line counts, leaps), the capture rule, promotion,
 * and the effect of one move, a whole turn. Moves are laid out as tv_pmove.h
 * says. Nothing here allocates; every loop is bounded by the board, the
 * generators and the longest chain (tv_pieces.chain_max). */
#ifndef TV_PIECES_H
#define TV_PIECES_H

#include "tv_error.h"
#include "tv_pieces_special.h"
#include "tv_pmove.h"
#include "tv_royal.h"
#include "tv_rules.h"
#include "tv_vars_state.h"

/* The rules whose generators move the pieces in s: r itself, or with a
 * phase (generators with `when`) the rules of the value the phase's
 * variable holds for the player to move (tv_rules_phases). */
static inline const tv_rules *tv_pieces_phase(const tv_rules *r, const tv_state *s)
{
    if (!r->pieces.phase_var)
        return r;
    int v = tv_var_get(r, s, r->pieces.phase_var - 1, s->to_move);
    return v >= 0 && v < 32 && r->pieces.phase[v] ? r->pieces.phase[v] : r;
}

/* The legal moves of s into out[0..cap) (at most r->max_moves are looked
 * for); returns their count, or TV_ELIMIT when a position has more. */
int tv_pieces_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err);

/* One line of a piece's moves, in the generators' order: a step (reach 1)
 * or a slide (reach = its max) along dir, with what it may end on as two
 * bits per low two bits of the cell (0 no, 1 a move, 2 a capture); reach 0:
 * generator gen is a line count or a leap (tv_pieces_line.h). */
typedef struct tv_pieces_ray {
    int8_t dir, reach, gen;
    uint8_t land;
} tv_pieces_ray;

#define TV_PIECES_STEP_SETS 16 /* a kind with at most this many steps and nothing else: a stepper */
#define TV_PIECES_WORDS ((TV_MAX_CELLS + 63) / 64) /* a set of cells past 64: cell c is bit c % 64 of word c / 64 */

/* What the generator derives from the rules for one colour of mover, the
 * same in every position: each kind's rays (ray[first[k]], nrays[k] of
 * them), its jump generators (bit i: gen[i]) and their directions; on a
 * board of at most 64 cells (small), each direction's shift and the cells
 * that have a neighbour that way, for bit sets of the steps and jumps; on a
 * larger one with a stepper (wide), the same cells as sets of `words` words
 * (wvalid) and where each stepper's rays begin among all steppers' rays
 * (step_first; step_rays in all). With neither, the generator walks each
 * piece's rays (a test may clear both to compare). A flat value: a playout
 * keeps one per colour. */
typedef struct tv_pieces_plan {
    int colour, me, nkinds, small;
    uint16_t first[TV_MAX_KINDS], jumping[TV_MAX_KINDS];
    uint8_t nrays[TV_MAX_KINDS], stepper[TV_MAX_KINDS];
    uint8_t jump_dirs[TV_MAX_KINDS], jump_own[TV_MAX_KINDS]; /* the directions of jumps over an enemy, an own piece */
    int16_t delta[8];                                /* by direction, in cell numbers (any board) */
    int8_t step_delta[TV_MAX_KINDS][TV_PIECES_STEP_SETS]; /* by a stepper's ray (small and wide boards) */
    uint64_t board, valid[8], valid2[8]; /* valid2: two cells that way */
    tv_pieces_ray ray[TV_MAX_KINDS * TV_MAX_GENS * 8];
    tv_attack_plan attacks; /* with royal kinds: how the enemy attacks (tv_royal.h) */
    /* wide boards; last, so that the small boards' fields keep their places */
    int wide, words, step_rays;
    uint8_t step_first[TV_MAX_KINDS];
    uint64_t wvalid[8][TV_PIECES_WORDS];
} tv_pieces_plan;

/* The plan of the mover of `colour` (TV_STONE1/2). */
void tv_pieces_plan_for(const tv_rules *r, int colour, tv_pieces_plan *p);

/* Counted steps, for a playout's draw: when tv_pieces_counted(r, p) (one
 * kind that only steps, a board of 64 cells or fewer, captures free, no
 * chess family), the mover's moves are the sets src[i] of the pieces that
 * step along ray i of p (tv_pieces_step_sets returns their count, and the
 * enemy's cells), and tv_pieces_step_pick gives the move at index k of
 * tv_pieces_moves' list without listing it. */
int tv_pieces_counted(const tv_rules *r, const tv_pieces_plan *p);
int tv_pieces_step_sets(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, uint64_t *src,
                        uint64_t *enemies);
tv_move tv_pieces_step_pick(const tv_pieces_plan *p, const uint64_t *src, uint64_t enemies, int k);

/* tv_pieces_moves into out[0..r->max_moves) with the plan of s's mover. */
int tv_pieces_moves_planned(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, tv_move *out,
                            tv_error *err);

/* 1 when the player to move in s has a legal move, 0 when not, or an error
 * code: the search stops at the second move found. */
int tv_pieces_any(const tv_rules *r, const tv_state *s, tv_error *err);

/* TV_OK when m is legal in s, else TV_EILLEGAL with the reason, as
 * "a2-a3: a capture is mandatory here". */
int tv_pieces_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* Plays the legal move m (cells, hash, counts; the undo record when u is not
 * NULL; not the side, ply or last move). Returns 1 when the moved piece ended
 * on the mover's far row, 0 otherwise, or an error code. *progress says
 * whether it captured or promoted. */
int tv_pieces_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err);

/* The cells a move visits: from, each landing, the last; returns their count
 * (1 + jumps, or 2), or -1 when m is no piece move of these rules. A shot's
 * path is the piece's (from, to); its arrow is tv_pieces_arrow's. */
int tv_pieces_path(const tv_rules *r, tv_move m, int *cells, int size);

/* The cell the arrow of shot m lands on, or -1 when m shoots none. */
int tv_pieces_arrow(const tv_rules *r, tv_move m);

/* Whether m is a chain of jumps in r's layout (tv_pmove.h: a game with
 * special moves has none, and uses those numbers for them). */
static inline int tv_pieces_is_chain(const tv_rules *r, tv_move m)
{
    return tv_pmove_is_chain(m) && !r->pieces.special;
}


#endif
