/* The terminal game (cli_prompt.h). Everything it says about moves comes
 * from the game through the ABI: the form of a move (a cell, a column, a
 * hole) from the board and the move parser, and pass or swap only when the
 * rules allow them in the position at hand. */
#define _POSIX_C_SOURCE 200809L
#include "cli_prompt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <editline/readline.h>

#include "cli_args.h"

#define MAX_MOVES TAVOLA_MAX_MOVES
#define LINE_MAX_BYTES 65536

enum { FORM_CELLS, FORM_COLUMNS, FORM_HOLES, FORM_PIECES };

typedef struct {
    const tavola_api *t;
    tavola_game *g;
    tavola_player *const *players;
    int humans;        /* players without a program */
    int form;          /* FORM_*: what a move names */
    int width, height; /* columns and rows; a mancala: holes a row, 2 */
    int dirty;         /* a human's move is not drawn yet */
    int told_over;     /* the end of the game was announced */
} prompt;

/* What a line asks for. */
enum { GO_ON = 0, QUIT, END_OF_INPUT, FAILED };

static void draw_game(const tavola_game *g)
{
    static char buf[1 << 16];
    const tavola_api *t = cli_api();
    int n = t->draw(g, TAVOLA_DRAW_BOARD, buf, sizeof buf);
    if (n >= (int)sizeof buf) { /* a very large board */
        char *big = malloc((size_t)n + 1);
        if (big) {
            t->draw(g, TAVOLA_DRAW_BOARD, big, (size_t)n + 1);
            cli_print_text(stdout, big);
            free(big);
            return;
        }
    }
    cli_print_text(stdout, buf);
}

/* The text of the first legal move into buf; 0 when there is none. */
static int first_move(prompt *P, char *buf, size_t size)
{
    static tavola_move moves[MAX_MOVES];
    int n = P->t->legal_moves(P->g, moves, MAX_MOVES);
    return n > 0 && P->t->move_text(P->g, moves[0], buf, size) >= 0;
}

/* The board's shape and the form of a move, read once: a mancala's rows are
 * seed counts (digits), a grid's rows cells ('.', 'x', 'o', '#'); a grid
 * whose moves are columns parses a bare letter; a piece's move names two
 * cells. */
static void learn_board(prompt *P)
{
    static char rows[1 << 16];
    tavola_move m;
    P->t->draw(P->g, TAVOLA_DRAW_ROWS, rows, sizeof rows);
    size_t first = strcspn(rows, "\n");
    P->height = 0;
    for (const char *c = rows; *c; c++)
        P->height += *c == '\n';
    if (strpbrk(rows, "0123456789")) {
        P->form = FORM_HOLES;
        P->width = 1;
        for (size_t i = 0; i < first; i++)
            P->width += rows[i] == ' ';
    } else {
        P->width = (int)first;
        P->form = P->t->move_parse(P->g, "a", &m) == TAVOLA_OK ? FORM_COLUMNS : FORM_CELLS;
        char text[64];
        if (P->form == FORM_CELLS && first_move(P, text, sizeof text) && strpbrk(text, "-x"))
            P->form = FORM_PIECES; /* a piece's move from one cell to another: a2-a3, d1-d7/g7 */
    }
}

