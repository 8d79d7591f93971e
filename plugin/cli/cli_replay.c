/* tavola replay: plays every record of the files again and checks that its
 * moves are legal and give its result and scores; a record of a game that
 * ended in an error (cli_record.h) is checked as far as it goes: its moves
 * are legal and leave the game going on. */
#define _POSIX_C_SOURCE 200809L
#include "cli_replay.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_args.h"
#include "cli_record.h"

/* Plays r's moves and checks its result and scores, or for a game that
 * ended in an error, that they leave the game going on; 0, or -1 with err. */
static int verify(cli_reader *rd, tavola_ruleset *rs, const cli_record *r, int *plies, char *err, size_t size)
{
    const tavola_api *t = cli_api();
    tavola_game *g = t->game_new(rs, r->seed);
    *plies = 0;
    if (!g && r->error && !r->moves[0])
        return 0; /* the game that could not start: it still cannot */
    if (!g)
        return cli_reader_fail(rd, r->line, err, size, "%s", t->ruleset_error(rs));
    char *copy = strdup(r->moves), *save;
    int rc = copy ? 0 : cli_reader_fail(rd, r->moves_line, err, size, "out of memory");
    for (char *m = copy ? strtok_r(copy, " \t", &save) : NULL; m && rc == 0; m = strtok_r(NULL, " \t", &save)) {
        ++*plies;
        if (t->play_text(g, m))
            rc = cli_reader_fail(rd, r->moves_line, err, size, "move %d '%s' refused: %s", *plies, m, t->error(g));
    }
    free(copy);
    if (rc == 0 && r->error && t->status(g) == TAVOLA_OVER)
        rc = cli_reader_fail(rd, r->moves_line, err, size, "the game is over after its %d moves, but the record says "
                             "it ended in an error", *plies);
    else if (rc == 0 && !r->error && t->status(g) != TAVOLA_OVER)
        rc = cli_reader_fail(rd, r->moves_line, err, size, "the game is not over after its %d moves (truncated record?)",
                  *plies);
    else if (rc == 0 && !r->error && t->winner(g) != r->result)
        rc = cli_reader_fail(rd, r->result_line, err, size, "the result is %s, the moves give %s", cli_result_text(r->result),
                  cli_result_text(t->winner(g)));
    else if (rc == 0 && (t->score(g, 1) != r->scores[0] || t->score(g, 2) != r->scores[1]))
        rc = cli_reader_fail(rd, r->scores_line, err, size, "the scores are %ld,%ld, the moves give %ld,%ld", r->scores[0],
                  r->scores[1], (long)t->score(g, 1), (long)t->score(g, 2));
    t->game_free(g);
    return rc;
}

/* A record's Game as a path to a file (as ruleset_load reads it) rather
 * than a name looked up in the ruleset folders. */
static int names_a_file(const char *game)
{
    size_t len = strlen(game);
    return strchr(game, '/') || (len > 4 && strcmp(game + len - 4, ".lua") == 0);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* (Messages quote the record raw: cli_error neutralises them where they are
 * printed.) What to load for record r: its Game, or the File it was found as. A Game
 * found in a --rules folder is loaded from the File the record names when
 * replay is given no --rules of its own (the same file, not another of that
 * name on the search path); a Game that is a path, from the File when the
 * path does not lead there from here. NULL with err when the record's
 * ruleset cannot be had. */
static const char *load_target(cli_reader *rd, const cli_record *r, int rules_only, char *err, size_t size)
{
    char dir[160];
    if (rules_only && names_a_file(r->game)) {
        cli_reader_fail(rd, r->line, err, size, "the record names the ruleset file '%s': "
                        "not loaded (--rules-only: only rulesets found by name)",
                        r->game);
        return NULL;
    }
    if (names_a_file(r->game))
        return !is_file(r->game) && r->file && is_file(r->file) ? r->file : r->game;
    if (!r->found || strcmp(r->found, "rules") != 0 || !r->file || cli_rules_count() > 0 || rules_only)
        return r->game;
    if (is_file(r->file))
        return r->file;
    const char *slash = strrchr(r->file, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - r->file) : 1, slash ? r->file : ".");
    cli_reader_fail(rd, r->line, err, size, "the ruleset '%s' was found in the --rules folder '%s', and '%s' is not "
                    "there now: give --rules with the folder that holds it",
                    r->game, dir,
                    r->file + (slash ? slash - r->file + 1 : 0));
    return NULL;
}

