/* tavola.h: the stable C interface of the tavola plugin.
 *
 * A host (a game server, an AI framework, a GUI, the tavola command) plays any
 * ruleset through this table of functions, without knowing Lua or tavola's
 * internals. Everything is reached through one entry point:
 *
 *     const tavola_api *t = tavola_get_api(TAVOLA_ABI_VERSION);
 *
 * which a host may also find with dlsym(handle, "tavola_get_api") after
 * dlopen("libtavola.so.1"). It returns NULL when the library cannot serve that
 * ABI version. The table only grows: new functions are added at its end and
 * `size` tells how much of it the library has. (ABI 1 grew max_moves when
 * games with more than 1024 legal moves came: the version stayed, as every
 * old call keeps its meaning and an old host's cap of 1024 gets an error,
 * never a shorter list; a new version would have locked every old host out.)
 *
 * Handles are opaque. Errors: every call that can fail returns a negative
 * TAVOLA_E* code and keeps a message on the handle (tavola_api.error for a
 * game, ruleset_error for a ruleset, the caller's buffer for a load). A
 * refused move leaves the game exactly as it was. Nothing is printed; the
 * process is never exited.
 *
 * Buffers: every call that takes one refuses NULL with a non-zero size (and
 * a NULL text or out-pointer) with TAVOLA_EINVAL before it does anything,
 * the message ("history: moves is NULL") on the game handle where there is
 * one; NULL with size 0 asks only for the count or length. The error
 * buffers of ruleset_load and player_new, and the out-pointers of
 * ruleset_option, player_info, playouts, ruleset_family,
 * ruleset_option_range, var_info and hand, may be NULL: not wanted.
 *
 * Threads: a game handle is used by one thread at a time; any number of
 * handles may live and be used at once, on any threads. Games made from one
 * ruleset share it: data rulesets are immutable, and calls into a ruleset's
 * Lua hooks are serialised by a lock on the ruleset. A ruleset handle may be
 * freed while its games live on (it is reference counted). */
#ifndef TAVOLA_H
#define TAVOLA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TAVOLA_ABI_VERSION 1

#if defined(__GNUC__)
#define TAVOLA_EXPORT __attribute__((visibility("default")))
#else
#define TAVOLA_EXPORT
#endif

enum {
    TAVOLA_OK = 0,
    TAVOLA_EINVAL = -1,   /* malformed text: move, position, options, arguments */
    TAVOLA_EILLEGAL = -2, /* a move the rules do not allow here */
    TAVOLA_ERULES = -3,   /* a broken ruleset (the message has file:line) */
    TAVOLA_EHOOK = -4,    /* a ruleset hook failed during play */
    TAVOLA_ENOMEM = -5,
    TAVOLA_ELIMIT = -6,   /* a size or time limit */
    TAVOLA_ENOTFOUND = -7 /* no such ruleset */
};

enum { TAVOLA_ONGOING = 0, TAVOLA_OVER = 1 };

typedef struct tavola_ruleset tavola_ruleset;
typedef struct tavola_game tavola_game;
typedef struct tavola_player tavola_player;

/* A move: a small integer, meaningful only to the game that produced it. */
typedef int32_t tavola_move;

