/* Whole moves of a moves hook (core/rules/tv_hmove.h has the layout): which
 * rules use them, what a move names (its cells), its text, its action id,
 * and the default effect when no play hook says another. The hooks family
 * (tv_family_hooks.c) calls these; the Lua side builds and decodes moves
 * with them. */
#ifndef TV_HMOVE_PLAY_H
#define TV_HMOVE_PLAY_H

#include <stddef.h>

#include "tv_family.h"
#include "tv_hmove.h"
#include "tv_hturns.h"

/* The parts of a whole move, decoded. */
typedef struct tv_hmove_parts {
    int shape;        /* TV_HMOVE_* */
    int from, to;     /* the cell (cells, drops: both), or the piece's first and last cell */
    int kind;         /* a drop's kind, a step's promotion, or -1 */
    int removed;      /* a take's removed cell, or -1 */
    int njumps;       /* chains: the jumps; path[0..njumps] the landings from `from`, over[0..njumps) */
    int path[TV_HMOVE_CHAIN_MAX + 1];
    int over[TV_HMOVE_CHAIN_MAX];
    int nparts;       /* a turn of several parts: part[0..nparts), each a whole move but no turn */
    tv_move part[TV_HTURN_PARTS];
} tv_hmove_parts;

/* Decodes m (not pass or swap) for r: TV_OK, or TV_EINVAL when m is no move
 * of the layout on this board (a cell off it, a kind it lacks, a chain that
 * leaves it) with the reason in err. */
int tv_hmove_decode(const tv_rules *r, tv_move m, tv_hmove_parts *p, tv_error *err);

/* Builds the move of parts p (shape, from, to, kind, removed, and for a
 * chain path[0..njumps]); TV_EINVAL with the reason when it has no whole
 * move (a chain of more than TV_HMOVE_CHAIN_MAX jumps, a landing that is not
 * two cells along a line, a take with a promotion). A turn (part[0..nparts))
 * is found in the table of turns, or added to it when `add` (a moves hook's
 * own turn): else TV_EILLEGAL, no hook having listed it. */
int tv_hmove_encode(const tv_rules *r, const tv_hmove_parts *p, int add, tv_move *m, tv_error *err);

/* The turn of parts[0..n) (2..TV_HTURN_PARTS whole moves, none a turn) as
 * tv_hmove_encode makes it; one part is that part. */
int tv_hmove_turn_of(const tv_rules *r, const tv_move *parts, int n, int add, tv_move *m, tv_error *err);

int tv_hmove_text(const tv_rules *r, tv_move m, char *buf, size_t size);
/* Reads move text (any case): "d4", "K@d4", "a1-a3", "e7-e8=Q", "a1xc1xe1",
 * "a1-a3xc5", "@a1xg7", and turns of several parts joined by '/'
 * ("d1-d7/g7"), found or added as tv_hmove_encode says. */
int tv_hmove_parse(const tv_rules *r, const char *text, int add, tv_move *m, tv_error *err);

/* The cell a move ends on (a chain's last landing, a step's `to`, a turn's
 * last part's), and the cell it starts from (a step's, a chain's or a
 * take's `from`, a turn's first part's; -1 for a cell or a drop). */
int tv_hmove_landing(const tv_rules *r, tv_move m);
int tv_hmove_start(const tv_rules *r, tv_move m);

/* The default effect of m when there is no play hook (or a play hook calls
 * s:apply(m)): a cell places the mover's stone as the description says; a
 * drop puts the mover's piece of that kind; a step moves the piece, taking
 * what stands on `to`, and promotes it; a chain takes each enemy piece it
 * jumps; a take then empties its removed cell. Then the description's
 * custodial capture around the landing. What the move names must be there
 * (the mover's piece on `from`, empty landings...), else TV_EHOOK naming the
 * move and the cell, the state untouched. */
int tv_hmove_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err);

/* Action ids: cells, drops, steps (by promotion), takes, chains, in that
 * order; the count, a move's id, an id's move. A turn of several parts has
 * none (TV_EINVAL): its number depends on what the hook listed before. */
int tv_hmove_actions(const tv_rules *r);
int tv_hmove_action_of(const tv_rules *r, tv_move m);
int tv_hmove_move_of(const tv_rules *r, int a, tv_move *m);

#endif
