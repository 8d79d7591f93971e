/* The hooks family: the ruleset's own moves hook (the legal moves) or play
 * hook (a move's effect, through the floor's cell writes), over the family
 * its description names (tv_family_data) for what the hooks do not say:
 * the moves or the effect left to data, the last cell, move text, action
 * ids. It has no fast path: the kernel's loop plays its playouts. */
#include "tv_family_hooks.h"

#include "tv_hmove_play.h"
#include "tv_lines.h"
#include "tv_movetext.h"
#include "tv_pieces.h"

/* A mancala player without a move passes when the rules say so (no_move =
 * "pass"), whether the moves come from sowing or from a moves hook. */
static int pass_when_stuck(const tv_rules *r) { return r->board == TV_BOARD_MANCALA && r->sow.pass; }

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    if (!r->hooks.moves)
        return tv_family_data(r)->moves(r, s, out, cap, err);
    int n = r->hooks.moves(r->hooks.ctx, r, s, out, cap, err);
    if (n == 0 && cap > 0 && pass_when_stuck(r))
        out[n++] = TV_MOVE_PASS;
    return n;
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    if (!r->hooks.moves)
        return tv_family_data(r)->count(r, s, err);
    tv_move out[TV_MOVES_LIMIT];
    return moves(r, s, out, r->max_moves, err);
}

static int check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (!r->hooks.moves)
        return tv_family_data(r)->check(r, s, m, err);
    tv_move list[TV_MOVES_LIMIT];
    int n = moves(r, s, list, r->max_moves, err);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return TV_OK;
    char why[TV_TEXT_MAX];
    int given = r->hooks.refuse ? r->hooks.refuse(r->hooks.ctx, r, s, m, why, (int)sizeof why, err) : 0;
    if (given < 0)
        return given;
    return tv_move_refuse(r, m, err, given ? why : "not among the legal moves");
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    if (!r->hooks.play)
        return tv_hmove_rules(r) && m >= 0 ? tv_hmove_apply(r, s, m, u, e, err)
                                           : tv_family_data(r)->apply(r, s, m, u, e, err);
    uint16_t quiet = s->quiet, stones = s->stones;
    int64_t scored = (int64_t)s->score[0] + s->score[1]; /* hook scores may be any int32 */
    int rc = r->hooks.play(r->hooks.ctx, r, s, m, u, err);
    if (rc < 0)
        return rc;
    e->again = (rc & TV_PLAYED_AGAIN) != 0;
    if (rc & TV_PLAYED_LINE) /* the goal holds after a hook's placements too */
        e->line_winner = tv_goal_winner(r, s->to_move);
    if (tv_hmove_rules(r) && (r->ends & TV_END_REACH) && m >= 0) { /* the piece the move landed */
        int to = tv_hmove_landing(r, m), colour = tv_colour_of(s, s->to_move);
        if (to >= 0 && tv_cell_is_piece(s->cells[to]) && tv_cell_colour(s->cells[to]) == colour &&
            tv_pieces_far(r, colour, to, 1))
            e->line_winner = s->to_move + 1;
    }
    /* Nothing left the board and nothing was scored: the position may come back. */
    s->quiet = s->stones == stones && (int64_t)s->score[0] + s->score[1] == scored ? (uint16_t)(quiet + 1) : 0;
    return TV_OK;
}

/* A moves hook with a pick converts only the move drawn; without one, the
 * moves are listed (through the hook when it lists them). */
static int random(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    if (r->hooks.pick) {
        int n = r->hooks.pick(r->hooks.ctx, r, s, rng, m, err);
        if (n != 0 || !pass_when_stuck(r))
            return n;
        tv_rng_below(rng, 1); /* as the listed moves' one move, the pass, is drawn */
        *m = TV_MOVE_PASS;
        return 1;
    }
    if (!r->hooks.moves && tv_family_data(r)->random)
        return tv_family_data(r)->random(r, s, rng, m, err);
    tv_move list[TV_MOVES_LIMIT];
    int n = moves(r, s, list, r->max_moves, err);
    if (n > 0)
        *m = list[tv_rng_below(rng, (uint32_t)n)];
    return n;
}

/* Whole moves (tv_hmove_play.h) have their own layout, text and ids; other
 * hooks move as the family below them. */
static int last_cell(const tv_rules *r, const tv_state *s)
{
    if (tv_hmove_rules(r))
        return s->last >= 0 ? tv_hmove_landing(r, s->last) : -1;
    return tv_family_data(r)->last_cell(r, s);
}

/* A whole move's start (a step, a chain, a take); a drop or a cell has none. */
static int last_from(const tv_rules *r, const tv_state *s)
{
    if (tv_hmove_rules(r))
        return tv_hmove_start(r, s->last);
    return tv_family_data(r)->last_from ? tv_family_data(r)->last_from(r, s) : -1;
}

static int text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    return tv_hmove_rules(r) ? tv_hmove_text(r, m, buf, size) : tv_family_data(r)->text(r, m, buf, size);
}

/* A moves hook's list is not the generator's: its text is read as typed.
 * A turn of several parts is a number only once the hook has listed it:
 * text without a state is the hook's own (it adds its turns), and a host's
 * turn not yet known is looked for again after the hook lists s's moves. */
static int parse(const tv_rules *r, const tv_state *s, const char *t, tv_move *m, tv_error *err)
{
    if (tv_hmove_rules(r)) {
        int rc = tv_hmove_parse(r, t, s == NULL, m, err);
        if (rc != TV_EILLEGAL || s == NULL || s->winner >= 0)
            return rc;
        tv_move list[TV_MOVES_LIMIT];
        int n = moves(r, s, list, r->max_moves, err);
        if (n < 0)
            return n;
        rc = tv_hmove_parse(r, t, 0, m, err);
        return rc == TV_EILLEGAL ? tv_error_set(err, rc, "%.80s: not among the legal moves", t) : rc;
    }
    return tv_family_data(r)->parse(r, r->hooks.moves ? NULL : s, t, m, err);
}

static int actions(const tv_rules *r)
{
    return tv_hmove_rules(r) ? tv_hmove_actions(r) : tv_family_data(r)->actions(r);
}
static int action_of(const tv_rules *r, tv_move m)
{
    return tv_hmove_rules(r) ? tv_hmove_action_of(r, m) : tv_family_data(r)->action_of(r, m);
}
static int move_of(const tv_rules *r, int a, tv_move *m)
{
    return tv_hmove_rules(r) ? tv_hmove_move_of(r, a, m) : tv_family_data(r)->move_of(r, a, m);
}

/* A moves hook may list "pass" or "swap" (lua/tv_hooks.c reads move text). */
static int passes(const tv_rules *r) { return r->hooks.moves || tv_family_data(r)->passes(r); }
static int swaps(const tv_rules *r) { return r->hooks.moves || tv_family_data(r)->swaps(r); }

const tv_family tv_family_hooks = {
    .id = TV_FAMILY_HOOKS,
    .moves = moves,
    .count = count,
    .check = check,
    .apply = apply,
    .last_cell = last_cell,
    .last_from = last_from,
    .text = text,
    .parse = parse,
    .actions = actions,
    .action_of = action_of,
    .move_of = move_of,
    .passes = passes,
    .swaps = swaps,
    .random = random,
    .playout = NULL,
};
