/* Turns of several stones and the opening rules (tv_turns.h). */
#include "tv_turns.h"

#include <stdlib.h>

#include "tv_place.h"

int tv_turns_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int *again, tv_error *err)
{
    int colour = tv_turns_colour_at(r, s->stones), stones = s->stones;
    int owner = tv_colour_of(s, 0) == colour ? 0 : 1;
    int made = tv_place_colour(r, s, u, cell, colour, owner, err);
    *again = tv_turns_again(r, stones);
    /* a line of any colour (goal.any) is the mover's, as every line is there */
    return made == 1 ? (r->goal.any ? s->to_move : owner) + 1 : made;
}

/* Pro: the distance (in kings' steps) from the centre. */
static int from_centre(const tv_rules *r, int cell)
{
    int w = r->grid.width, h = r->grid.height;
    int dc = abs(cell % w - (w - 1) / 2), dr = abs(cell / w - (h - 1) / 2);
    return dc > dr ? dc : dr;
}

int tv_turns_allows(const tv_rules *r, const tv_state *s, int cell)
{
    if (r->turns.opening != TV_OPENING_PRO)
        return 1;
    if (s->stones == 0)
        return from_centre(r, cell) == 0;
    return s->stones != 2 || from_centre(r, cell) >= TV_PRO_DISTANCE;
}

int tv_turns_check(const tv_rules *r, const tv_state *s, int cell, tv_error *err)
{
    if (tv_turns_allows(r, s, cell))
        return TV_OK;
    char name[8], centre[8];
    tv_grid_cell_name(&r->grid, cell, name, sizeof name);
    tv_grid_cell_name(&r->grid, (r->grid.height - 1) / 2 * r->grid.width + (r->grid.width - 1) / 2, centre,
                      sizeof centre);
    if (s->stones == 0)
        return tv_error_set(err, TV_EILLEGAL, "%s: the first stone goes on the centre, %s (the Pro opening)", name,
                            centre);
    return tv_error_set(err, TV_EILLEGAL,
                        "%s: the first player's second stone goes at least %d cells from the centre %s, outside the "
                        "central %dx%d (the Pro opening)",
                        name, TV_PRO_DISTANCE, centre, 2 * TV_PRO_DISTANCE - 1, 2 * TV_PRO_DISTANCE - 1);
}

int tv_turns_board_check(const tv_rules *r, const uint8_t *cells, tv_error *err)
{
    if (r->turns.opening != TV_OPENING_PRO)
        return TV_OK;
    int x = 0, centre = (r->grid.height - 1) / 2 * r->grid.width + (r->grid.width - 1) / 2, far = 0;
    for (int c = 0; c < r->ncells; c++)
        if (cells[c] == TV_STONE1) {
            x++;
            far |= from_centre(r, c) >= TV_PRO_DISTANCE;
        }
    char name[8];
    tv_grid_cell_name(&r->grid, centre, name, sizeof name);
    if (x >= 1 && cells[centre] != TV_STONE1)
        return tv_error_set(err, TV_EINVAL, "position: the first stone is not on the centre %s (the Pro opening)", name);
    if (x >= 2 && !far)
        return tv_error_set(err, TV_EINVAL,
                            "position: no stone of the first player's but the centre's is %d cells or more from the "
                            "centre %s, where the second goes (the Pro opening)",
                            TV_PRO_DISTANCE, name);
    return TV_OK;
}

int tv_turns_side(const tv_rules *r, int stones, int swapped)
{
    return (tv_turns_of(r, stones) & 1) ^ (swapped ? 1 : 0);
}

int tv_turns_first_colour(const tv_rules *r, int stones)
{
    int n = 0;
    for (int k = 0; k < stones; k++)
        n += tv_turns_colour_at(r, k) == TV_STONE1;
    return n;
}
