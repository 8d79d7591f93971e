/* tavola: the command-line host. main() and the table of subcommands; each
 * subcommand lives in its own file and reaches the library through the
 * plugin ABI (tavola.h) only. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_batch.h"
#include "cli_gtp.h"
#include "cli_json.h"
#include "cli_limits.h"
#include "cli_match.h"
#include "cli_merge.h"
#include "cli_play.h"
#include "cli_replay.h"
#include "cli_show.h"
#include "cli_solve.h"
#include "cli_ugi.h"
#include "serve.h"

/* The names of the rulesets found ("a\nb\n", malloc'd), growing the buffer
 * until they fit; their count in *n (negative: an error of the library). */
static char *ruleset_names(int *n)
{
    const tavola_api *t = cli_api();
    for (size_t size = 16 * 1024; size <= 64u * 1024 * 1024; size *= 4) {
        char *names = malloc(size);
        if (!names)
            break;
        if ((*n = t->list(names, size)) != TAVOLA_ELIMIT)
            return names;
        free(names);
    }
    *n = TAVOLA_ENOMEM;
    return NULL;
}

/* An option's type as list --json names it (tavola.h, ruleset_option_type). */
static const char *option_type_name(const tavola_ruleset *rs, int i)
{
    switch (cli_api()->ruleset_option_type(rs, i)) {
    case TAVOLA_OPTION_BOOL:
        return "bool";
    case TAVOLA_OPTION_INT:
        return "int";
    case TAVOLA_OPTION_NUMBER:
        return "number";
    default:
        return "string";
    }
}

/* A bound as list writes it: an int option's as an integer, a number's
 * with enough digits to read back the same double (17 in JSON). */
static void bound_text(char *buf, size_t size, double v, int type, int digits)
{
    if (type == TAVOLA_OPTION_INT)
        snprintf(buf, size, "%.0f", v);
    else
        snprintf(buf, size, "%.*g", digits, v);
}

/* What an option's value must be besides its type (tavola.h,
 * ruleset_option_range), as list shows it after the doc: "[5..26]",
 * "[>= 0]", "[none|pro|swap]"; "" when the ruleset declares nothing. */
static const char *option_range_text(const tavola_ruleset *rs, int i, char *buf, size_t size)
{
    const tavola_api *t = cli_api();
    double min, max;
    const char *choices;
    int type = t->ruleset_option_type(rs, i);
    int n = t->ruleset_option_range(rs, i, &min, &max, &choices);
    char lo[40], hi[40];
    bound_text(lo, sizeof lo, min, type, 14);
    bound_text(hi, sizeof hi, max, type, 14);
    buf[0] = '\0';
    if (n > 0) { /* the choices are at most 255 characters: they fit */
        snprintf(buf, size, " [%s]", choices);
        for (char *p = buf; *p; p++)
            if (*p == '\n')
                *p = '|';
    } else if (min > -HUGE_VAL && max < HUGE_VAL)
        snprintf(buf, size, " [%s..%s]", lo, hi);
    else if (min > -HUGE_VAL)
        snprintf(buf, size, " [>= %s]", lo);
    else if (max < HUGE_VAL)
        snprintf(buf, size, " [<= %s]", hi);
    return buf;
}

/* An option's "min"/"max" (those declared) or "choices" in list --json. */
static void range_json(const tavola_ruleset *rs, int i)
{
    const tavola_api *t = cli_api();
    double min, max;
    const char *choices;
    int type = t->ruleset_option_type(rs, i);
    int n = t->ruleset_option_range(rs, i, &min, &max, &choices);
    char num[40];
    if (min > -HUGE_VAL) {
        bound_text(num, sizeof num, min, type, 17);
        printf(",\"min\":%s", num);
    }
    if (max < HUGE_VAL) {
        bound_text(num, sizeof num, max, type, 17);
        printf(",\"max\":%s", num);
    }
    if (n > 0) {
        printf(",\"choices\":[");
        for (int k = 0; k < n; k++) {
            size_t len = strcspn(choices, "\n");
            char word[256]; /* the choices are at most 255 characters */
            snprintf(word, sizeof word, "%.*s", (int)len, choices);
            printf("%s", k ? "," : "");
            cli_json_string(stdout, word);
            choices += len + (choices[len] == '\n');
        }
        printf("]");
    }
}

static void list_json(const tavola_ruleset *rs, const char *name, int first)
{
    const tavola_api *t = cli_api();
    const char *family, *data_family, *move_text;
    t->ruleset_family(rs, &family, &data_family, &move_text);
    printf("%s\n  {\"name\":", first ? "" : ",");
    cli_json_string(stdout, name);
    printf(",\"title\":");
    cli_json_string(stdout, t->ruleset_title(rs));
    printf(",\"description\":");
    cli_json_string(stdout, t->ruleset_description(rs));
    printf(",\"players\":[");
    cli_json_string(stdout, t->ruleset_player(rs, 1));
    printf(",");
    cli_json_string(stdout, t->ruleset_player(rs, 2));
    printf("],\"family\":");
    cli_json_string(stdout, family);
    printf(",\"data_family\":");
    cli_json_string(stdout, data_family);
    printf(",\"move_text\":");
    cli_json_string(stdout, move_text);
    printf(",\"options\":[");
    for (int j = 0; j < t->ruleset_option_count(rs); j++) {
        const char *oname, *def, *doc;
        t->ruleset_option(rs, j, &oname, &def, &doc);
        printf("%s{\"name\":", j ? "," : "");
        cli_json_string(stdout, oname);
        printf(",\"type\":\"%s\",\"default\":", option_type_name(rs, j));
        cli_json_string(stdout, def);
        range_json(rs, j);
        printf(",\"doc\":");
        cli_json_string(stdout, doc);
        printf("}");
    }
    printf("]}");
}

