/* The GTP engine's state and the parts it is made of, shared by cli_gtp.c
 * (the command loop: lines, ids, answers, the commands that only answer),
 * cli_gtp_board.c (vertices, the game and its history, boardsize, komi,
 * play, undo, showboard, final_score) and cli_gtp_genmove.c (the clocks,
 * the player's budget, its move, and when it passes). */
#ifndef CLI_GTP_ENGINE_H
#define CLI_GTP_ENGINE_H

#include <stdio.h>

#include "cli_args.h"

#define GTP_DEFAULT_PLAYER "mcts:iterations=2000"
#define GTP_OVERHEAD_MS 50 /* kept back from every timed move: reading, writing, the pipe */
#define GTP_SIZE_MAX 25    /* GTP's largest board (the ruleset may allow less) */

/* A move the controller or genmove made: the colour (1 Black, 2 White) and
 * the ruleset's text ("d4", "pass"). A pass given after the game ended
 * changes nothing but is kept, so that undo takes back what was told. */
typedef struct gtp_move {
    int colour;
    char text[8];
} gtp_move;

/* A clock as time_settings and time_left tell it: seconds left and the
 * stones to play in them (0: the main time, or no byo-yomi). */
typedef struct gtp_clock {
    double left;
    int stones;
} gtp_clock;

typedef struct gtp_engine {
    FILE *out, *log;
    char name[4096];     /* the ruleset as named on the command line */
    char options[16384]; /* in force, as ruleset_options gives them */
    char player_spec[256];
    unsigned long long seed, games; /* the players' streams: seed, and clear_boards so far */
    tavola_ruleset *rs;
    tavola_game *g;
    tavola_player *player; /* made at the first genmove after a new game or ruleset */
    int size;              /* the board's side */
    gtp_move *moves;       /* what was played since the empty board */
    int nmoves, cap;
    /* time_settings: timed (0: no limits), the byo-yomi period (seconds,
     * stones), and each colour's clock. */
    int timed;
    double byo_time;
    int byo_stones;
    gtp_clock clock[2];
    char command[256]; /* the command being answered, for the log */
} gtp_engine;

/* ---- cli_gtp.c ---- */
/* A failure's reason on the log ("tavola gtp: ..."), through cli_printable. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void gtp_log(gtp_engine *e, const char *fmt, ...);

/* ---- cli_gtp_board.c ---- */
/* (Re)loads the ruleset with options and, when keep, plays the moves so far
 * again on the new board (komi changes no move), else starts an empty board;
 * -1 and the message in err when it cannot, and nothing changed. */
int gtp_load(gtp_engine *e, const char *options, int keep, char *err, size_t size);
/* "b", "black", "w", "white" in any case: 1 or 2, else 0. */
int gtp_colour(const char *text);
/* A GTP vertex ("D4", "pass", any case) as the ruleset's move text ("d4"):
 * 0, -1 when it is no vertex (malformed), -2 when it is off this board. */
int gtp_vertex_to_text(const gtp_engine *e, const char *vertex, char *text, size_t size);
/* The ruleset's move text as a GTP vertex ("D4", "pass"). */
void gtp_text_to_vertex(const char *text, char *vertex, size_t size);
/* Plays the colour's move (ruleset text), as if it were that colour's turn,
 * and keeps it: 0, or -1 with the reason in err and nothing changed. */
int gtp_play(gtp_engine *e, int colour, const char *text, char *err, size_t size);
/* A copy of the game with colour to move (the side switched as gtp_play
 * does); NULL with the reason in err. */
tavola_game *gtp_turn_of(gtp_engine *e, int colour, char *err, size_t size);
/* The board's cells, row 0 the bottom row: 0 empty, 1 Black, 2 White
 * (cells holds size * size). */
void gtp_cells(const gtp_engine *e, const tavola_game *g, unsigned char *cells);

void gtp_cmd_boardsize(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_clear_board(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_komi(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_play(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_undo(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_showboard(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_final_score(gtp_engine *e, const char *id, int argc, char **argv);

/* ---- cli_gtp_genmove.c ---- */
void gtp_cmd_genmove(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_time_settings(gtp_engine *e, const char *id, int argc, char **argv);
void gtp_cmd_time_left(gtp_engine *e, const char *id, int argc, char **argv);
/* Frees the player: the next genmove makes one for the new game or ruleset. */
void gtp_drop_player(gtp_engine *e);

/* ---- answers (cli_gtp.c) ---- */
/* "=id text" (text may hold newlines; NULL or "": "=id") and the empty
 * line that ends an answer. */
void gtp_success(gtp_engine *e, const char *id, const char *text);
/* "?id message" and the empty line; the message also on the log, with the
 * detail when one is given (NULL: none). */
void gtp_failure(gtp_engine *e, const char *id, const char *message, const char *detail);

#endif