/* Replays one file; the number of games verified (*errors of them ended in
 * an error), or -1 after a message. */
static long replay_file(const char *file, int rules_only, long *errors)
{
    const tavola_api *t = cli_api();
    cli_reader rd = {.file = file};
    if (!(rd.f = fopen(file, "r"))) {
        cli_error("%s: %s", file, strerror(errno));
        return -1;
    }
    tavola_ruleset *rs = NULL;
    char *loaded_game = NULL, *loaded_options = NULL, err[8192];
    cli_record r;
    long count = 0;
    int got;
    while ((got = cli_record_read(&rd, &r, err, sizeof err)) == 1) {
        const char *target = load_target(&rd, &r, rules_only, err, sizeof err);
        if (!target) {
            got = -1;
            break;
        }
        if (!rs || strcmp(target, loaded_game) != 0 || strcmp(r.options, loaded_options) != 0) {
            t->ruleset_free(rs);
            free(loaded_game);
            free(loaded_options);
            loaded_game = loaded_options = NULL;
            char lerr[1024], dir[160];
            if (!(rs = t->ruleset_load(target, r.options, lerr, sizeof lerr))) {
                /* A ruleset from a --rules folder not given this time: say which folder. */
                const char *slash = r.found && strcmp(r.found, "rules") == 0 && r.file ? strrchr(r.file, '/') : NULL;
                if (slash)
                    snprintf(dir, sizeof dir, " (the record found it in the --rules folder '%.*s')",
                             (int)(slash - r.file) < 100 ? (int)(slash - r.file) : 100, r.file);
                else
                    dir[0] = '\0';
                got = cli_reader_fail(&rd, r.line, err, sizeof err, "%s%s", lerr, dir);
                break;
            }
            if (!(loaded_game = strdup(target))) {
                got = cli_reader_fail(&rd, r.line, err, sizeof err, "out of memory");
                break;
            }
            loaded_options = r.options; /* kept: the record lets go of it */
            r.options = NULL;
        }
        int plies = 0;
        if (verify(&rd, rs, &r, &plies, err, sizeof err)) {
            got = -1;
            break;
        }
        count++;
        if (r.error) {
            char safe[4 * 1024];
            ++*errors;
            printf("%s:%ld: game %ld, seed %llu, %s vs %s: ended in an error after %d moves (%ld,%ld), moves "
                   "verified: %s\n", file, r.line, r.index >= 0 ? r.index : count - 1, r.seed, r.p1, r.p2, plies,
                   r.scores[0], r.scores[1], cli_printable(r.error, safe, sizeof safe));
        } else {
            printf("%s:%ld: game %ld, seed %llu, %s vs %s: %s (%ld,%ld) in %d moves, verified\n", file, r.line,
                   r.index >= 0 ? r.index : count - 1, r.seed, r.p1, r.p2, cli_result_text(r.result), r.scores[0],
                   r.scores[1], plies);
        }
        cli_record_free(&r);
    }
    cli_record_free(&r);
    if (got == 0 && ferror(rd.f)) {
        snprintf(err, sizeof err, "%s: %s", file, strerror(errno));
        got = -1;
    }
    if (got < 0) {
        fflush(stdout);
        cli_error("%s", err);
    }
    t->ruleset_free(rs);
    free(loaded_game);
    free(loaded_options);
    cli_reader_close(&rd);
    fclose(rd.f);
    return got < 0 ? -1 : count;
}

int cmd_replay(int argc, char **argv)
{
    int files = 0, rules_only = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i]))
            return cli_help();
        if (strcmp(argv[i], "--rules-only") == 0) {
            rules_only = 1;
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) {
            int rc = cli_add_rules(argv[i + 1]);
            if (rc)
                return rc;
            argv[i] = argv[i + 1] = NULL;
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage_error(cli_command_usage(), "replay: unexpected argument '%s'", argv[i]);
        } else {
            files++;
        }
    }
    if (files == 0)
        return cli_usage_error(cli_command_usage(), "replay: %s", "which record file?");
    long total = 0, errors = 0;
    for (int i = 0; i < argc; i++) {
        long n = argv[i] ? replay_file(argv[i], rules_only, &errors) : 0;
        if (n < 0)
            return 1;
        total += n;
    }
    if (errors)
        printf("replay: %ld games verified, %ld of them ended in an error\n", total, errors);
    else
        printf("replay: %ld games verified\n", total);
    return 0;
}