/* Whether the move named text is legal now (pass, swap). */
static int legal_now(prompt *P, const char *text)
{
    static tavola_move moves[MAX_MOVES];
    int n = P->t->legal_moves(P->g, moves, MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char buf[TAVOLA_MOVE_TEXT_MAX];
        P->t->move_text(P->g, moves[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0)
            return n == 1 ? 2 : 1; /* 2: the only move */
    }
    return 0;
}

/* What a move looks like here: "a cell a1..g7", or with an example "a cell
 * such as d4 (a1..g7)". */
static void move_form(prompt *P, char *buf, size_t size, int example)
{
    int w = P->width, h = P->height, row = P->t->to_move(P->g);
    char eg[32] = "";
    if (P->form == FORM_COLUMNS) {
        if (example)
            snprintf(eg, sizeof eg, "such as %c ", 'a' + (w - 1) / 2);
        snprintf(buf, size, "a column %s%sa..%c%s", eg, example ? "(" : "", 'a' + w - 1, example ? ")" : "");
    } else if (P->form == FORM_HOLES) {
        snprintf(buf, size, "one of your holes, a%d..%c%d", row, 'a' + w - 1, row);
    } else if (P->form == FORM_PIECES) {
        char move[64] = "a2-a3";
        first_move(P, move, sizeof move);
        snprintf(buf, size, "a piece's move from one cell to another, such as %s", move);
    } else {
        if (example)
            snprintf(eg, sizeof eg, "such as %c%d ", 'a' + (w - 1) / 2, (h + 1) / 2);
        snprintf(buf, size, "a cell %s%sa1..%c%d%s", eg, example ? "(" : "", 'a' + w - 1, h, example ? ")" : "");
    }
}

/* ", swap" and ", pass" when the position allows them. */
static void extras(prompt *P, char *buf, size_t size, int long_form)
{
    int swap = legal_now(P, "swap"), pass = legal_now(P, "pass");
    snprintf(buf, size, "%s%s%s%s", swap ? ", or swap" : "",
             swap && long_form ? " (take over the opponent's stones instead of moving)" : "", pass ? ", or pass" : "",
             pass == 2 && long_form ? " (you have no other move)" : "");
}

static void help(prompt *P)
{
    if (P->t->status(P->g) == TAVOLA_OVER) {
        printf("The game is over. review steps through it move by move, undo takes back the last move, "
               "new starts again from the first position, board draws the board, position prints its "
               "string, help, quit (or exit, q).\n");
        return;
    }
    char form[96], more[128], whobuf[256];
    const tavola_ruleset *rs = P->t->game_ruleset(P->g);
    move_form(P, form, sizeof form, 1);
    extras(P, more, sizeof more, 1);
    printf("%s to move: %s%s. Several moves on one line are played in order; upper case is fine.\n",
           cli_printable(P->t->ruleset_player(rs, P->t->to_move(P->g)), whobuf, sizeof whobuf), form, more);
    printf("Or: moves (or legal) lists the legal moves, undo takes back %s, board draws the board, "
           "position prints its string, help, quit (or exit, q).\n",
           P->humans == 2 ? "the last move" : "your last move and the reply");
}

static void list_moves(prompt *P)
{
    static tavola_move moves[MAX_MOVES];
    int n = P->t->legal_moves(P->g, moves, MAX_MOVES);
    if (n < 0) {
        printf("error: %s\n", P->t->error(P->g));
        return;
    }
    if (n == 0)
        printf("none: the game is over");
    for (int i = 0; i < n; i++) {
        char text[TAVOLA_MOVE_TEXT_MAX];
        P->t->move_text(P->g, moves[i], text, sizeof text);
        printf("%s%s", i ? " " : "", text);
    }
    printf("\n");
}

/* Takes back the last move, and the computers' moves before it, so that a
 * human is to move again; 1 when something was taken back. */
static int undo(prompt *P)
{
    const tavola_api *t = P->t;
    if (t->undo(P->g)) {
        printf("%s\n", t->error(P->g));
        return 0;
    }
    while (t->ply(P->g) > 0 && P->players[t->to_move(P->g) - 1] && t->undo(P->g) == TAVOLA_OK)
        ;
    P->told_over = 0;
    return 1;
}

/* Plays the computers' moves while it is their turn. */
static int computers(prompt *P)
{
    const tavola_api *t = P->t;
    const tavola_ruleset *rs = t->game_ruleset(P->g);
    while (t->status(P->g) == TAVOLA_ONGOING && P->players[t->to_move(P->g) - 1]) {
        int p = t->to_move(P->g);
        tavola_move m;
        char text[TAVOLA_MOVE_TEXT_MAX], whobuf[256];
        if (P->dirty)
            draw_game(P->g), P->dirty = 0;
        if (t->player_choose(P->players[p - 1], P->g, 0, 0, 0, &m) || t->play(P->g, m)) {
            cli_error("%s", t->error(P->g));
            return FAILED;
        }
        t->move_text(P->g, m, text, sizeof text);
        printf("\n%s plays %s\n", cli_printable(t->ruleset_player(rs, p), whobuf, sizeof whobuf), text);
        draw_game(P->g);
    }
    return GO_ON;
}

/* Tab completion at a terminal: the legal moves of the game at the prompt,
 * then its words. libedit calls back with no context of ours: the prompt
 * being read is kept here (the command runs one prompt, on one thread). */
static prompt *completing;

static char *complete_word(const char *text, int state)
{
    static const char *const words[] = {"moves", "legal", "undo", "board", "position", "help",
                                        "quit", "exit", "review", "new", NULL};
    static tavola_move moves[TAVOLA_MAX_MOVES];
    static int i, n;
    size_t len = strlen(text);
    if (!completing)
        return NULL;
    if (state == 0) {
        const tavola_api *t = completing->t;
        n = t->status(completing->g) == TAVOLA_OVER ? 0 : t->legal_moves(completing->g, moves, TAVOLA_MAX_MOVES);
        n = n < 0 ? 0 : n;
        i = 0;
    }
    for (; i < n; i++) {
        char name[TAVOLA_MOVE_TEXT_MAX];
        completing->t->move_text(completing->g, moves[i], name, sizeof name);
        if (strncmp(name, text, len) == 0) {
            i++;
            return strdup(name);
        }
    }
    for (; words[i - n]; i++)
        if (strncmp(words[i - n], text, len) == 0) {
            i++;
            return strdup(words[i - n - 1]);
        }
    return NULL;
}

/* A line from stdin into *line after the prompt text, or NULL at the end.
 * At a terminal through libedit: the line can be edited and the Up arrow
 * brings back earlier lines (each one not empty is kept); from a pipe or a
 * file, read as it comes, the prompt printed as before. */
static char *read_line(const char *prompt_text, char **line, size_t *cap)
{
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        fflush(stdout);
        rl_completion_entry_function = complete_word;
        rl_basic_word_break_characters = " \t\n"; /* a drop is one word: M@a1 */
        char *got = readline(prompt_text);
        if (!got)
            return NULL;
        size_t len = strlen(got);
        if (len > LINE_MAX_BYTES) {
            printf("the line is too long (over %d bytes): ignored\n", LINE_MAX_BYTES);
            got[0] = '\0', len = 0;
        }
        if (len + 2 > *cap) {
            char *more = realloc(*line, len + 2);
            if (!more) {
                free(got);
                return NULL;
            }
            *line = more, *cap = len + 2;
        }
        if (len > 0)
            add_history(got);
        memcpy(*line, got, len);
        memcpy(*line + len, "\n", 2);
        free(got);
        return *line;
    }
    fputs(prompt_text, stdout);
    ssize_t n = getline(line, cap, stdin);
    if (n < 0)
        return NULL;
    if (n > LINE_MAX_BYTES) {
        printf("the line is too long (over %d bytes): ignored\n", LINE_MAX_BYTES);
        (*line)[0] = '\0';
    }
    return *line;
}

