/* tavola batch: command lines read from stdin, each run in this process and
 * its answer closed by a record separator line (cli_batch.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_batch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_args.h"

static const char batch_usage[] =
    "usage: tavola batch [--rules DIR]...\n"
    "Reads command lines on stdin (the arguments after `tavola`: list, play, perft, show or\n"
    "solve), runs each in this one process and writes its output and errors on stdout,\n"
    "closed by a line of the byte 0x1E and the exit status. Words are split at blanks;\n"
    "'...' and \"...\" are one word each. --rules is given here, once, for every line.\n";

/* Reads one line (without its newline) into buf; 1 when a line was read, 0 at
 * the end of input. A line longer than size - 1 bytes is read to its end
 * and *too_long set. */
static int read_line(char *buf, size_t size, int *too_long)
{
    size_t len = 0;
    *too_long = 0;
    for (;;) {
        if (!fgets(buf + len, (int)(size - len), stdin)) {
            buf[len] = '\0';
            return len > 0 || *too_long;
        }
        len += strlen(buf + len);
        if (len > 0 && buf[len - 1] == '\n') {
            buf[len - 1] = '\0';
            return 1;
        }
        if (len + 1 >= size) { /* no room for more: drop what is read */
            *too_long = 1;
            len = 0;
        }
    }
}

/* Splits line in place into words (argv, at most max); their count, or -1
 * (a quote left open) or -2 (too many words). */
static int split_words(char *line, char **argv, int max)
{
    int argc = 0;
    char *in = line;
    while (*in) {
        while (*in == ' ' || *in == '\t' || *in == '\r')
            in++;
        if (!*in)
            break;
        if (argc == max)
            return -2;
        char *out = in;
        argv[argc++] = out;
        while (*in && *in != ' ' && *in != '\t' && *in != '\r') {
            if (*in == '\'' || *in == '"') {
                char quote = *in++;
                while (*in && *in != quote)
                    *out++ = *in++;
                if (!*in)
                    return -1;
                in++;
            } else
                *out++ = *in++;
        }
        if (*in)
            in++;
        *out = '\0';
    }
    return argc;
}

/* Why a line may not run in a batch, or NULL. */
static const char *refused(int argc, char **argv, cli_command_fn (*find)(const char *))
{
    if (!find(argv[0]))
        return "batch runs list, play, perft, show and solve";
    int answers = strcmp(argv[0], "play") != 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rules") == 0)
            return "--rules is given to tavola batch itself, not on a line";
        if (strcmp(argv[i], "--json") == 0 || strcmp(argv[i], "--moves") == 0 ||
            strcmp(argv[i], "--position") == 0 || cli_is_help(argv[i]))
            answers = 1;
    }
    return answers ? NULL : "play in a batch needs --moves, --position or --json (there is no prompt)";
}

/* Runs one line; its exit status. */
static int run_line(char *line, int too_long, cli_command_fn (*find)(const char *))
{
    static char *argv[CLI_BATCH_WORDS_MAX + 1];
    if (too_long) {
        cli_error("batch: a line longer than %d bytes", CLI_BATCH_LINE_MAX - 1);
        return 2;
    }
    int argc = split_words(line, argv, CLI_BATCH_WORDS_MAX);
    if (argc == -1) {
        cli_error("batch: a quote left open");
        return 2;
    }
    if (argc == -2) {
        cli_error("batch: more than %d words on a line", CLI_BATCH_WORDS_MAX);
        return 2;
    }
    if (argc == 0) {
        cli_error("batch: an empty line");
        return 2;
    }
    argv[argc] = NULL;
    const char *why = refused(argc, argv, find);
    if (why) {
        cli_error("batch: %s: %s", argv[0], why);
        return 2;
    }
    cli_set_command(argv[0]);
    int rc = find(argv[0])(argc - 1, argv + 1);
    cli_set_command("batch");
    return rc == CLI_HELP ? 0 : rc;
}

int cmd_batch(int argc, char **argv, cli_command_fn (*find)(const char *name))
{
    int rc;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(batch_usage, stdout);
            return CLI_HELP;
        }
        if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) {
            if ((rc = cli_add_rules(argv[++i])))
                return rc;
        } else
            return cli_usage_error(batch_usage, "batch: unexpected argument '%s'", argv[i]);
    }
    /* Errors join the answers, in order: cli_error flushes stdout first. */
    fflush(stdout);
    if (dup2(STDOUT_FILENO, STDERR_FILENO) < 0) {
        cli_error("batch: %s", strerror(errno));
        return 1;
    }
    char *line = malloc(CLI_BATCH_LINE_MAX);
    if (!line) {
        cli_error("batch: out of memory");
        return 1;
    }
    int too_long;
    while (read_line(line, CLI_BATCH_LINE_MAX, &too_long)) {
        rc = run_line(line, too_long, find);
        printf("\x1e%d\n", rc);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            free(line);
            return 1;
        }
    }
    free(line);
    return 0;
}
