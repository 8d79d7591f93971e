/* The mills family (tv_mills.h): a man placed from the hand, moved along a
 * link or flown, with the enemy man it removes when it completes a line, as
 * one move. The hands are the state's (game.hands), so the position string
 * and the hash carry them and an undo restores them. The game ends by the
 * end rules: a side left with pieces_left men or fewer, board and hand
 * (tv_end_pieces_lost), or without a move, loses. */
#include "tv_family_mills.h"

#include "tv_graph_rules.h"
#include "tv_mills.h"
#include "tv_movetext.h"
#include "tv_vars_state.h"

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    return tv_mills_moves(r, s, out, cap, err);
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    (void)err;
    return tv_mills_any(r, s);
}

/* Why m, which no legal move is, is refused: the first rule it breaks. */
static int refuse(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    int colour = tv_colour_of(s, s->to_move), from = tv_mills_from(m), to = tv_mills_to(m), taken = tv_mills_taken(m);
    int hand = r->vars.hands ? tv_hand_get(r, s, s->to_move, 0) : 0;
    int flies = !hand && r->mills.fly && s->owned[colour - 1] <= r->mills.fly;
    const char *why = "not a legal move";
    if (to >= r->ncells || !r->graph.point[to])
        why = "the man would go to a cell that is not a point";
    else if (from < 0 && !hand)
        why = "no man is left in hand: a man moves (from-to)";
    else if (from >= 0 && hand)
        why = "men are still in hand: one is placed first";
    else if (from >= 0 && (from >= r->ncells || s->cells[from] != colour))
        why = "the man moved is not one of the mover's";
    else if (s->cells[to] != TV_EMPTY)
        why = "the point is not empty";
    else if (from >= 0 && !flies && !tv_graph_linked(r, from, to))
        why = "a man moves along a link to the next point (it flies only when its side is down to the fly count)";
    else if (taken < 0)
        why = "the man completes a line: the move names the enemy man it removes (d3xf4)";
    else if (!tv_mills_makes_line(r, s->cells, to, from, colour))
        why = "a man is removed only by a move that completes a line";
    else if (taken >= r->ncells || s->cells[taken] != (colour ^ 3))
        why = "the man removed is not the enemy's";
    else
        why = "that enemy man is in a line, and another is not";
    return tv_move_refuse(r, m, err, why);
}

static int check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    tv_move all[TV_MOVES_LIMIT];
    int n = tv_mills_moves(r, s, all, r->max_moves < TV_MOVES_LIMIT ? r->max_moves : TV_MOVES_LIMIT, err);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++)
        if (all[i] == m)
            return TV_OK;
    return refuse(r, s, m, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    (void)e; /* its ends are end rules: a position read ends as the move did */
    return tv_mills_apply(r, s, m, u, err);
}

static int last_cell(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return s->last >= 0 ? tv_mills_to(s->last) : -1;
}

static int text(const tv_rules *r, tv_move m, char *buf, size_t size) { return tv_mills_text(r, m, buf, size); }

static int parse(const tv_rules *r, const tv_state *s, const char *t, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_mills_parse(r, t, m, err);
}

/* Action ids: ((from + 1) * cells + to) * (cells + 1) + taken + 1, the
 * order tv_mills_moves lists them in. */
static int actions(const tv_rules *r) { return (r->ncells + 1) * r->ncells * (r->ncells + 1); }

static int action_of(const tv_rules *r, tv_move m)
{
    int n = r->ncells, from = tv_mills_from(m), to = tv_mills_to(m), taken = tv_mills_taken(m);
    if (m < 0 || from >= n || to >= n || taken >= n)
        return TV_EINVAL;
    return ((from + 1) * n + to) * (n + 1) + taken + 1;
}

static int move_of(const tv_rules *r, int a, tv_move *m)
{
    int n = r->ncells;
    if (a < 0 || a >= actions(r))
        return TV_EINVAL;
    *m = tv_mills_move(a / (n + 1) / n - 1, a / (n + 1) % n, a % (n + 1) - 1);
    return TV_OK;
}

const tv_family tv_family_mills = {
    .id = TV_FAMILY_MILLS,
    .moves = moves,
    .count = count,
    .check = check,
    .apply = apply,
    .last_cell = last_cell,
    .text = text,
    .parse = parse,
    .actions = actions,
    .action_of = action_of,
    .move_of = move_of,
    .passes = tv_family_never,
    .swaps = tv_family_never,
};
