/* GTP, the Go Text Protocol (version 2), through the ABI: the command loop.
 * A line is read as GTP says: control characters other than HT and LF are
 * dropped, HT is a space, "#" starts a comment to the end of the line, and a
 * line left empty is skipped; "[id] command_name [arguments]", the id a
 * number (digits) answered back as "=id ..." or "?id ...". Command names
 * are case-sensitive (as in GNU Go); colours and vertices are not. Every
 * answer ends with an empty line; a failure says "? reason" (the standard
 * reasons: "unknown command", "syntax error", "illegal move", "unacceptable
 * size", "cannot undo", "cannot score") and changes nothing, and its detail
 * goes to the log. The game's commands are in cli_gtp_board.c, genmove and
 * the clocks in cli_gtp_genmove.c. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli_gtp.h"
#include "cli_gtp_engine.h"

#define LINE_MAX_LEN 65536
#define ARGS_MAX 64

void gtp_log(gtp_engine *e, const char *fmt, ...)
{
    if (!e->log)
        return;
    char raw[2048], msg[4 * sizeof raw];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    fprintf(e->log, "tavola gtp: %s\n", cli_printable(raw, msg, sizeof msg));
    fflush(e->log);
}

void gtp_success(gtp_engine *e, const char *id, const char *text)
{
    if (text && *text)
        fprintf(e->out, "=%s%s%s\n\n", id, text[0] == '\n' ? "" : " ", text);
    else
        fprintf(e->out, "=%s\n\n", id);
    fflush(e->out);
}

void gtp_failure(gtp_engine *e, const char *id, const char *message, const char *detail)
{
    fprintf(e->out, "?%s %s\n\n", id, message);
    fflush(e->out);
    if (detail && *detail)
        gtp_log(e, "error: %s: %s (%s)", e->command, message, detail);
    else
        gtp_log(e, "error: %s: %s", e->command, message);
}

static void cmd_protocol_version(gtp_engine *e, const char *id, int argc, char **argv);
static void cmd_name(gtp_engine *e, const char *id, int argc, char **argv);
static void cmd_version(gtp_engine *e, const char *id, int argc, char **argv);
static void cmd_known_command(gtp_engine *e, const char *id, int argc, char **argv);
static void cmd_list_commands(gtp_engine *e, const char *id, int argc, char **argv);
static void cmd_quit(gtp_engine *e, const char *id, int argc, char **argv);

/* The commands, in the order list_commands gives them; argc and argv are
 * the arguments after the name. */
