/* The game interface on states: start position, legal moves, play, undo,
 * results, and (through the headers included at the end) random playouts and
 * move text. Everything above the rules (CLI, players, plugin) drives a game
 * through these calls. A rejected move leaves the state exactly as it was. */
#ifndef TV_PLAY_H
#define TV_PLAY_H

#include <stddef.h>
#include <string.h>

#include "tv_rules.h"
#include "tv_rng.h"

/* Fills s (r->state_size bytes) with the start position; random setup such as
 * random blocks is drawn from seed. */
int tv_state_new(const tv_rules *r, uint64_t seed, tv_state *s, tv_error *err);

static inline void tv_state_copy(const tv_rules *r, tv_state *dst, const tv_state *src)
{
    memcpy(dst, src, (size_t)r->state_size);
}

/* Legal moves of s into out[0..cap), cap >= r->max_moves is always enough
 * (a smaller cap may get the first cap moves only, or TV_ELIMIT).
 * Returns the count (0 when the game is over) or an error code. */
int tv_legal_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err);

/* tv_legal_moves in a game whose positions so far are hist[0..nhist)
 * (tv_history_key's, the last being s; NULL: none known): under positional
 * superko (Go's option) without the stones that would recreate one of them.
 * Every list made where a history is known (a game, a search's path, a
 * playout, perft's path) is made here, so that it is what tv_play_hist with
 * that history accepts. */
int tv_legal_moves_hist(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, tv_move *out, int cap,
                        tv_error *err);

/* TV_OK when m is legal in s, else TV_EILLEGAL with the reason. */
int tv_check_move(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* Plays m. u (may be NULL) receives what tv_unplay needs to take it back. */
int tv_play(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err);

/* tv_play with the repetition rule: hist[0..nhist) are the keys
 * (tv_history_key) of the positions of the game so far, the last one being
 * s before the move. A position that repeats one of them ends the game when
 * the rules say so; under positional superko a stone that recreates one of
 * their boards is refused (TV_EILLEGAL, s unchanged). tv_play is this with
 * no history (repetition never ends the game, superko is not looked for). */
int tv_play_hist(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist,
                 int nhist, tv_error *err);

/* tv_play_hist for a move of tv_legal_moves(r, s) itself (search, perft):
 * not looked for in the legal moves again, but for a hook's family, whose
 * list is checked as it is played. A move from anywhere else (a host, a
 * player, a record) goes through tv_play_hist. */
int tv_play_listed(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist, int nhist,
                   tv_error *err);

/* tv_play_listed in two halves, for a caller that lists the next mover's
 * moves anyway (perft), where tv_play_splits(r): no hook, no superko, so
 * the moves listed between the halves are those of the position the end
 * rules then judge, and their count stands for the rules' own. First the
 * move's effect and hand-over (*line_winner kept for the second half; u
 * receives the undo record); then the end rules with the mover's legal moves
 * counted on the state between the halves (TV_END_COUNT: counted there, as
 * tv_play_listed does). When the second half fails, the caller takes the
 * move back (tv_unplay). */
int tv_play_splits(const tv_rules *r);
int tv_play_effect(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err);
int tv_play_settle(const tv_rules *r, tv_state *s, int line_winner, const uint64_t *hist, int nhist, int nmoves,
                   tv_error *err);

/* The primitives of a ruleset's own move effect (a play hook): cell writes
 * that keep the hash, the undo record and the counts (tv_cells.h), placing
 * a stone with its effects (tv_place.h). */
#include "tv_cells.h"
#include "tv_place.h"

/* The cell the last move put a stone on, or -1 (none, or not a stone);
 * the cell it moved a piece from, or -1 (a placement, a special move). */
int tv_last_cell(const tv_rules *r, const tv_state *s);
int tv_last_from(const tv_rules *r, const tv_state *s);

#include "tv_movetext.h"
#include "tv_playout.h"

#endif
