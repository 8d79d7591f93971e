#include "tv_family_id.h"

static const tv_family_info rows[TV_FAMILIES] = {
    [TV_FAMILY_PLACE] = {"place", "a cell: d4 (and swap, pass where the rules have them)"},
    [TV_FAMILY_DROP] = {"drop", "a column: d"},
    [TV_FAMILY_ROTATE] = {"rotate", "a cell, then the block and way it turns: a1/2cw, d4/1ccw"},
    [TV_FAMILY_FLIP] = {"flip", "a cell: d3, or pass"},
    [TV_FAMILY_PIECES] = {"pieces", "from-to: a2-a3, a capture a2xb3, a chain c3xe5xc7, a shot d1-d7/g7"},
    [TV_FAMILY_SOW] = {"sow", "a hole: b1, or pass"},
    [TV_FAMILY_GROUPS] = {"groups", "a cell: d4, or pass"},
    [TV_FAMILY_MILLS] = {"mills", "a point placed, a man moved or flown, and a removal: d3, d2-d3, d3xf4, d2-d3xf4"},
    [TV_FAMILY_HOOKS] = {"hooks", "what the ruleset's moves hook lists, in its family's text"},
};

const tv_family_info *tv_family_info_of(int id)
{
    return id >= 0 && id < TV_FAMILIES ? &rows[id] : &rows[TV_FAMILY_HOOKS];
}
