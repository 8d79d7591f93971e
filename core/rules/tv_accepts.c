#include "tv_accepts.h"

#include "tv_hmove.h"

/* ---- what a description has ------------------------------------------------ */

static int has_move(const tv_rules *r) { return r->moves == TV_MOVES_PIECES; }
static int has_drop(const tv_rules *r) { return r->moves == TV_MOVES_DROP; }
static int has_flips(const tv_rules *r) { return r->flip.dirs != 0; }
static int has_rotate(const tv_rules *r) { return r->rotate.side != 0; }
static int has_hex(const tv_rules *r) { return r->grid.hex != 0; }
static int has_listed_blocks(const tv_rules *r) { return r->blocks.mode == TV_BLOCKS_LIST; }
static int has_random_blocks(const tv_rules *r) { return r->blocks.mode == TV_BLOCKS_RANDOM; }
static int has_placed_blocks(const tv_rules *r) { return r->blocks.mode == TV_BLOCKS_PLACED; }
static int has_setup(const tv_rules *r) { return r->setup.given != 0; }
static int has_swap(const tv_rules *r) { return r->swap_after != 0; }
static int has_stones(const tv_rules *r) { return r->turns.first > 1 || r->turns.later > 1; }
static int has_opening(const tv_rules *r) { return r->turns.opening != TV_OPENING_NONE; }
static int has_runs(const tv_rules *r) { return r->lines.dirs != 0; }
static int has_line(const tv_rules *r) { return r->goal.length != 0; }
static int has_misere(const tv_rules *r) { return r->goal.loses || r->goal.any; }
static int has_connect(const tv_rules *r) { return r->join.sides[0] || r->join.sides[1]; }
static int has_custodial(const tv_rules *r) { return r->custodial.dirs != 0; }
static int has_most_pieces(const tv_rules *r) { return r->most_pieces != 0; }
static int has_margin(const tv_rules *r) { return r->margin > 0; }
static int has_kinds(const tv_rules *r) { return r->pieces.nkinds != 0; }
static int has_pass(const tv_rules *r) { return r->flip.pass != 0; }
static int has_groups(const tv_rules *r) { return r->groups.on != 0; }
static int has_shapes(const tv_rules *r) { return r->shapes.ring || r->shapes.bridge || r->shapes.fork; }
static int has_no_move_loses(const tv_rules *r) { return r->no_move_loses != 0; }
static int has_mills(const tv_rules *r) { return r->mills.on != 0; }
static int has_graph(const tv_rules *r) { return r->graph.on != 0; }

/* Generators, and the ends that read pieces: what a move { } game adds. */
static int has_piece_rules(const tv_rules *r)
{
    return r->pieces.ngens || r->no_progress || (r->ends & (TV_END_REACH | TV_END_CONNECTED));
}
static int has_pieces_left(const tv_rules *r) { return r->pieces_left >= 0; }

/* ---- the matrix -------------------------------------------------------------- */

#define F(x) (1u << TV_FAMILY_##x)
#define F_ALL ((1u << TV_FAMILIES) - 1)

/* One row per feature: its name, whether r has it, the families that take
 * it, and why the others do not. The first four name a family themselves
 * (tv_rules.c choose_family), and a description naming two has the first
 * of sow, pieces, flip, rotate, drop: flips with move { } is the pieces
 * family, which does not take the flips. A row accepts HOOKS where the
 * feature still works when a moves or play hook makes the moves. */
