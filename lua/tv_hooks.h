/* Hooks (tv_hooks.c): the Lua functions a ruleset gives for a step instead
 * of data, and the C trampolines the kernel calls at that step. */
#ifndef TV_HOOKS_H
#define TV_HOOKS_H

#include <lua.h>

#include "tv_rules.h"

enum { TV_HOOK_MOVES, TV_HOOK_SCORE, TV_HOOK_ENDS, TV_HOOK_PLAY, TV_HOOK_REFUSE, TV_HOOK_COUNT };

typedef struct tv_ruleset tv_ruleset;

/* Room to find a move listed twice among a moves hook's list of up to
 * TV_MOVES_LIMIT (8192) moves, at most half full. */
#define TV_SEEN_BITS 14
#define TV_SEEN_SLOTS (1 << TV_SEEN_BITS)

typedef struct tv_hookset {
    int ref[TV_HOOK_COUNT];  /* the functions, in the registry (LUA_NOREF: none) */
    int (*batch_fn)(void *); /* the kernel's batch running (hook_batch) */
    void *batch_arg;
    int batch_rc;            /* what batch_fn returned */
    int running;             /* TV_HOOK_* called last in the batch (names its errors) */
    int batching;            /* a batch runs (read under the VM's lock only) */
    uint32_t seen_gen;       /* the list being read (read_moves), under the VM's lock */
    uint32_t seen_stamp[TV_SEEN_SLOTS];
    int32_t seen_move[TV_SEEN_SLOTS];
    /* The moves hook's last list and the state it was for (-1: none): a
     * hook is a function of the state, and a move is listed to be drawn,
     * then checked, then counted for the no-move rule after the move
     * before it, each time in the same state. Under the VM's lock. */
    int listed;
    unsigned char listed_state[TV_STATE_MAX];
    int32_t listed_moves[TV_MOVES_LIMIT];
} tv_hookset;

void tv_hooks_init(tv_hookset *h);
/* Pops the function on top of the stack into hook `which` (game{} does). */
void tv_hooks_keep(lua_State *L, tv_hookset *h, int which);
/* Points the rules' hooks at the trampolines of the hooks given. */
void tv_hooks_install(tv_ruleset *rs);

#endif
