/* A family of moves: one struct of functions per kind of move (place, drop,
 * rotate, flip, pieces, sow, and the hooks over them), like tv_engine for the
 * players and tavola_api for the hosts. tv_rules_finish chooses a game's
 * family once (r->family, core/rules/tv_family_id.h); the kernel
 * (tv_play.c), move text, random playouts and action ids call it through
 * tv_family_of and never branch on the kind of move themselves.
 *
 * A family's functions see only the floor below them (tv_cells.h: cell
 * writes and hashing; tv_end.h: the hand-over and the end rules; the board
 * geometry and bit helpers of core/board) and their own primitives, never
 * the kernel. Adding one: CONTRIBUTING.md, "Adding a move family". */
#ifndef TV_FAMILY_H
#define TV_FAMILY_H

#include <stddef.h>

#include "tv_rng.h"
#include "tv_rules.h"

/* What a move did beside its cells, for the hand-over and the end rules. */
typedef struct tv_effect {
    int line_winner; /* the player (1, 2) whose move made the goal (a line, a connection, the far
                        row), 0 both (a rotation), -1 none */
    int again;       /* the mover moves again (a store, a turn of several stones, a hook's say) */
} tv_effect;

/* A playout fast path's answer when these rules are not its case (hooks, a
 * repetition rule it does not keep...): the kernel's loop plays instead. */
#define TV_PLAYOUT_DECLINED 2
/* A playout stopped by its halt function (tv_playout.h), the game not over. */
#define TV_PLAYOUT_HALTED 1

typedef struct tv_family {
    int id; /* TV_FAMILY_* */
    /* Legal moves of s (ongoing) into out[0..cap); the count or an error code. */
    int (*moves)(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err);
    /* For the no-move rule: 0 when the player to move has no move, more when
     * it has (not always the count), or an error code. */
    int (*count)(const tv_rules *r, const tv_state *s, tv_error *err);
    /* TV_OK when m is legal in s (ongoing), else TV_EILLEGAL naming m and why. */
    int (*check)(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);
    /* The effect of the legal move m on the cells (through tv_cells.h, with
     * the undo record u when not NULL) and scores; not the turn. */
    int (*apply)(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err);
    /* The cell the last move of s (not a special move) ended on, or -1;
     * the cell it left (a piece's or a man's move), or -1 (NULL: none). */
    int (*last_cell)(const tv_rules *r, const tv_state *s);
    int (*last_from)(const tv_rules *r, const tv_state *s);
    /* A move (not pass or swap) as text, snprintf-like; parse it back (s,
     * when not NULL, resolves a shorthand against the legal moves). */
    int (*text)(const tv_rules *r, tv_move m, char *buf, size_t size);
    int (*parse)(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err);
    /* Action ids (plugin/lib/tv_actions.c): how many the board's moves take,
     * a move's id (TV_EINVAL when it has none), an id's move. */
    int (*actions)(const tv_rules *r);
    int (*action_of)(const tv_rules *r, tv_move m);
    int (*move_of)(const tv_rules *r, int a, tv_move *m);
    /* Whether a move of these rules can be a pass (a hook, a sowing or
     * flipping player without a move) or a swap. */
    int (*passes)(const tv_rules *r);
    int (*swaps)(const tv_rules *r);
    /* One legal move drawn uniformly, as moves[tv_rng_below(rng, n)] of the
     * listed moves would be (the same random numbers), without listing them
     * all where the family can (shots); NULL: listed. Returns n, 0 (no move)
     * or an error code. */
    int (*random)(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err);
    /* The random-playout fast path, or NULL; it may answer
     * TV_PLAYOUT_DECLINED. Same game as the kernel's, number for number. */
    int (*playout)(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err);
    /* A host's loop at the playout's speed (tv_game.c): the fast path's
     * structures (its empty cells, chains, union-finds) kept from ply to ply
     * while a game moves only by the moves they drew, instead of the
     * kernel's lists and scans rebuilt each ply. keep_size(r) bytes (NULL:
     * none).
     * keep_fits: whether these rules are the fast path's case (no hooks; no
     * superko, which changes the moves...), asked once a game. keep_start builds the
     * structures of s (ongoing), or answers TV_PLAYOUT_DECLINED when s is
     * not the fast path's case now (an opening phase): the kernel plays that
     * ply. keep_draw draws as random() would (the same count, move and
     * random numbers); keep_play plays the move keep_draw just drew and ends
     * in the state the kernel's tv_play_listed would, the structures
     * following (tests/games/test_playout.c holds both to it). Its
     * hist[0..nhist) are the game's positions before the move, oldest
     * first (tv_history_key, as tv_play_hist takes them): a family whose
     * repetition rule only ends games (pieces, sowing) keeps their structures
     * under it too. */
    size_t (*keep_size)(const tv_rules *r);
    int (*keep_fits)(const tv_rules *r);
    int (*keep_start)(const tv_rules *r, const tv_state *s, void *keep, tv_error *err);
    int (*keep_draw)(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err);
    int (*keep_play)(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err);
} tv_family;

/* The table, by TV_FAMILY_* (tv_families.c). */
extern const tv_family *const tv_families[TV_FAMILIES];

static inline const tv_family *tv_family_of(const tv_rules *r) { return tv_families[r->family]; }

/* The family below the hooks: the one the description names. */
static inline const tv_family *tv_family_data(const tv_rules *r) { return tv_families[r->data_family]; }

/* Whether any hook runs (a hook may fail half-way: the kernel keeps a way back). */
static inline int tv_family_hooked(const tv_rules *r)
{
    return r->hooks.moves || r->hooks.score || r->hooks.ends || r->hooks.play;
}

/* ---- shared by families whose moves are cells -------------------------- */

/* Action ids that are the board's cells (a hole, a cell). */
static inline int tv_family_cells(const tv_rules *r) { return r->ncells; }
static inline int tv_family_cell_action(const tv_rules *r, tv_move m) { return m >= 0 && m < r->ncells ? m : TV_EINVAL; }
/* An id that is the move itself (cells, columns). */
static inline int tv_family_action_move(const tv_rules *r, int a, tv_move *m)
{
    (void)r;
    *m = a;
    return TV_OK;
}
/* For passes and swaps: never. */
static inline int tv_family_never(const tv_rules *r)
{
    (void)r;
    return 0;
}

#endif