static const tv_accepts_row rows[] = {
    {"move { }", has_move, F_ALL & ~(F(SOW) | F(GROUPS)), "pieces move between the cells of a grid"},
    {"mills { }", has_mills, F(MILLS),
     "the mills family lists and plays the men placed, moved and flown with their removals, and nothing else does"},
    {"graph board", has_graph, F(MILLS),
     "its points are joined by links, which only the mills family's men move along"},
    {"groups { }", has_groups, F(GROUPS),
     "the groups family lists and plays the placements that keep or take liberties, and nothing else does"},
    {"drop { }", has_drop, F_ALL & ~(F(FLIP) | F(ROTATE)),
     "a dropped stone falls to its column's lowest empty cell, not on the cell a flip or a turn is played from"},
    {"flips", has_flips, F(FLIP), "the flip family lists and plays the placements that flip, and nothing else does"},
    {"rotate", has_rotate, F(ROTATE),
     "the rotate family lists and plays the placements and turns, and nothing else does"},
    {"hex board", has_hex, F(PLACE) | F(HOOKS),
     "only stones placed on cells (place { }) fit it; drops, flips, turned blocks and moving pieces need a square "
     "grid"},
    {"blocks = { cells }", has_listed_blocks, F_ALL & ~(F(DROP) | F(ROTATE) | F(SOW)),
     "a blocked cell stays where it is: dropped stones would fall past it, a turned block would move it, and holes "
     "hold seeds"},
    /* Flips need a setup, and a setup with random blocks is refused as a
     * pair (tv_rules.c check_setup), with its own words. */
    {"blocks = { random }", has_random_blocks, F(PLACE) | F(FLIP) | F(HOOKS),
     "a blocked cell stays where it is (as listed blocks), and a game whose pieces move starts from its setup alone"},
    {"blocks = { placed }", has_placed_blocks, F(PLACE) | F(HOOKS),
     "the players place blocks on empty cells before the first stone, as stones are placed"},
    {"setup", has_setup, F(PIECES) | F(FLIP) | F(HOOKS), "a start position is for games whose pieces move or flip"},
    {"swap_after", has_swap, F(PLACE) | F(DROP) | F(HOOKS),
     "the second player takes over the first stones placed or dropped, which nothing else turns or moves"},
    {"stones", has_stones, F(PLACE) | F(DROP),
     "several stones a turn are the engine's turns: for place { ... } and drop { ... } without flips, moves or play "
     "hooks"},
    {"opening", has_opening, F(PLACE),
     "an opening rule is the engine's turns: for place { ... } without flips, rotations, moves or play hooks"},
    {"runs", has_runs, F(PLACE) | F(DROP) | F(HOOKS),
     "scored as each stone is placed, on a grid whose stones never turn or move"},
    {"line", has_line, F(PLACE) | F(DROP) | F(ROTATE) | F(HOOKS),
     "the goal is looked for around each stone placed; flips and moving pieces make lines elsewhere, holes none"},
    {"line { loses, colours = 'any' }", has_misere, F_ALL & ~F(ROTATE),
     "a turned block can make lines of both colours at once"},
    {"connect", has_connect, F(PLACE) | F(FLIP) | F(HOOKS),
     "the connection goal is for stones placed on a grid (not dropped, turned, moved or sown)"},
    {"shapes", has_shapes, F(PLACE) | F(HOOKS),
     "rings, bridges and forks are looked for around each stone placed, which nothing else moves or takes"},
    {"custodial", has_custodial, F(PLACE) | F(PIECES) | F(HOOKS),
     "a capture takes stones placed or pieces moved on a grid: dropped stones would float, flips and turns move "
     "stones too"},
    {"winner most_pieces", has_most_pieces, F_ALL & ~(F(SOW) | F(GROUPS)), "the scores are the pieces on a grid"},
    {"margin", has_margin, F_ALL & ~F(SOW),
     "a lead in the score ends a game on a grid; a mancala's scores are its stores"},
    {"kinds of pieces", has_kinds, F_ALL & ~(F(FLIP) | F(GROUPS)),
     "a flip turns a stone to the other colour, and a piece of a kind is no stone"},
    {"pieces", has_piece_rules, F(PIECES) | F(HOOKS), "generators and piece ends need moves = move { ... }"},
    {"pieces_left", has_pieces_left, F(PIECES) | F(MILLS) | F(HOOKS),
     "a side is left with few pieces where pieces are taken: moves = move { ... } or mills { ... }"},
    {"no_move = 'loses'", has_no_move_loses, F(PIECES) | F(GROUPS) | F(MILLS) | F(HOOKS),
     "where every empty cell takes a stone, a player has a move until the board is full"},
    {"no_move = 'pass'", has_pass, F(FLIP) | F(SOW) | F(HOOKS), "on a grid, passing is for a player who cannot flip"},
};

#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/* The family's word in a ruleset, then what its move is: the flip and
 * rotate families take place { } alone. */
static const char *const family_is[TV_FAMILIES] = {
    [TV_FAMILY_PLACE] = "place: a stone on any empty cell",
    [TV_FAMILY_DROP] = "drop: a stone that falls to the lowest empty cell of a column",
    [TV_FAMILY_ROTATE] = "rotate: for place { ... } alone, a stone then a block of the board turned",
    [TV_FAMILY_FLIP] = "flips: a placement that flips needs a grid and place {} alone",
    [TV_FAMILY_PIECES] = "move: pieces that step, slide, jump or leap on a grid, from a setup",
    [TV_FAMILY_SOW] = "mancala: seeds sown from hole to hole",
    [TV_FAMILY_GROUPS] = "groups: a stone on an empty cell that takes groups left without a liberty (Go)",
    [TV_FAMILY_MILLS] = "mills: men placed, moved and flown on a graph board; a line made removes an enemy man",
    [TV_FAMILY_HOOKS] = "hooks: the ruleset's moves or play hook makes the moves",
};

int tv_accepts_count(void) { return NROWS; }

const tv_accepts_row *tv_accepts_row_at(int i) { return i >= 0 && i < NROWS ? &rows[i] : NULL; }

const char *tv_accepts_family_is(int family)
{
    return family >= 0 && family < TV_FAMILIES ? family_is[family] : family_is[TV_FAMILY_HOOKS];
}

/* The family that does not accept row w's feature in r, or -1. */
static int refuser(const tv_accepts_row *w, const tv_rules *r)
{
    if (tv_hmove_rules(r) && (w->families & F(HOOKS)))
        return -1; /* the hook's whole moves move pieces, from a start position */
    if (!(w->families & 1u << r->data_family))
        return r->data_family;
    if (r->family == TV_FAMILY_HOOKS && !(w->families & F(HOOKS)))
        return TV_FAMILY_HOOKS;
    return -1;
}

int tv_accepts_check(const tv_rules *r, tv_error *err)
{
    for (int i = 0; i < NROWS; i++) {
        int by = rows[i].has(r) ? refuser(&rows[i], r) : -1;
        if (by >= 0)
            return tv_error_set(err, TV_ERULES, "%s: %s (not for the %s family; %s)", rows[i].name, rows[i].why,
                                tv_family_info_of(by)->name, family_is[by]);
    }
    return TV_OK;
}
