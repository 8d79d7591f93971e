/* A game in progress: the rules, the current state, the moves played and the
 * state before each (a flat state is smaller than an undo record that can
 * hold every cell of the largest board: 88 bytes for Pahtum, 2 KiB a
 * record). This is the object the CLI and the plugin hold per game; it owns
 * heap memory, the states inside it do not. */
#ifndef TV_GAME_H
#define TV_GAME_H

#include "tv_play.h"
#include "tv_position.h"

typedef struct tv_game {
    const tv_rules *rules;
    uint64_t seed;
    tv_state *state;
    unsigned char *before; /* the state before each move played, state_size bytes each */
    tv_move *history; /* the moves played, in order */
    uint64_t *hashes; /* hashes[i]: the position after i moves (for repetitions) */
    int nply, cap;
    /* The move tv_game_random_move drew, and the count of changes to the
     * state when it did: played at once, it is not checked again (it came
     * from the generator), so a host's loop of random_move and play costs
     * what a playout's step does. */
    tv_move drawn;
    uint64_t changes, drawn_at;
    /* The family's fast-path structures (tv_family.h, keep_*), kept from
     * ply to ply while the game moves by the moves they drew: they follow
     * the state when keep_at is changes + 1. keep_fits: the rules are
     * their case (asked once). */
    void *keep;
    uint64_t keep_at;
    int keep_fits;
    unsigned char *inline_history; /* the block's own room for the first moves (tv_game.c) */
    void *inline_keep;             /* the block's room for small kept structures, or NULL */
} tv_game;

/* A new game from the start position drawn from seed; NULL and err on failure. */
tv_game *tv_game_new(const tv_rules *r, uint64_t seed, tv_error *err);
void tv_game_free(tv_game *g);
/* g back at the start position drawn from seed, its memory kept: what
 * tv_game_new(g->rules, seed) gives, without the allocation (a host that
 * plays game after game frees one and makes one a game). TV_OK, or an
 * error code: then g is only fit for tv_game_free. */
int tv_game_restart(tv_game *g, uint64_t seed, tv_error *err);
/* A copy of the game: its state, moves, the states before them and hashes. */
tv_game *tv_game_clone(const tv_game *g, tv_error *err);

/* Plays a move; on error the game is unchanged. */
int tv_game_play(tv_game *g, tv_move m, tv_error *err);
/* One legal move drawn uniformly (tv_random_move_hist over the game's
 * history); remembered for tv_game_play. */
int tv_game_random_move(tv_game *g, tv_rng *rng, tv_move *m, tv_error *err);
/* Parses and plays move text ("d4", "swap"). */
int tv_game_play_text(tv_game *g, const char *text, tv_error *err);
/* Takes back the last move; TV_EINVAL when there is none. */
int tv_game_undo(tv_game *g, tv_error *err);
/* Replaces the state with a position string; the move history is cleared. */
int tv_game_set_position(tv_game *g, const char *text, tv_error *err);

#endif
