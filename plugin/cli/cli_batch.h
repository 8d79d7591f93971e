/* tavola batch [--rules DIR]...: one process answering many commands. Each
 * line on stdin is the arguments of one tavola command (list, play, perft,
 * show or solve), split into words at blanks, '...' and "..." each one word
 * (no escapes; a quote left open is an error). The command runs in this
 * process, its output and its error messages on stdout, and its answer ends
 * with a line of the byte 0x1E (record separator) and its exit status, e.g.
 * "\x1e" "0". No command's output can hold that byte at the start of a line:
 * outside text reaches the terminal through cli_printable or as JSON, which
 * both escape it.
 *
 * A client (a test's reference, a script, a server) so starts the command
 * once instead of once a question. --rules is given to batch itself, once:
 * a line that names it is refused, as are the commands that read stdin or
 * start processes (play at the prompt, match, ugi, gtp) or read files of
 * records (replay, merge). A line is at most CLI_BATCH_LINE_MAX bytes and
 * CLI_BATCH_WORDS_MAX words; a longer one is refused whole and the batch
 * goes on. Exit status: 0 when stdin ends, 2 for bad arguments, 1 when the
 * answers cannot be written. */
#ifndef CLI_BATCH_H
#define CLI_BATCH_H

#define CLI_BATCH_LINE_MAX (4 * 1024 * 1024)
#define CLI_BATCH_WORDS_MAX 1024

typedef int (*cli_command_fn)(int argc, char **argv);

/* find: the command of that name that a batch may run, or NULL. */
int cmd_batch(int argc, char **argv, cli_command_fn (*find)(const char *name));

#endif
