/* The kinds of move a game is made of, as the rules name them: each is one
 * family of core/play/tv_family.h (what it lists, checks, applies, writes),
 * and one row here (its name and what its move text looks like, for hosts).
 * tv_rules_finish chooses a game's family from its description, once, and
 * checks the description against what that family accepts (tv_accepts.h). */
#ifndef TV_FAMILY_ID_H
#define TV_FAMILY_ID_H

typedef enum {
    TV_FAMILY_PLACE = 0, /* a stone on an empty cell (several a turn, openings, placed blocks, swap) */
    TV_FAMILY_DROP,      /* a stone dropped into a column, falling to its lowest empty cell */
    TV_FAMILY_ROTATE,    /* a stone on an empty cell, then a block of the board turned */
    TV_FAMILY_FLIP,      /* a stone that brackets enemy runs and turns them */
    TV_FAMILY_PIECES,    /* a piece moves: steps, slides, jumps (chains), leaps, by the line count, shots */
    TV_FAMILY_SOW,       /* the seeds of an own hole sown along the track */
    TV_FAMILY_GROUPS,    /* a stone that takes the enemy groups it leaves without a liberty (Go) */
    TV_FAMILY_MILLS,     /* a man placed, moved or flown on a graph board; a line made removes an enemy man */
    TV_FAMILY_HOOKS,     /* the ruleset's own moves hook or play hook, over the family below */
    TV_FAMILIES
} tv_family_id;

/* What hosts are told about a family: its name ("place", "pieces", ...) and
 * the move text it reads and writes, as an example with a word of why. */
typedef struct tv_family_info {
    const char *name;
    const char *text;
} tv_family_info;

/* The row of family id (0 <= id < TV_FAMILIES). */
const tv_family_info *tv_family_info_of(int id);

#endif
