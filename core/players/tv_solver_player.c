/* The solver as a player ("solver", optional "positions=N", 20,000,000 by
 * default, and "mb=N", the most memory in MiB, half the machine's by
 * default: tv_solve_default_bytes): it solves the game from the first
 * position it is asked about (or again when the game leaves its table), then
 * plays the table's best moves. */
#include <stdlib.h>

#include "tv_player.h"
#include "tv_solver.h"

typedef struct solver_player {
    const tv_rules *r;
    long positions; /* the most positions it will solve */
    long mb;        /* the most memory the solve may take, MiB; 0: tv_solve_default_bytes() */
    tv_solution *sol;
} solver_player;

static void *solver_create(const tv_rules *r, const tv_params *params, tv_budget *budget, tv_error *err)
{
    static const char *const known[] = {"positions", "mb", NULL};
    (void)budget;
    solver_player *p = calloc(1, sizeof *p);
    if (!p) {
        tv_error_set(err, TV_ENOMEM, "out of memory");
        return NULL;
    }
    p->r = r;
    p->positions = 20000000;
    if (tv_params_check(params, "solver", known, err) ||
        tv_param_long(params, "positions", 1, 1000000000, &p->positions, err) ||
        tv_param_long(params, "mb", 1, 1L << 30, &p->mb, err)) {
        free(p);
        return NULL;
    }
    return p;
}

static int solver_choose(void *self, const tv_game *g, const tv_budget *budget, tv_rng *rng,
                         const atomic_int *stop, tv_search_info *info, tv_move *best, tv_error *err)
{
    (void)rng;
    solver_player *p = self;
    int64_t value;
    if (!p->sol || tv_solution_value(p->sol, g->state, &value) != TV_OK) {
        tv_solution_free(p->sol);
        /* The host's time and stop end a solve that cannot finish in time. */
        tv_solve_limits limits = {.max_positions = (uint64_t)p->positions, .max_bytes = (uint64_t)p->mb << 20,
                                  .ms = budget->ms, .stop = stop};
        if (!(p->sol = tv_solve_within(p->r, g->state, &limits, NULL, NULL, err)))
            return err->code;
    }
    int rc = tv_solution_best(p->sol, g->state, g->hashes, g->nply + 1, best, &value, err);
    if (rc)
        return rc;
    info->nodes = tv_solution_positions(p->sol);
    info->score = g->state->to_move == 0 ? value : -value;
    return TV_OK;
}

static void solver_destroy(void *self)
{
    solver_player *p = self;
    tv_solution_free(p->sol);
    free(p);
}

const tv_engine tv_engine_solver = {"solver", solver_create, solver_choose, solver_destroy};
