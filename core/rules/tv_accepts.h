/* What each family of moves accepts (tv_family_id.h): one row per feature a
 * description can have, the families that take it, and why the others do
 * not. tv_rules_finish chooses the families first, then asks this matrix
 * once; the checks that stay in tv_rules.c are of one feature's own fields
 * and of pairs of features that clash in every family (custodial capture
 * with runs, an opening rule with several stones a turn, one goal a game).
 *
 * A feature is checked against the family the description names without
 * hooks (data_family), and, when a moves or play hook takes the moves over,
 * against TV_FAMILY_HOOKS as well: that bit says the feature still works
 * under a hook (everything but flips, rotations, several stones a turn and
 * the opening rules, which are the engine's own turns). */
#ifndef TV_ACCEPTS_H
#define TV_ACCEPTS_H

#include "tv_error.h"
#include "tv_rules.h"

typedef struct tv_accepts_row {
    const char *name;                  /* as a ruleset writes it: "custodial", "swap_after" */
    int (*has)(const tv_rules *r);     /* the description has the feature */
    unsigned families;                 /* 1 << TV_FAMILY_*: the families that accept it */
    const char *why;                   /* the reason, for the families that do not */
} tv_accepts_row;

/* The rows, in the order they are checked. */
int tv_accepts_count(void);
const tv_accepts_row *tv_accepts_row_at(int i);

/* A family's words in a refusal: its ruleset word and what its move is
 * ("flips: a placement that flips needs a grid and place {} alone"). */
const char *tv_accepts_family_is(int family);

/* Every feature of r accepted by r->data_family, and by the hooks family
 * when r->family is TV_FAMILY_HOOKS; else TV_ERULES with the first row
 * that is not: "<name>: <why> (not for the <family> family; <family is>)". */
int tv_accepts_check(const tv_rules *r, tv_error *err);

#endif