/* tavola list [--json] [--rules DIR]: each ruleset found, its description
 * and options. */
static int cmd_list(int argc, char **argv)
{
    const tavola_api *t = cli_api();
    int json = 0, rc;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i]))
            return cli_help();
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) {
            if ((rc = cli_add_rules(argv[++i])))
                return rc;
        } else if (strcmp(argv[i], "--rules") == 0)
            return cli_usage_error(cli_command_usage(), "%s needs a value", argv[i]);
        else
            return cli_usage_error(cli_command_usage(), "list: unexpected argument '%s'", argv[i]);
    }
    int n, failed = 0, shown = 0;
    char *names = ruleset_names(&n);
    if (n < 0) {
        cli_error("cannot list the rulesets (error %d)", n);
        free(names);
        return 1;
    }
    if (json)
        printf("{\"rulesets\":[");
    char *save;
    for (char *name = strtok_r(names, "\n", &save); name && n > 0; name = strtok_r(NULL, "\n", &save)) {
        char err[1024];
        tavola_ruleset *rs = t->ruleset_load(name, NULL, err, sizeof err);
        if (!rs) {
            cli_error("%s", err);
            failed = 1;
            continue;
        }
        if (json) {
            list_json(rs, name, !shown++);
            t->ruleset_free(rs);
            continue;
        }
        const char *desc = t->ruleset_description(rs);
        char text[2048], opt[512], safe[1024];
        printf("%-12s %s\n", name, cli_printable(desc[0] ? desc : t->ruleset_title(rs), text, sizeof text));
        /* The family's line, its text in the column of the options' docs. */
        const char *family, *data_family, *move_text;
        t->ruleset_family(rs, &family, &data_family, &move_text);
        if (strcmp(family, data_family) != 0)
            snprintf(opt, sizeof opt, "moves: %s over %s", family, data_family);
        else
            snprintf(opt, sizeof opt, "moves: %s", family);
        printf("    %-25s %s\n", opt, move_text);
        for (int j = 0; j < t->ruleset_option_count(rs); j++) {
            const char *oname, *def, *doc;
            char range[512], safe_range[1024];
            t->ruleset_option(rs, j, &oname, &def, &doc);
            snprintf(opt, sizeof opt, "%s=%s", oname, def);
            printf("    -o %-22s %s%s\n", cli_printable(opt, safe, sizeof safe), cli_printable(doc, text, sizeof text),
                   cli_printable(option_range_text(rs, j, range, sizeof range), safe_range, sizeof safe_range));
        }
        t->ruleset_free(rs);
    }
    free(names);
    if (json)
        printf("%s]}\n", shown ? "\n" : "");
    if (n == 0)
        cli_error("no rulesets found (use --rules DIR or TAVOLA_PATH)");
    return failed || n == 0 ? 1 : 0;
}

/* The commands a batch may run: those that answer and end, reading no stdin
 * and starting no process. */
static cli_command_fn batch_command(const char *name)
{
    static const struct {
        const char *name;
        cli_command_fn run;
    } answering[] = {{"list", cmd_list}, {"play", cmd_play}, {"perft", cmd_perft}, {"show", cmd_show},
                     {"solve", cmd_solve}};
    for (size_t i = 0; i < sizeof answering / sizeof answering[0]; i++)
        if (strcmp(name, answering[i].name) == 0)
            return answering[i].run;
    return NULL;
}

static int cmd_batch_main(int argc, char **argv) { return cmd_batch(argc, argv, batch_command); }

/* The subcommands: each gets the arguments after its name. */
static const struct command {
    const char *name;
    cli_command_fn run;
} commands[] = {
    {"list", cmd_list},   {"play", cmd_play},     {"perft", cmd_perft}, {"match", cmd_match}, {"merge", cmd_merge},
    {"replay", cmd_replay}, {"solve", cmd_solve}, {"ugi", cmd_ugi},     {"show", cmd_show},
    {"gtp", cmd_gtp},     {"batch", cmd_batch_main}, {"serve", serve_main},
};

int main(int argc, char **argv)
{
    if (!cli_api()) {
        cli_error("the library does not serve ABI version %d", TAVOLA_ABI_VERSION);
        return 1;
    }
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(cli_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("tavola %s (plugin ABI %d)\n", cli_api()->version, TAVOLA_ABI_VERSION);
        return 0;
    }
    /* A file over the size limit (ulimit -f) fails the write with EFBIG,
     * which is reported, instead of killing the process mid-record. */
    signal(SIGXFSZ, SIG_IGN);
    int limits_rc = cli_limits_from_env();
    if (limits_rc)
        return limits_rc;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[1], commands[i].name) != 0)
            continue;
        cli_set_command(commands[i].name);
        int rc = commands[i].run(argc - 2, argv + 2);
        if (rc == CLI_HELP)
            rc = 0;
        /* What could not be written is an error, whatever the command did. */
        if (fflush(stdout) != 0 || ferror(stdout)) {
            cli_error("writing the output: %s", strerror(errno ? errno : EIO));
            return rc ? rc : 1;
        }
        return rc;
    }
    return cli_usage_error(cli_usage, "unknown command '%s'", argv[1]);
}
