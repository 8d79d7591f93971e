/* An example host: it knows tavola only through tavola.h and the shared
 * library, loaded with dlopen. For every ruleset it finds, it plays a whole
 * random game, and checks that an illegal move is refused with the game
 * unchanged, that undo and clone work, and that a position string restores
 * the game.
 *
 *     cc -std=c11 host.c $(pkg-config --cflags tavola) -ldl -o host
 *     ./host [path/to/libtavola.so.1]
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"

static int passed, failed;

static void check(int ok, const char *ruleset, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: %s\n", ruleset, what);
    }
}

/* Whether the library has the call max_moves (the table grows at its end). */
static int has_max_moves(const tavola_api *t)
{
    return t->size >= offsetof(tavola_api, max_moves) + sizeof t->max_moves;
}

static void play_one(const tavola_api *t, const char *name)
{
    char err[1024], before[4096], after[4096];
    tavola_ruleset *rs = t->ruleset_load(name, NULL, err, sizeof err);
    check(rs != NULL, name, err);
    if (!rs)
        return;
    tavola_game *g = t->game_new(rs, 7);
    check(g != NULL, name, "game_new");
    if (!g) {
        t->ruleset_free(rs);
        return;
    }
    /* Room for every legal move: max_moves says how many (Amazons has
     * thousands); a library older than the call has at most 1024. */
    int cap = has_max_moves(t) ? t->max_moves(rs) : 1024;
    tavola_move *moves = malloc((size_t)cap * sizeof *moves);
    if (!moves) {
        check(0, name, "out of memory");
        t->game_free(g);
        t->ruleset_free(rs);
        return;
    }

    /* An illegal move: refused, with a message, and nothing changes. */
    t->position(g, before, sizeof before);
    int rc = t->play_text(g, "z99");
    t->position(g, after, sizeof after);
    check(rc < 0 && t->error(g)[0] != '\0', name, "'z99' was accepted");
    check(strcmp(before, after) == 0, name, "a refused move changed the game");
    int n = t->legal_moves(g, moves, cap);
    check(n > 0, name, t->error(g));
    check(t->play(g, -1000) < 0, name, "move -1000 was accepted");
    /* A host of ABI 1.0 passes 1024: more moves than that is an error, never a list cut short. */
    tavola_move old[1024];
    check(n <= 1024 ? t->legal_moves(g, old, 1024) == n : t->legal_moves(g, old, 1024) == TAVOLA_ELIMIT, name,
          "legal moves with a cap of 1024");

    /* A whole random game. */
    uint64_t seed = 1;
    while (t->status(g) == TAVOLA_ONGOING && t->ply(g) < 5000) {
        tavola_move m;
        if (t->choose(g, "random", seed++, &m) || t->play(g, m)) {
            check(0, name, t->error(g));
            break;
        }
    }
    check(t->status(g) == TAVOLA_OVER, name, "the game did not end");
    int w = t->winner(g);
    check(w == 0 || w == 1 || w == 2, name, "no winner or draw at the end");
    check(t->legal_moves(g, moves, cap) == 0, name, "legal moves after the end");

    /* Clone, undo to the start, replay from the position string. */
    tavola_game *c = t->game_clone(g);
    check(c && t->ply(c) == t->ply(g) && t->winner(c) == w, name, "clone differs");
    t->position(g, before, sizeof before);
    while (t->ply(g) > 0)
        t->undo(g);
    check(t->status(g) == TAVOLA_ONGOING && t->legal_moves(g, moves, cap) == n, name, "undo to the start");
    check(t->undo(g) < 0, name, "undo before the first move");
    check(t->set_position(g, before) == TAVOLA_OK, name, t->error(g));
    t->position(g, after, sizeof after);
    check(strcmp(before, after) == 0 && t->winner(g) == w, name, "position string round trip");
    check(t->set_position(g, "garbage") < 0, name, "a corrupt position was accepted");
    t->position(g, after, sizeof after);
    check(strcmp(before, after) == 0, name, "a corrupt position changed the game");
    printf("%-10s %3d plies, %s\n", name, t->ply(c),
           w == 0 ? "draw" : w == 1 ? "player 1 wins" : "player 2 wins");
    t->game_free(c);
    free(moves);
    t->ruleset_free(rs); /* the game keeps its ruleset alive */
    check(t->to_move(g) >= 1, name, "the game after ruleset_free");
    t->game_free(g);
}

int main(int argc, char **argv)
{
    const char *lib = argc > 1 ? argv[1] : "libtavola.so.1";
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("cannot load %s: %s\n", lib, dlerror());
        return 1;
    }
    const tavola_api *(*get_api)(uint32_t);
    *(void **)&get_api = dlsym(h, "tavola_get_api");
    const tavola_api *t = get_api ? get_api(TAVOLA_ABI_VERSION) : NULL;
    if (!t || t->abi_version != TAVOLA_ABI_VERSION || t->size < sizeof *t) {
        printf("%s does not serve tavola ABI %d\n", lib, TAVOLA_ABI_VERSION);
        return 1;
    }
    check(get_api(TAVOLA_ABI_VERSION + 1) == NULL, "abi", "a future ABI version was served");
    char names[8192], err[1024];
    int count = t->list(names, sizeof names);
    check(count > 0, "list", "no rulesets found");
    check(t->ruleset_load("no_such_game", NULL, err, sizeof err) == NULL && strstr(err, "unknown ruleset"),
          "load", "an unknown ruleset");
    check(t->ruleset_load("pahtum", "holes=4", err, sizeof err) == NULL && strstr(err, "pahtum.lua:"),
          "load", "a bad option");
    char *save;
    for (char *name = strtok_r(names, "\n", &save); name; name = strtok_r(NULL, "\n", &save))
        play_one(t, name);
    printf("host: %d passed, %d failed\n", passed, failed);
    dlclose(h);
    return failed ? 1 : 0;
}