static const struct gtp_command {
    const char *name;
    void (*run)(gtp_engine *e, const char *id, int argc, char **argv);
    int args; /* how many arguments it takes */
} commands[] = {
    {"protocol_version", cmd_protocol_version, 0},
    {"name", cmd_name, 0},
    {"version", cmd_version, 0},
    {"known_command", cmd_known_command, 1},
    {"list_commands", cmd_list_commands, 0},
    {"quit", cmd_quit, 0},
    {"boardsize", gtp_cmd_boardsize, 1},
    {"clear_board", gtp_cmd_clear_board, 0},
    {"komi", gtp_cmd_komi, 1},
    {"play", gtp_cmd_play, 2},
    {"genmove", gtp_cmd_genmove, 1},
    {"undo", gtp_cmd_undo, 0},
    {"final_score", gtp_cmd_final_score, 0},
    {"showboard", gtp_cmd_showboard, 0},
    {"time_settings", gtp_cmd_time_settings, 3},
    {"time_left", gtp_cmd_time_left, 3},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void cmd_protocol_version(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_success(e, id, "2");
}

static void cmd_name(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_success(e, id, "tavola");
}

static void cmd_version(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_success(e, id, cli_api()->version);
}

static void cmd_known_command(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc;
    int known = 0;
    for (int i = 0; i < NCOMMANDS && !known; i++)
        known = strcmp(commands[i].name, argv[0]) == 0;
    gtp_success(e, id, known ? "true" : "false");
}

static void cmd_list_commands(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    char text[1024] = "";
    size_t n = 0;
    for (int i = 0; i < NCOMMANDS; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", i ? "\n" : "", commands[i].name);
    gtp_success(e, id, text);
}

static int quitting;

static void cmd_quit(gtp_engine *e, const char *id, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_success(e, id, NULL);
    quitting = 1;
}

/* GTP's preprocessing of a line, in place: control characters other than HT
 * and LF dropped, HT made a space, a comment cut off. */
static void preprocess(char *line)
{
    char *w = line;
    for (const char *r = line; *r && *r != '#'; r++) {
        unsigned char c = (unsigned char)*r;
        if (c == '\t')
            *w++ = ' ';
        else if (c >= 32 && c != 127)
            *w++ = (char)c;
    }
    *w = '\0';
}

/* One command line, preprocessed and not empty. */
static void run_line(gtp_engine *e, char *line)
{
    char id[32] = "", *p = line;
    while (*p == ' ')
        p++;
    size_t digits = strspn(p, "0123456789");
    if (digits && (p[digits] == ' ' || p[digits] == '\0')) {
        /* The id, answered back as given (a longer one is cut: still a number). */
        snprintf(id, sizeof id, "%.*s", (int)(digits < sizeof id - 1 ? digits : sizeof id - 1), p);
        p += digits;
    }
    char *argv[ARGS_MAX + 1], *save;
    int argc = 0;
    for (char *f = strtok_r(p, " ", &save); f; f = strtok_r(NULL, " ", &save))
        if (argc <= ARGS_MAX)
            argv[argc++] = f;
    if (argc == 0) {
        snprintf(e->command, sizeof e->command, "(no command after the id)");
        gtp_failure(e, id, "unknown command", NULL);
        return;
    }
    char shown[sizeof e->command];
    snprintf(shown, sizeof shown, "%s", argv[0]);
    for (int i = 1; i < argc; i++) {
        size_t n = strlen(shown);
        snprintf(shown + n, sizeof shown - n, " %s", argv[i]);
    }
    snprintf(e->command, sizeof e->command, "%s", shown);
    for (int i = 0; i < NCOMMANDS; i++) {
        if (strcmp(commands[i].name, argv[0]) != 0)
            continue;
        if (argc - 1 != commands[i].args) {
            char detail[96];
            snprintf(detail, sizeof detail, "%s takes %d argument%s, got %d", commands[i].name, commands[i].args,
                     commands[i].args == 1 ? "" : "s", argc - 1);
            gtp_failure(e, id, "syntax error", detail);
            return;
        }
        commands[i].run(e, id, argc - 1, argv + 1);
        return;
    }
    gtp_failure(e, id, "unknown command", NULL);
}

int gtp_run(FILE *in, FILE *out, FILE *log, const char *ruleset, const char *options, const char *player,
            unsigned long long seed)
{
    gtp_engine *e = calloc(1, sizeof *e);
    char *line = malloc(LINE_MAX_LEN);
    if (!e || !line) {
        free(e);
        free(line);
        if (log)
            fprintf(log, "tavola gtp: out of memory\n");
        return 1;
    }
    e->out = out;
    e->log = log;
    e->seed = seed;
    snprintf(e->name, sizeof e->name, "%s", ruleset);
    snprintf(e->player_spec, sizeof e->player_spec, "%s", player ? player : GTP_DEFAULT_PLAYER);
    snprintf(e->command, sizeof e->command, "gtp %s", ruleset);
    char err[1024];
    int rc = 0;
    if (gtp_load(e, options ? options : "", 0, err, sizeof err)) {
        gtp_log(e, "error: %s", err);
        rc = 1;
    } else {
        /* The player is checked once, so that a bad spec is said at the start. */
        tavola_player *p = cli_api()->player_new(e->rs, e->player_spec, seed, err, sizeof err);
        if (!p) {
            gtp_log(e, "error: --player '%s': %s", e->player_spec, err);
            rc = 1;
        }
        cli_api()->player_free(p);
    }
    quitting = 0;
    while (!rc && !quitting && fgets(line, LINE_MAX_LEN, in)) {
        size_t len = strlen(line);
        if (len == LINE_MAX_LEN - 1 && line[len - 1] != '\n') { /* an over-long line: skip the rest */
            int c;
            while ((c = fgetc(in)) != EOF && c != '\n')
                ;
            snprintf(e->command, sizeof e->command, "(a line over %d bytes)", LINE_MAX_LEN - 2);
            gtp_failure(e, "", "line too long", NULL);
            continue;
        }
        preprocess(line);
        if (strspn(line, " ") == strlen(line))
            continue;
        run_line(e, line);
    }
    gtp_drop_player(e);
    cli_api()->game_free(e->g);
    cli_api()->ruleset_free(e->rs);
    free(e->moves);
    free(e);
    free(line);
    return rc;
}

/* tavola gtp RULESET [-o k=v]... [--player SPEC] [--seed N] [--rules DIR] */
int cmd_gtp(int argc, char **argv)
{
    const char *u = cli_command_usage(), *name = NULL, *player = NULL;
    static char options[4096];
    unsigned long long seed = 0;
    int rc;
    options[0] = '\0';
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a))
            return cli_help();
        int takes = strcmp(a, "-o") == 0 || strcmp(a, "--player") == 0 || strcmp(a, "--seed") == 0 ||
                    strcmp(a, "--rules") == 0;
        if (takes && i + 1 >= argc)
            return cli_usage_error(u, "%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            if ((rc = cli_arg_option(u, options, sizeof options, argv[++i])))
                return rc;
        } else if (strcmp(a, "--player") == 0) {
            player = argv[++i];
        } else if (strcmp(a, "--seed") == 0) {
            if ((rc = cli_arg_seed(u, argv[++i], &seed)))
                return rc;
        } else if (strcmp(a, "--rules") == 0) {
            if ((rc = cli_add_rules(argv[++i])))
                return rc;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error(u, "gtp: unknown option '%s'", a);
        } else if (!name) {
            name = a;
        } else {
            return cli_usage_error(u, "gtp: unexpected argument '%s'", a);
        }
    }
    if (!name)
        return cli_usage_error(u, "gtp: %s", "no ruleset named (go, atari_go, or a .lua file of the groups family)");
    if (player && strlen(player) >= sizeof ((gtp_engine *)0)->player_spec)
        return cli_usage_error(u, "gtp: --player '%s' is too long", player);
    return gtp_run(stdin, stdout, stderr, name, options, player, seed);
}