/* ---- review: stepping through the game ---------------------------------- */

static void review_show(prompt *P, tavola_game *c, const tavola_move *h, int at, int n)
{
    char text[TAVOLA_MOVE_TEXT_MAX], whobuf[256];
    const tavola_api *t = P->t;
    if (at == 0) {
        printf("\nthe first position (%d move%s to come)\n", n, n == 1 ? "" : "s");
    } else {
        /* The player who made move `at`: who was to move before it. */
        int mover;
        t->undo(c);
        mover = t->to_move(c);
        t->play(c, h[at - 1]);
        t->move_text(c, h[at - 1], text, sizeof text);
        printf("\nmove %d of %d: %s played %s\n", at, n,
               cli_printable(t->ruleset_player(t->game_ruleset(c), mover), whobuf, sizeof whobuf), text);
    }
    draw_game(c);
}

static int review(prompt *P, char **line, size_t *cap)
{
    const tavola_api *t = P->t;
    int n = t->history(P->g, NULL, 0), at;
    tavola_move *h = malloc(((size_t)n + 1) * sizeof *h);
    tavola_game *c = h ? t->game_clone(P->g) : NULL;
    if (!c) {
        free(h);
        printf("review: out of memory\n");
        return GO_ON;
    }
    t->history(P->g, h, n);
    for (at = n; at > 0 && t->undo(c) == TAVOLA_OK; at--)
        ;
    printf("Review: Enter or next goes forward, back goes back, first, last, a move number; done ends the "
           "review, quit the program.\n");
    review_show(P, c, h, at, n);
    int rc = GO_ON;
    for (;;) {
        char ptext[64];
        snprintf(ptext, sizeof ptext, "review %d/%d> ", at, n);
        if (!read_line(ptext, line, cap)) {
            printf("\n");
            rc = END_OF_INPUT;
            break;
        }
        char word[32] = "";
        if (sscanf(*line, "%31s", word) != 1)
            strcpy(word, "next");
        for (char *k = word; *k; k++)
            *k = (char)(*k >= 'A' && *k <= 'Z' ? *k - 'A' + 'a' : *k);
        char *end;
        long to = strtol(word, &end, 10);
        if (strcmp(word, "done") == 0)
            break;
        if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0 || strcmp(word, "q") == 0) {
            rc = QUIT;
            break;
        }
        if (strcmp(word, "next") == 0 || strcmp(word, "n") == 0)
            to = at + 1;
        else if (strcmp(word, "back") == 0 || strcmp(word, "b") == 0)
            to = at - 1;
        else if (strcmp(word, "first") == 0)
            to = 0;
        else if (strcmp(word, "last") == 0)
            to = n;
        else if (*end || end == word) {
            printf("'%s': next, back, first, last, a move number 0..%d, done or quit (exit, q)\n", word, n);
            continue;
        }
        if (to < 0 || to > n) {
            printf(to < 0 ? "this is the first position\n" : "this is the last position\n");
            continue;
        }
        while (at > to && t->undo(c) == TAVOLA_OK)
            at--;
        while (at < to && t->play(c, h[at]) == TAVOLA_OK)
            at++;
        review_show(P, c, h, at, n);
    }
    t->game_free(c);
    free(h);
    if (rc == GO_ON) {
        printf("\nback at the end of the game\n");
        draw_game(P->g);
    }
    return rc;
}

