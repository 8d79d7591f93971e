/* MCTS's tree seen from outside (core/players/tv_mcts.c; the engine itself
 * is tv_engine_mcts, tv_player.h): for tests that check what a search
 * recorded, node by node. */
#ifndef TV_MCTS_H
#define TV_MCTS_H

#include <stdint.h>

#include "tv_state.h"

/* One child of a node: its move, its own simulations and their reward in
 * half-points (2 a win, 1 a draw) for the player who moved into it, and
 * with rave=K its all-moves-as-first counts in the same units (0 without). */
typedef struct tv_mcts_child {
    tv_move move;
    uint32_t visits, half;
    uint32_t amaf_visits, amaf_half;
} tv_mcts_child;

/* The children of the node reached from the root of the tree of `self` (an
 * engine made by tv_engine_mcts.create; the root is the state of its last
 * search) by the moves path[0..npath), into out[0..cap), in the tree's
 * order: their count (at most cap), or -1 when there is no tree or no such
 * node. */
int tv_mcts_children(const void *self, const tv_move *path, int npath, tv_mcts_child *out, int cap);

#endif
