/* The UGI engine's state and the parts it is made of, shared by
 * cli_ugi.c (the command loop, positions and queries), cli_ugi_options.c
 * (the options: declaring, setting, applying them together) and
 * cli_ugi_search.c (go: the budget, the search thread, its deadline). */
#ifndef CLI_UGI_ENGINE_H
#define CLI_UGI_ENGINE_H

#include <pthread.h>
#include <stdio.h>

#include "cli_args.h"

#define UGI_DEFAULT_PLAYER "mcts:ms=1000"
#define UGI_DEFAULT_OVERHEAD 30     /* MoveOverhead, ms */
#define UGI_SOLVER_POSITIONS 200000 /* the solver's limit unless its spec gives one */
/* The most a spin option holds (managers keep spins in 32-bit ints): Seed
 * and SetupSeed are 0..this, as declared; --seed is folded into it. */
#define UGI_SPIN_MAX 2147483647L

typedef struct ugi_job ugi_job;

typedef struct ugi_engine {
    FILE *out, *log; /* answers; errors are also written to log (may be NULL) */
    long max_ms;     /* caps every search (0: no cap) */
    char name[4096];
    /* The ruleset's options in force ("k=v,...", as ruleset_options gives
     * them after every load) and those set since ("k=v,...", each name once),
     * loaded together at the next isready or uginewgame (or before the next
     * position, go or query). */
    char options[16384];
    char pending[16384];
    char player_spec[256];    /* the Player in force */
    int check_player;         /* the Player or the ruleset changed: check it */
    char kept_spec[256];      /* the last Player that passed the check */
    unsigned long long seed;  /* Seed: the players' random streams */
    unsigned long long setup; /* SetupSeed: the random setup (Pahtum's holes) of game 1 */
    unsigned long long games; /* uginewgame commands so far */
    unsigned long long players_made; /* players made this game (each its own stream) */
    long overhead;            /* MoveOverhead, ms */
    tavola_ruleset *rs;
    tavola_game *g;
    tavola_player *player;    /* made at the first go of a game */
    /* A refused position: every query answers as for no game until the next
     * position or uginewgame is taken. */
    int broken;
    int random_setup; /* the start depends on the setup seed (Pahtum's holes): startpos is reported as a fen */
    /* The search in progress: a supervising thread answers it. */
    ugi_job *job;
    pthread_t supervisor;
    int searching, infinite;
} ugi_engine;

/* A line on out, whole, under the output lock. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void ugi_say(ugi_engine *e, const char *fmt, ...);

/* An error: "info string error ..." on out and "tavola ugi: error: ..." on log. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void ugi_error(ugi_engine *e, const char *fmt, ...);

/* The seed of the current game's random setup, and of the next player's
 * stream: both change with every uginewgame. */
unsigned long long ugi_setup_seed(const ugi_engine *e);
unsigned long long ugi_stream_seed(ugi_engine *e);

/* (Re)loads the ruleset with options and starts a new game (options then
 * holds those in force); -1 and the message in err when it cannot, and
 * nothing changed. */
int ugi_load(ugi_engine *e, const char *options, char *err, size_t size);

/* ---- cli_ugi_options.c ---- */
void ugi_cmd_hello(ugi_engine *e);
void ugi_cmd_setoption(ugi_engine *e, char *args);
/* Loads the pending ruleset options together and checks a changed Player;
 * errors say what was refused and what stays in force. */
void ugi_apply(ugi_engine *e);
/* The spec the player is made from (the solver with its position limit). */
void ugi_player_spec(const ugi_engine *e, char *buf, size_t size);

/* ---- cli_ugi_search.c ---- */
void ugi_cmd_go(ugi_engine *e, const char *args);
/* Waits for a running search to answer; a stopped one answers within a
 * short grace, whatever the player does. */
void ugi_finish_search(ugi_engine *e);
void ugi_stop_search(ugi_engine *e);
/* Frees the player, once no search uses it. */
void ugi_drop_player(ugi_engine *e);

#endif
