/* Placing a stone (tv_place.h). */
#include "tv_place.h"

#include "tv_movetext.h"

int tv_place_colour(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int colour, int owner, tv_error *err)
{
    if (r->board != TV_BOARD_GRID || cell < 0 || cell >= r->ncells || s->cells[cell] != TV_EMPTY)
        return tv_error_set(err, TV_EILLEGAL, "place: cell %d is not an empty cell", cell + 1);
    int rc = tv_state_set(r, s, u, cell, colour, err);
    return rc ? rc : tv_place_effects(r, s, u, cell, owner, NULL, NULL, NULL, NULL, err);
}

int tv_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, tv_error *err)
{
    return tv_place_colour(r, s, u, cell, tv_colour_of(s, s->to_move), s->to_move, err);
}

int tv_place_check_cell(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (m < 0 || m >= r->ncells)
        return tv_move_refuse(r, m, err, "not a move of this game");
    if (s->cells[m] == TV_BLOCK)
        return tv_move_refuse(r, m, err, "the cell is blocked");
    if (s->cells[m] != TV_EMPTY)
        return tv_move_refuse(r, m, err, "the cell is occupied");
    return TV_OK;
}