typedef struct tavola_api {
    uint32_t abi_version; /* TAVOLA_ABI_VERSION of the library */
    uint32_t size;        /* sizeof(tavola_api) in the library */
    const char *version;  /* the library's release, e.g. "0.1.0" */

    /* ---- finding and loading rulesets ---------------------------------- */

    /* Adds a folder to the search path (searched before TAVOLA_PATH, then
     * ./rulesets, then the installed share/tavola/rulesets). Process-wide
     * and thread-safe: any thread may add a folder while others list or
     * load; a search that is already running sees the folders added before
     * it began. At most 16 folders (TAVOLA_ELIMIT after). */
    int (*add_path)(const char *dir);
    /* Names of the rulesets found, separated by '\n', into buf; returns the
     * count (or a negative code when buf is too small). */
    int (*list)(char *buf, size_t size);
    /* Loads a ruleset by name ("pahtum") or path ("x/my.lua") with options
     * such as "holes=7,swap=true" (NULL or "" for none). NULL on failure,
     * with the message in err (may be NULL). */
    tavola_ruleset *(*ruleset_load)(const char *name, const char *options, char *err, size_t err_size);
    void (*ruleset_free)(tavola_ruleset *rs);
    const char *(*ruleset_name)(const tavola_ruleset *rs);        /* "pahtum" */
    const char *(*ruleset_title)(const tavola_ruleset *rs);       /* "Pahtum" */
    const char *(*ruleset_description)(const tavola_ruleset *rs); /* one line */
    const char *(*ruleset_options)(const tavola_ruleset *rs);     /* in force: "count=7,holes=random,..." */
    int (*ruleset_option_count)(const tavola_ruleset *rs);
    /* The i-th declared option: its name, default (as text) and description. */
    int (*ruleset_option)(const tavola_ruleset *rs, int i, const char **name, const char **def,
                          const char **doc);
    const char *(*ruleset_player)(const tavola_ruleset *rs, int player); /* 1 or 2: "White" */
    const char *(*ruleset_error)(const tavola_ruleset *rs);

    /* ---- games ---------------------------------------------------------- */

    /* A new game; random setup (Pahtum's holes) is drawn from seed. NULL on
     * failure, with the message in ruleset_error. */
    tavola_game *(*game_new)(tavola_ruleset *rs, uint64_t seed);
    tavola_game *(*game_clone)(const tavola_game *g); /* the state and its history */
    void (*game_free)(tavola_game *g);
    const char *(*error)(const tavola_game *g); /* the last error's message */

    /* Legal moves into moves[0..cap); returns the count (0 when the game is
     * over) or a negative code. cap >= max_moves(ruleset) is always enough
     * (below); that is 678 for a game whose pieces do not move, and derived
     * from the generators for one whose pieces do (Hasami Shogi 19x19: 684,
     * a 26x26 Clobber: 1,352, Amazons: thousands). When cap is too small the call
     * fails with TAVOLA_ELIMIT, writes nothing and says the count in the
     * message: a host never sees a list cut short. */
    int (*legal_moves)(tavola_game *g, tavola_move *moves, int cap);
    int (*play)(tavola_game *g, tavola_move m);
    int (*play_text)(tavola_game *g, const char *text); /* "d4", "pass", "swap" */
    int (*undo)(tavola_game *g);
    /* Move <-> text ("d4", "d" for a column, "pass", "swap"); no move's
     * text is longer than TAVOLA_MOVE_TEXT_MAX - 1 characters. */
    int (*move_text)(const tavola_game *g, tavola_move m, char *buf, size_t size);
    int (*move_parse)(tavola_game *g, const char *text, tavola_move *m);

    int (*to_move)(const tavola_game *g);          /* 1 or 2 */
    int (*status)(const tavola_game *g);           /* TAVOLA_ONGOING or TAVOLA_OVER */
    int (*winner)(const tavola_game *g);           /* -1 ongoing, 0 draw, 1 or 2 */
    int32_t (*score)(const tavola_game *g, int player); /* points or captured seeds */
    int (*ply)(const tavola_game *g);              /* moves played since the start */
    int (*history)(const tavola_game *g, tavola_move *moves, int cap); /* moves played */
    uint64_t (*seed)(const tavola_game *g);

    /* The position string (see the README), and the state from one. */
    int (*position)(const tavola_game *g, char *buf, size_t size);
    int (*set_position)(tavola_game *g, const char *text);
    /* The board as text: TAVOLA_DRAW_ROWS gives one line per row, top row
     * first ('.' empty, 'x' 'o' stones, '#' blocked; mancala: seed counts
     * separated by spaces); TAVOLA_DRAW_BOARD a drawing with coordinates and
     * a status line (and, for a ruleset with game variables or hands, a line
     * "    vars: done=false ko=b2 passes=0/1" and a line "    hands: White:
     * M2 K1; Black: none" between them); TAVOLA_DRAW_SVG a standalone SVG
     * 1.1 document (UTF-8) of the position: board, coordinates, stones or
     * seed counts, the last move marked, a caption (title, ply, scores, whose
     * move or the result), and under the board the variables and each
     * player's hand (pieces with their letters and counts) where the ruleset
     * has them; the same position always gives the same bytes;
     * TAVOLA_DRAW_SVG_CELLS the same SVG with a last layer for a page that
     * takes clicks, <g class="tavola-cells">, of invisible shapes, one per
     * cell, each with data-cell="d4" (the cell's name as moves write it;
     * mancala holes too) (present when size >= offsetof(tavola_api, fen) +
     * sizeof(void *); older libraries draw it as TAVOLA_DRAW_ROWS). Returns the
     * length (or the length needed: allocate it + 1 and call again). */
    int (*draw)(const tavola_game *g, int how, char *buf, size_t size);

    /* Counts move sequences of `depth` moves from the current state
     * (ended games are leaves); negative code on error. */
    int64_t (*perft)(tavola_game *g, int depth);
    /* A move chosen by a player: "random" (seeded). */
    int (*choose)(tavola_game *g, const char *player, uint64_t seed, tavola_move *m);
    /* The ruleset a game was made from (valid as long as the game lives). */
    const tavola_ruleset *(*game_ruleset)(const tavola_game *g);

    /* ---- players -------------------------------------------------------- */

    /* A player for games of this ruleset, from a spec: "random", "greedy",
     * "mcts:iterations=20000", "mcts:ms=500", "alphabeta:depth=6",
     * "alphabeta:ms=500", "solver". Reproducible for a seed and a budget
     * that is not a time. NULL on failure, with the message in err. */
    tavola_player *(*player_new)(const tavola_ruleset *rs, const char *spec, uint64_t seed, char *err,
                                 size_t err_size);
    void (*player_free)(tavola_player *p);
    /* The player's move in g (not played). A non-zero ms, nodes or depth
     * replaces the spec's budget for this move. Errors are kept on g. */
    int (*player_choose)(tavola_player *p, tavola_game *g, long ms, long nodes, int depth, tavola_move *m);
    /* Ends a running player_choose soon (from another thread). */
    void (*player_stop)(tavola_player *p);
    /* What the last search did: depth, nodes, score (mover's view: alpha-beta's
     * evaluation in hundredths of a point, within +-100000, and a decided game
     * near +-500000; MCTS's win rate as -1000..1000), milliseconds. */
    int (*player_info)(const tavola_player *p, int *depth, uint64_t *nodes, int64_t *score, long *ms);

    /* ---- solving ----------------------------------------------------------- */

    /* Solves the game from its current state (at most max_positions
     * positions, else TAVOLA_ELIMIT): *positions reached, *value the first
     * player's margin still to come under perfect play (a game decided by a
     * line or a hook is worth +-1000000 plus any margin), and each legal move
     * with its value into moves/values (up to cap; returns their count).
     * progress (may be NULL) is called now and then with a phase and a count. */
    int (*solve)(tavola_game *g, uint64_t max_positions, void (*progress)(void *ctx, const char *phase, uint64_t done),
                 void *ctx, uint64_t *positions, int64_t *value, tavola_move *moves, int64_t *values, int cap);

    /* ---- the sandbox ---------------------------------------------------- */

    /* The limits of the Lua VM of every ruleset loaded from now on
     * (process-wide; rulesets already loaded keep theirs): bytes the VM may
     * allocate, VM instructions to run the script and per hook call, and
     * wall-clock milliseconds to run the script and per hook call. 0 keeps
     * the default (32 MiB, 50 million, 5 million, 10000 ms, 2000 ms).
     * Pattern matching, sorting and moving table elements count as
     * instructions too. A ruleset that hits a limit fails to load (or its
     * hook call fails, TAVOLA_EHOOK, the game unchanged) with a message that
     * names the limit and the ruleset's file:line; its VM stays usable and
     * other games go on. TAVOLA_EINVAL for a negative time. */
    int (*set_limits)(size_t memory, unsigned long load_steps, unsigned long hook_steps, long load_ms,
                      long hook_ms);

    /* ---- learning: actions, observations, batched playouts ------------------
     * (present when size >= offsetof(tavola_api, playouts) + sizeof(void *))
     *
     * A fixed action space per loaded ruleset, so that a network can have one
     * output per action: ids 0..num_actions-1 renumber the moves densely, the
     * board's cells first (cell = row * width + column; mancala holes; the
     * columns a.. for dropped stones) as the same numbers, then "pass" when
     * the ruleset can pass, then "swap" when it can swap. Place, then rotate
     * (Pentago): cell * turns + turn, turn = block * 2 + (1 counter-
     * clockwise), 288 on Pentago's board. Pieces that move:
     * one id per pair of distinct cells (from, to), from * (cells - 1) + (to >
     * from ? to - 1 : to), whatever the move does on the way (a capture, a
     * chain of jumps); play_action plays the legal move of that id. A move
     * that shoots an arrow (Amazons) has the id (from, to) * (cells - 1) +
     * (arrow > to ? arrow - 1 : arrow). Whole moves of a moves hook (a
     * square grid over placement: "d4", "K@d4", "a1-a3", "e7-e8=Q",
     * "a1xc1xe1", "d2-d3xf4", "@a1xg7"), each the id of the whole move, in
     * blocks: the cells; drops, cell * kinds + kind; from-to moves, (from *
     * cells + to) * (kinds + 1) + promotion + 1 (0: none); a move and a
     * removal, (from * cells + to) * cells + removed; chains of jumps, from *
     * 156864 + the chain's code (tv_hmove.h); each block's ids after the
     * last block's, then pass and swap (kinds: 1 without pieces = {...}). The
     * mapping depends on the ruleset and its options only, never on the
     * game's state. A turn of several parts from a moves hook ("d1-d7/g7")
     * has no id: move_action gives TAVOLA_EINVAL and legal_actions fails
     * naming it; such a game is played by its move text. */
    int (*num_actions)(const tavola_ruleset *rs);
    /* The action id of move m (>= 0), or TAVOLA_EINVAL for no move of this board. */
    int (*move_action)(const tavola_ruleset *rs, tavola_move m);
    /* The move of action id a into *m; TAVOLA_EINVAL outside [0, num_actions). */
    int (*action_move)(const tavola_ruleset *rs, int action, tavola_move *m);
    /* The legal actions, in increasing order, each once, into actions[0..cap); returns
     * their count (0 when the game is over) or a negative code (TAVOLA_ELIMIT
     * when cap is too small). cap >= max_moves(ruleset) is always enough. */
    int (*legal_actions)(tavola_game *g, int32_t *actions, int cap);
    /* The legal-action mask: mask[a] = 1 when action a is legal, else 0, for
     * a in [0, num_actions) (n must be at least that: else TAVOLA_ELIMIT);
     * returns the number of legal actions. */
    int (*legal_mask)(tavola_game *g, uint8_t *mask, int n);
    /* Plays action a, as play does its move (TAVOLA_EINVAL for no action id),
     * and returns the status after it, TAVOLA_ONGOING (= TAVOLA_OK) or
     * TAVOLA_OVER, so that a step needs one call. */
    int (*play_action)(tavola_game *g, int action);
    /* The observation tensor's shape into dims[0..3): planes, height, width
     * (TAVOLA_OBS_DIMS); returns the number of dimensions. */
    int (*observation_shape)(const tavola_ruleset *rs, int *dims);
    /* The observation of the current state into out[0..n) as planes * height
     * * width floats, plane by plane, row by row, from the view of player (1
     * or 2; 0: the player to move, as a learner mostly wants it). Grids: the
     * viewer's stones, the opponent's stones, blocks, a constant plane 1 when
     * player 1 is to move (else 0); when the ruleset scores, the viewer's and
     * the opponent's scores as constant planes (divided by the points of the
     * best single run); when the players place blocks, the share of blocks
     * still to place. Row r of a plane is the board's row r + 1, so a
     * placement's action id is its index in a plane. Mancala: seeds per hole,
     * the viewer's store, the opponent's store (all divided by the seeds of
     * the start), player 1 to move; row 0 holds the viewer's holes, and
     * player 2 sees the board turned round (plane index 2h-1-c for hole c),
     * so the view is the same from both sides. Returns the number of floats
     * written, or TAVOLA_ELIMIT when n is less. */
    int (*observation)(tavola_game *g, int player, float *out, size_t n);
    /* n uniformly random playouts from the current state, which is left
     * unchanged, drawn from seed: results[0] draws, results[1] and results[2]
     * the wins of player 1 and 2 (results may be NULL), and the mean number
     * of plies a playout played (may be NULL). A repetition counts from the
     * playout's start, as in tavola's MCTS. Returns n or a negative code
     * (a hook's failure: the message on g). One call for many games: a host
     * in a slow language need not cross into the library once per ply. */
    int (*playouts)(tavola_game *g, int n, uint64_t seed, int64_t *results, double *mean_plies);

    /* ---- the bound on legal moves --------------------------------------------
     * (present when size >= offsetof(tavola_api, max_moves) + sizeof(void *);
     * a library without it has no game with more than 1024 legal moves) */

    /* No position of this ruleset has more legal moves (or actions): the
     * cap to give legal_moves and legal_actions. At most TAVOLA_MAX_MOVES,
     * so that a host may also size one array for every game. (The bound
     * holds for the pieces the game starts with: a position string that
     * gives a side more pieces is refused where the bound needs it.) */
    int (*max_moves)(const tavola_ruleset *rs);

    /* ---- what a host shows: the family of moves, the types of options --------
     * (present when size >= offsetof(tavola_api, ruleset_option_type) +
     * sizeof(void *)) */

    /* The family of moves of the ruleset, by name: "place" (a stone on an
     * empty cell), "drop" (into a column), "rotate" (a stone, then a block of
     * the board turned), "flip" (Othello), "pieces" (pieces that move),
     * "sow" (mancala), or "hooks" when the ruleset lists or plays its own
     * moves in Lua; *data_family is the family below the hooks (the same as
     * *family without them), and *move_text what the move text of the game
     * looks like, with examples ("a column: d"; a hooks ruleset's moves are
     * written as its data family writes them, so this is that family's,
     * except for a moves hook on a square grid over placement, which lists
     * whole moves: "a cell: d4, or a whole move: a drop K@d4, a from-to
     * a1-a3 or e7-e8=Q, a chain a1xc1xe1, a move and a removal d2-d3xf4 or
     * @a1xg7 ...").
     * Each out-pointer may be NULL (not wanted); the texts live as long as
     * the library. Returns TAVOLA_OK. */
    int (*ruleset_family)(const tavola_ruleset *rs, const char **family, const char **data_family,
                          const char **move_text);
    /* The type of the i-th declared option (as ruleset_option counts them):
     * TAVOLA_OPTION_BOOL ("true"/"false", also yes/no, on/off, 1/0, in any case),
     * TAVOLA_OPTION_INT, TAVOLA_OPTION_NUMBER or TAVOLA_OPTION_STRING: the
     * type of its default, which a value given for it must have (the loader
     * keeps it beside the default; ruleset_option_range tells what else the
     * value must be). TAVOLA_EINVAL for no option i. */
    int (*ruleset_option_type)(const tavola_ruleset *rs, int i);

    /* ---- the range or choices of an option --------------------------------
     * (present when size >= offsetof(tavola_api, ruleset_option_range) +
     * sizeof(void *); a library without it reads no min, max or choices in
     * a ruleset, which then checks its options itself) */

    /* What the i-th declared option's value must be besides its type, as the
     * ruleset declares it (options{}: min, max, choices): *min and *max, the
     * bounds of an int or number option (<math.h>'s -HUGE_VAL or HUGE_VAL
     * where none is declared, and always for a bool or string option; an
     * int option's are whole numbers), and *choices, the words a string
     * option must be one of, joined by '\n' ("none\npro\nswap"; NULL when
     * any string will do). Returns the number of choices (0: none declared),
     * or TAVOLA_EINVAL for no option i (the message in ruleset_error).
     * ruleset_load refuses a value outside them with a message that names
     * them, before the ruleset's own code runs; the ruleset may refuse more
     * (an odd size, a sum). Each out-pointer may be NULL; the text lives as
     * long as the ruleset and its games. */
    int (*ruleset_option_range)(const tavola_ruleset *rs, int i, double *min, double *max, const char **choices);

    /* ---- a random legal move without the list --------------------------------
     * (present when size >= offsetof(tavola_api, random_move) + sizeof(void *)) */

    /* One legal move of g drawn uniformly, with the host's random state *rng
     * (any 64-bit value to start with; the call advances it, so one state
     * serves a whole game or many): the move at a uniform index of the list
     * legal_moves gives, found without listing every move where the family
     * of moves can (Amazons' 2,000 turns a ply are counted, not listed).
     * Returns how many legal moves it drew among, with the move in *m; 0 when
     * the game is over (*m untouched); or a negative code (a hook's failure:
     * the message on g). */
    int (*random_move)(tavola_game *g, uint64_t *rng, tavola_move *m);

    /* ---- game variables and pieces in hand -----------------------------------
     * (present when size >= offsetof(tavola_api, hand) + sizeof(void *); a
     * library without them has no game variables or hands)
     *
     * A ruleset may keep state beyond its cells and scores (game { vars =
     * {...}, hands = {...} }): variables, each an integer in a declared
     * range, a flag or a cell (a ko point), once or one per player; and
     * pieces in hand, a count per player and kind of piece. They are part of
     * the position: hashed, taken back by undo, and written as the last
     * field of the position string ("done=0;ko=b2;passes=0/1;hand=M1K1/-"),
     * which set_position reads back. These calls read them without parsing
     * that text. */

    /* The number of variables the ruleset declares (0: none). They are
     * numbered 0.. in the order of their names, as the position string
     * writes them. */
    int (*var_count)(const tavola_ruleset *rs);
    /* Variable i: *name (a-z, 0-9 and _; lives as long as the ruleset),
     * *type (TAVOLA_VAR_INT, TAVOLA_VAR_FLAG or TAVOLA_VAR_CELL), the range
     * of its values *min..*max (a flag's 0..1; a cell's -1, no cell, to the
     * board's cells - 1), and *per_player, 1 when each player has a value of
     * their own. Each out-pointer may be NULL. TAVOLA_EINVAL for no variable
     * i (the message in ruleset_error). */
    int (*var_info)(const tavola_ruleset *rs, int i, const char **name, int *type, int32_t *min, int32_t *max,
                    int *per_player);
    /* Variable i's value in g into *value: player's (1 or 2) for a variable
     * per player, else the game's one value (player 0, 1 or 2: ignored). An
     * integer; a flag 0 or 1; a cell as row * width + column (row 0 the
     * bottom row, as a placement's action id), -1 for none. TAVOLA_EINVAL
     * for no variable i, a player outside, or a NULL value (the message on
     * g). */
    int (*var_get)(const tavola_game *g, int i, int player, int32_t *value);
    /* The kinds of piece a hand holds: the ruleset's kinds (1 for a game of
     * plain stones), numbered as the ruleset lists them; 0 when the game
     * keeps no pieces in hand. */
    int (*hand_kinds)(const tavola_ruleset *rs);
    /* The pieces of kind `kind` (0 .. hand_kinds - 1) in player's (1 or 2)
     * hand in g, >= 0, and in *letter (may be NULL: not wanted) the kind's
     * letter as the position string writes it for that player (player 1's
     * in upper case, player 2's in lower case; 'x' and 'o' for stones).
     * TAVOLA_EINVAL for no such player or kind (the message on g). */
    int (*hand)(const tavola_game *g, int player, int kind, char *letter);

    /* ---- FEN -------------------------------------------------------------
     * (present when size >= offsetof(tavola_api, fen) + sizeof(void *))
     *
     * The chess family (a ruleset whose pieces move and have a royal kind)
     * has FEN beside the position string: set_position reads either, and
     * this writes the FEN of g ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
     * b KQkq - 0 1": the en-passant cell only when a capture could use it).
     * Returns its length (or the length needed, as snprintf), or
     * TAVOLA_EINVAL when the ruleset has no FEN (the message on g). */
    int (*fen)(const tavola_game *g, char *buf, size_t size);

    /* ---- a uniform draw from a mask ---------------------------------------
     * (present when size >= offsetof(tavola_api, mask_sample) + sizeof(void *)) */

    /* An index i in [0, n) with mask[i] != 0, drawn uniformly with the
     * host's random state *rng (as random_move's: any 64-bit value to start,
     * advanced by the call): what a learner's `sample(mask)` over
     * legal_mask's output needs, without a loop over every action id in a
     * slow language. Returns the index, or TAVOLA_EINVAL for no allowed
     * index, n < 0, or a NULL mask (with n > 0) or rng. */
    int (*mask_sample)(const uint8_t *mask, int n, uint64_t *rng);
} tavola_api;

enum { TAVOLA_OPTION_BOOL = 1, TAVOLA_OPTION_INT = 2, TAVOLA_OPTION_NUMBER = 3, TAVOLA_OPTION_STRING = 4 };

enum { TAVOLA_OBS_DIMS = 3 };

/* Room for any move's text, the NUL included: a chain of 32 jumps on a
 * 26x26 board ("a1xc3x..." with 3-character cells) and a whole move fit. */
#define TAVOLA_MOVE_TEXT_MAX 160

/* The types of a game variable (var_info). */
enum { TAVOLA_VAR_INT = 1, TAVOLA_VAR_FLAG = 2, TAVOLA_VAR_CELL = 3 };

/* max_moves of any ruleset is at most this. */
#define TAVOLA_MAX_MOVES 8192

enum { TAVOLA_DRAW_ROWS = 0, TAVOLA_DRAW_BOARD = 1, TAVOLA_DRAW_SVG = 2, TAVOLA_DRAW_SVG_CELLS = 3 };

/* The entry point: the function table for ABI version `abi_version`, or NULL. */
TAVOLA_EXPORT const tavola_api *tavola_get_api(uint32_t abi_version);

#ifdef __cplusplus
}
#endif

#endif