/* ---- a line of moves and commands ---------------------------------------- */

/* A refused move's message, with what the line had played before it and what
 * it leaves unplayed (words[0..n)). */
static void refused(const char *why, const char *played, char *const *words, int n)
{
    if (!played[0] && n == 0) {
        printf("%s (type help)\n", why);
        return;
    }
    printf("%s", why);
    if (played[0])
        printf("; played before it: %s", played);
    if (n > 0) {
        printf("; not played:");
        for (int i = 0; i < n; i++)
            printf(" %s", words[i]);
    }
    printf("\n");
}

static int over(prompt *P) { return P->t->status(P->g) == TAVOLA_OVER; }

/* Whether word quits: quit and exit, and q where it names no move of this
 * board (a wide board's drop games have a column q). */
static int quits(prompt *P, const char *word)
{
    tavola_move m;
    if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0)
        return 1;
    return strcmp(word, "q") == 0 && P->t->move_parse(P->g, word, &m) != TAVOLA_OK;
}

/* One command word; 0 when word is not a command. */
static int command(prompt *P, const char *word, int *rc, char **line, size_t *cap)
{
    const tavola_api *t = P->t;
    *rc = GO_ON;
    if (quits(P, word)) {
        *rc = QUIT;
    } else if (strcmp(word, "help") == 0 || strcmp(word, "?") == 0) {
        help(P);
    } else if (strcmp(word, "moves") == 0 || strcmp(word, "legal") == 0) {
        list_moves(P);
    } else if (strcmp(word, "board") == 0) {
        draw_game(P->g), P->dirty = 0;
    } else if (strcmp(word, "position") == 0) {
        char pos[4096];
        t->position(P->g, pos, sizeof pos);
        printf("%s\n", pos);
    } else if (strcmp(word, "undo") == 0) {
        if (undo(P))
            draw_game(P->g), P->dirty = 0;
    } else if (strcmp(word, "review") == 0 || strcmp(word, "new") == 0) {
        if (!over(P)) {
            printf("%s: once the game is over (type help)\n", word);
        } else if (word[0] == 'n') {
            while (t->ply(P->g) > 0 && t->undo(P->g) == TAVOLA_OK)
                ;
            P->told_over = 0;
            printf("A new game, from the first position.\n");
            draw_game(P->g), P->dirty = 0;
        } else {
            *rc = review(P, line, cap);
        }
    } else {
        return 0;
    }
    return 1;
}

