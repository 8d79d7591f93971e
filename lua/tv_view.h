/* The state view a hook gets (tv_view.c): one sealed table of methods per VM,
 * and the state it shows during a hook call. */
#ifndef TV_VIEW_H
#define TV_VIEW_H

#include <lua.h>

#include "tv_rules.h"

typedef struct tv_view {
    const tv_rules *r;
    const tv_state *s; /* NULL outside a hook call */
    tv_state *mut;     /* the same state, during a play hook only */
    tv_undo *u;
    const void *id;    /* the table's address: what a method checks its self against */
    int ref;           /* the table, in the registry */
    int hook;          /* the TV_HOOK_* being called (s:score asks the score hook, except from it) */
    int made;          /* a play hook's s:place made a line that meets the goal */
    tv_move playing;   /* in a play hook: the move it plays (s:apply checks the moves of data families against it) */
    int score_ref;     /* the score hook, in the registry (LUA_NOREF: none) */
} tv_view;

/* The view at argument 1 of a method, during a hook call (and, when writes,
 * a play hook); raises the error that says why not otherwise. */
tv_view *tv_view_checked(lua_State *L, int writes);

/* A cell argument at idx: a name ("d4") or a 1-based index; the 0-based
 * cell, or an error naming what was given. */
int tv_view_cell(lua_State *L, const tv_rules *r, int idx);

/* Makes the table (in setup, protected) for states of the rules r. */
void tv_view_open(lua_State *L, tv_view *v, const tv_rules *r);

/* After a hook call: a method called later on a kept view raises an error. */
static inline void tv_view_clear(tv_view *v)
{
    v->s = NULL;
    v->mut = NULL;
    v->u = NULL;
}

#endif
