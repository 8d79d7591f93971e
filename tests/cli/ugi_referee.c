/* A UGI referee: starts two engines (tavola ugi ...), plays a whole game
 * between them through the protocol only, and checks that both engines agree
 * on every position and on the result.
 *   ugi_referee TAVOLA RULESET SPEC1 SPEC2 GO_ARGS
 * e.g. ugi_referee build/tavola tictactoe greedy random "nodes 100" */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct engine {
    pid_t pid;
    FILE *in, *out; /* we write to in, read from out */
} engine;

static int passed, failed;

static void check(int ok, const char *what)
{
    if (ok)
        passed++;
    else {
        failed++;
        printf("FAIL: %s\n", what);
    }
}

static engine start(const char *tavola, const char *ruleset)
{
    int to[2], from[2];
    engine e = {0, NULL, NULL};
    if (pipe(to) || pipe(from))
        return e;
    e.pid = fork();
    if (e.pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[1]);
        close(from[0]);
        execl(tavola, tavola, "ugi", ruleset, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    e.in = fdopen(to[1], "w");
    e.out = fdopen(from[0], "r");
    return e;
}

static void send(engine *e, const char *line)
{
    fprintf(e->in, "%s\n", line);
    fflush(e->in);
}

/* Reads lines until one starts with `prefix`; returns it (static buffer) or
 * NULL at the end of the output. Error lines count as failures. */
static char *expect(engine *e, const char *prefix)
{
    static char line[4096];
    while (fgets(line, sizeof line, e->out)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "info string error", 17) == 0)
            check(0, line);
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return line;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: ugi_referee TAVOLA RULESET SPEC1 SPEC2 GO_ARGS\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    engine e[2] = {start(argv[1], argv[2]), start(argv[1], argv[2])};
    char line[512], moves[65536] = "position startpos moves";
    for (int i = 0; i < 2; i++) {
        check(e[i].in && e[i].out, "engine started");
        send(&e[i], "ugi");
        check(expect(&e[i], "ugiok") != NULL, "ugiok");
        snprintf(line, sizeof line, "setoption name Player value %s", argv[3 + i]);
        send(&e[i], line);
        send(&e[i], "isready");
        check(expect(&e[i], "readyok") != NULL, "readyok");
        send(&e[i], "uginewgame");
    }
    int plies = 0, over = 0;
    while (!over && plies < 2000) {
        send(&e[0], moves);
        send(&e[0], "query p1turn");
        char *r = expect(&e[0], "response");
        int mover = r && strcmp(r, "response true") == 0 ? 0 : 1;
        send(&e[mover], moves);
        snprintf(line, sizeof line, "go %s", argv[5]);
        send(&e[mover], line);
        char *best = expect(&e[mover], "bestmove ");
        check(best != NULL && strcmp(best, "bestmove none") != 0, "a bestmove");
        if (!best || strcmp(best, "bestmove none") == 0)
            break;
        strcat(moves, " ");
        strcat(moves, best + 9);
        plies++;
        for (int i = 0; i < 2; i++) {
            send(&e[i], moves);
            send(&e[i], "query gameover");
        }
        char *a = expect(&e[0], "response"), first[64];
        snprintf(first, sizeof first, "%s", a ? a : "");
        char *b = expect(&e[1], "response");
        check(b && strcmp(first, b) == 0, "both engines agree the game is over or not");
        over = strcmp(first, "response true") == 0;
    }
    check(over, "the game ended");
    char results[2][64];
    for (int i = 0; i < 2; i++) {
        send(&e[i], "query result");
        char *r = expect(&e[i], "response");
        snprintf(results[i], sizeof results[i], "%s", r ? r + 9 : "?");
    }
    check(strcmp(results[0], results[1]) == 0 && strcmp(results[0], "none") != 0, "both engines give one result");
    printf("%s: %s (%s) vs %s: %d plies, %s\n", argv[2], argv[3], "p1", argv[4], plies, results[0]);
    for (int i = 0; i < 2; i++) {
        send(&e[i], "quit");
        fclose(e[i].in);
        int status;
        waitpid(e[i].pid, &status, 0);
        check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "engine exited cleanly");
        fclose(e[i].out);
    }
    printf("ugi referee: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