/* Runs the words of a line in order: commands, and moves until one is
 * refused; the computers reply between a human's moves. */
static int run_line(prompt *P, char **words, int n, char **line, size_t *cap)
{
    const tavola_api *t = P->t;
    char played[1024] = "";
    size_t plen = 0;
    for (int i = 0; i < n; i++) {
        char *word = words[i], why[512];
        tavola_move m;
        int rc;
        for (char *k = word; *k; k++)
            *k = (char)(*k >= 'A' && *k <= 'Z' ? *k - 'A' + 'a' : *k);
        if (command(P, word, &rc, line, cap)) {
            if (rc != GO_ON)
                return rc;
            continue;
        }
        if (computers(P) == FAILED) /* their turn after an undo or new */
            return FAILED;
        if (over(P) && played[0]) { /* the line's moves ended the game */
            printf("the game is over: not played:");
            for (; i < n; i++)
                printf(" %s", words[i]);
            printf("\n");
            return GO_ON;
        }
        if (over(P)) {
            snprintf(why, sizeof why, "%.40s: the game is over (review, undo, new or quit)", word);
        } else if (t->move_parse(P->g, word, &m) && P->form == FORM_PIECES) {
            snprintf(why, sizeof why, "%s", t->error(P->g)); /* the engine's: "ambiguous: 28 moves, as ..." */
        } else if (t->move_parse(P->g, word, &m)) {
            char form[96], more[64];
            move_form(P, form, sizeof form, 0);
            extras(P, more, sizeof more, 0);
            snprintf(why, sizeof why, "'%.40s' is not a move: expected %s%s", word, form, more);
        } else if (t->play(P->g, m)) {
            snprintf(why, sizeof why, "%s", t->error(P->g));
        } else {
            plen += (size_t)snprintf(played + plen, sizeof played - plen, "%s%s", plen ? " " : "", word);
            if (plen >= sizeof played)
                plen = sizeof played - 1;
            P->dirty = 1;
            if (computers(P) == FAILED)
                return FAILED;
            continue;
        }
        if (P->dirty)
            draw_game(P->g), P->dirty = 0;
        refused(why, played, words + i + 1, n - i - 1);
        return GO_ON;
    }
    if (P->dirty)
        draw_game(P->g), P->dirty = 0;
    return GO_ON;
}

/* Splits a copy of text into words; returns their count (-1: no memory). */
static int split(const char *text, char **copy, char ***words)
{
    size_t len = strlen(text);
    int n = 0;
    *copy = malloc(len + 1);
    *words = malloc((len / 2 + 2) * sizeof **words);
    if (!*copy || !*words)
        return -1;
    memcpy(*copy, text, len + 1);
    char *save;
    for (char *w = strtok_r(*copy, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save))
        (*words)[n++] = w;
    return n;
}

int cli_prompt(tavola_game *g, tavola_player *const players[2])
{
    const tavola_api *t = cli_api();
    prompt P = {t, g, players, !players[0] + !players[1], FORM_CELLS, 0, 0, 0, 0};
    char *line = NULL;
    size_t cap = 0;
    int rc = GO_ON;
    learn_board(&P);
    draw_game(g);
    completing = &P;
    while (rc == GO_ON) {
        if (computers(&P) == FAILED) {
            rc = FAILED;
            break;
        }
        if (over(&P) && P.humans == 0)
            break; /* the computers' game: nobody to review it */
        if (over(&P) && !P.told_over) {
            printf("The game is over: review, undo, new or quit (type help).\n");
            P.told_over = 1;
        }
        char whobuf[256], ptext[300];
        if (over(&P))
            snprintf(ptext, sizeof ptext, "game over> ");
        else
            snprintf(ptext, sizeof ptext, "%s> ",
                     cli_printable(t->ruleset_player(t->game_ruleset(g), t->to_move(g)), whobuf, sizeof whobuf));
        if (!read_line(ptext, &line, &cap)) {
            printf("\n");
            break;
        }
        char *copy, **words;
        int n = split(line, &copy, &words);
        if (n < 0) {
            cli_error("out of memory");
            rc = FAILED;
        } else {
            rc = run_line(&P, words, n, &line, &cap);
        }
        free(copy);
        free(words);
    }
    completing = NULL;
    free(line);
    return rc == FAILED ? 1 : 0;
}
