/* The command's shared arguments and the ABI table (see cli_args.h). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli_args.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static const tavola_api *api;
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

static void fetch_api(void) { api = tavola_get_api(TAVOLA_ABI_VERSION); }

/* Once, so that the UGI search thread may ask too. */
const tavola_api *cli_api(void)
{
    pthread_once(&api_once, fetch_api);
    return api;
}

const char cli_usage[] =
    "usage: tavola COMMAND [ARGUMENTS]     (tavola COMMAND --help: that command's usage)\n"
    "       tavola list [--json] [--rules DIR]\n"
    "       tavola play RULESET [-o key=value]... [--seed N] [--p1 PLAYER] [--p2 PLAYER]\n"
    "                   [--moves \"m1 m2 ...\"] [--position POS] [--json] [--rules DIR]\n"
    "       tavola perft RULESET DEPTH [--turns] [-o key=value]... [--seed N] [--position POS] [--rules DIR]\n"
    "       tavola ugi RULESET [-o key=value]... [--seed N] [--rules DIR]\n"
    "       tavola gtp RULESET [-o key=value]... [--player SPEC] [--seed N] [--rules DIR]\n"
    "       tavola solve RULESET [-o key=value]... [--position POS] [--moves M] [--positions MAX]\n"
    "                   [--rules DIR]\n"
    "       tavola show RULESET [-o key=value]... [--seed N] [--position POS] [--moves \"...\"]\n"
    "                   [--svg FILE|-] [--rules DIR]\n"
    "       tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]... [--seed S]\n"
    "                   [--swap-sides] [--openings FILE] [--random-plies N] [--jobs J] [--shard K/N]\n"
    "                   [--record FILE] [--json] [--rules DIR]\n"
    "       tavola merge RESULT.json... [--json]\n"
    "       tavola replay RECORDS... [--rules DIR] [--rules-only]\n"
    "       tavola batch [--rules DIR]    (command lines on stdin, answered in one process)\n"
    "       tavola serve [--port N] [--db FILE] [--rules DIR]   (the web game center)\n"
    "       tavola --version\n"
    "RULESET is a name from `tavola list` or a path to a .lua file; --rules DIR (repeatable)\n"
    "adds a folder of rulesets, searched before TAVOLA_PATH. See also: man tavola.\n";

/* Each command's own usage: what `tavola COMMAND --help` prints. */
static const struct usage {
    const char *command, *text;
} usages[] = {
    {"list", "usage: tavola list [--json] [--rules DIR]\n"
             "Lists the rulesets found: name, description and options with their defaults.\n"
             "  --json        one JSON object: every ruleset, its title, description and options\n"
             "  --rules DIR   search DIR too, before TAVOLA_PATH (repeatable)\n"},
    {"play", "usage: tavola play RULESET [-o key=value]... [--seed N] [--p1 PLAYER] [--p2 PLAYER]\n"
             "                   [--moves \"m1 m2 ...\"] [--position POS] [--json] [--rules DIR]\n"
             "Plays a game at the terminal; with --moves or --position, prints the position reached.\n"
             "  -o key=value  a ruleset option (see tavola list)\n"
             "  --seed N      the game's seed (default: the clock)\n"
             "  --p1, --p2    human (default) or a player spec: random, greedy, mcts:ms=500, ...\n"
             "  --moves M     play these moves (spaces or commas) and print the result\n"
             "  --position P  start from this position string\n"
             "  --json        print the position as JSON\n"
             "  --rules DIR   search DIR for rulesets too (repeatable)\n"},
    {"perft", "usage: tavola perft RULESET DEPTH [--turns] [-o key=value]... [--seed N] [--position POS] [--rules DIR]\n"
              "Counts the move paths of each length 1..DEPTH (DEPTH 1..30).\n"
              "  --turns       count paths of DEPTH whole turns: the moves a player makes before the\n"
              "                turn passes (two stones of Connect6, a sowing and its extra turns) are one;\n"
              "                a turn of more than 256 moves is refused\n"},
    {"ugi", "usage: tavola ugi RULESET [-o key=value]... [--seed N] [--rules DIR]\n"
            "Speaks the UGI protocol on stdin and stdout, for a GUI or a referee.\n"},
    {"gtp", "usage: tavola gtp RULESET [-o key=value]... [--player SPEC] [--seed N] [--rules DIR]\n"
            "Speaks the Go Text Protocol (GTP 2) on stdin and stdout, for Go GUIs, referees and\n"
            "engines, with a Go ruleset (go, atari_go: the groups family on a square board);\n"
            "every failure's reason also goes to stderr.\n"
            "  -o key=value  a ruleset option: -o size=9,komi=7.5 (boardsize and komi reload them)\n"
            "  --player SPEC the player genmove asks (default mcts:iterations=2000); time_settings\n"
            "                and time_left lower its time to a share of the clock\n"
            "  --seed N      the player's random streams (default 0)\n"
            "Vertices are GTP's (A..T without I, row 1 at the bottom). A colour told to move out\n"
            "of turn moves as if it were its turn; genmove passes only when no stone is useful\n"
            "(none in a region both colours border that takes stones or keeps two liberties).\n"},
    {"solve", "usage: tavola solve RULESET [-o key=value]... [--position POS] [--moves M] [--positions MAX]\n"
              "                    [--seed N] [--rules DIR]\n"
              "The value of the position with perfect play, and the best moves.\n"
              "  --positions MAX  give up after MAX positions (default 20000000)\n"
              "It also gives up beyond half the machine's memory (a position takes about 240 bytes\n"
              "in Connect Four 7x6: 20000000 of them about 5 GB).\n"},
    {"show", "usage: tavola show RULESET [-o key=value]... [--seed N] [--position POS] [--moves \"...\"]\n"
             "                   [--svg FILE|-] [--rules DIR]\n"
             "Prints the position as a text board, or writes it as an SVG picture (- for stdout).\n"},
    {"match", "usage: tavola match RULESET --p1 SPEC --p2 SPEC --games N [-o key=value]... [--seed S]\n"
              "                    [--swap-sides] [--openings FILE] [--random-plies N] [--jobs J] [--shard K/N]\n"
              "                    [--record FILE] [--json] [--rules DIR]\n"
              "Plays N games between two players and prints the score with its 95% interval,\n"
              "and how many of the games differ.\n"
              "  --swap-sides  the --p2 player moves first in the odd games\n"
              "  --openings FILE  games 2k and 2k+1 start from opening k (cycling), sides swapped:\n"
              "                a line is a position string or moves from the start; # comments\n"
              "  --random-plies N  then N uniformly random plies, the same in both games of a pair\n"
              "  --jobs J      play in J worker processes (1..256)\n"
              "  --shard K/N   play only the K-th of N shares of the games (add up with tavola merge)\n"
              "  --record FILE write every game as a record (tavola replay checks them)\n"
              "  --json        the result as JSON, for tavola merge\n"
              "A game in which the ruleset fails (a hook's error, a limit, a move refused) ends there:\n"
              "it is not scored but counted under errors with its message, recorded with its moves\n"
              "and [Error \"...\"], and the match goes on. Exit status: 0, 3 when any game ended in an\n"
              "error (the tally printed), 1 when the match could not be played, 2 for bad arguments.\n"},
    {"merge", "usage: tavola merge RESULT.json... [--json]\n"
              "Adds up the results (match --json) of one match's shards, their errors too;\n"
              "exits 3, as match does, when any game ended in an error.\n"},
    {"replay", "usage: tavola replay RECORDS... [--rules DIR] [--rules-only]\n"
               "Plays every record again and checks its moves, result and scores; a game that ended\n"
               "in an error (Result \"*\", an Error tag) is said so, once its moves are checked.\n"
               "  --rules DIR   search DIR for rulesets (instead of where the record says it found it)\n"
               "  --rules-only  load only rulesets found by name (--rules folders, TAVOLA_PATH,\n"
               "                the installed ones), never a file a record names: a record names the Lua it runs\n"},
};

static const char *command = NULL;

void cli_set_command(const char *name) { command = name; }

const char *cli_command_usage(void)
{
    for (size_t i = 0; command && i < sizeof usages / sizeof usages[0]; i++)
        if (strcmp(usages[i].command, command) == 0)
            return usages[i].text;
    return cli_usage;
}

int cli_is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

int cli_help(void)
{
    fputs(cli_command_usage(), stdout);
    return CLI_HELP;
}

/* The --rules folders given, as given and resolved (for records). */
static char rules_dirs[16][4096];
static int nrules;

int cli_add_rules(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        cli_error("--rules '%s': %s", dir, strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        cli_error("--rules '%s': not a folder", dir);
        return 2;
    }
    if (cli_api()->add_path(dir) != TAVOLA_OK) {
        cli_error("--rules '%s': more than 16 ruleset folders, or a name too long", dir);
        return 2;
    }
    char full[4096];
    if (nrules < 16 && realpath(dir, full) && strlen(full) < sizeof rules_dirs[0])
        strcpy(rules_dirs[nrules++], full);
    return 0;
}

int cli_rules_count(void) { return nrules; }

int cli_ruleset_origin(const char *name, char *path, size_t size)
{
    size_t len = strlen(name);
    if (strchr(name, '/') || (len > 4 && strcmp(name + len - 4, ".lua") == 0)) {
        char full[4096];
        if (!realpath(name, full) || strlen(full) >= size)
            return CLI_FOUND_NAME;
        strcpy(path, full);
        return CLI_FOUND_FILE;
    }
    for (int i = 0; i < nrules; i++) {
        struct stat st;
        int n = snprintf(path, size, "%s/%s.lua", rules_dirs[i], name);
        if (n > 0 && (size_t)n < size && stat(path, &st) == 0 && S_ISREG(st.st_mode))
            return CLI_FOUND_RULES;
    }
    if (size)
        path[0] = '\0';
    return CLI_FOUND_NAME;
}

int cli_usage_error(const char *usage, const char *fmt, const char *arg)
{
    cli_error(fmt, arg);
    fprintf(stderr, "%s", usage);
    return 2;
}

int cli_arg_option(const char *usage, char *options, size_t size, const char *value)
{
    size_t used = strlen(options);
    if (!strchr(value, '=') || value[0] == '=' || used + strlen(value) + 2 > size)
        return cli_usage_error(usage, "option '%s': expected key=value", value);
    snprintf(options + used, size - used, "%s%s", used ? "," : "", value);
    return 0;
}

int cli_arg_seed(const char *usage, const char *value, unsigned long long *seed)
{
    char *end;
    errno = 0;
    *seed = strtoull(value, &end, 10);
    if (*end || end == value || value[0] == '-' || errno)
        return cli_usage_error(usage, "--seed: '%s' is not a non-negative integer", value);
    return 0;
}

int cli_parse_play_args(int argc, char **argv, play_args *pa, int want_depth)
{
    const char *u = cli_command_usage();
    int rc;
    memset(pa, 0, sizeof *pa);
    pa->depth = -1;
    pa->player[0] = pa->player[1] = "human";
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            pa->json = 1;
            continue;
        }
        if (want_depth && strcmp(a, "--turns") == 0) {
            pa->turns = 1;
            continue;
        }
        if (cli_is_help(a))
            return cli_help();
        if (a[0] == '-' && !v)
            return cli_usage_error(u, "%s needs a value", a);
        if (strcmp(a, "-o") == 0) {
            if ((rc = cli_arg_option(u, pa->options, sizeof pa->options, v)))
                return rc;
        } else if (strcmp(a, "--seed") == 0) {
            if ((rc = cli_arg_seed(u, v, &pa->seed)))
                return rc;
            pa->seeded = 1;
        } else if (strcmp(a, "--p1") == 0 || strcmp(a, "--p2") == 0) {
            pa->player[a[3] - '1'] = v;
        } else if (strcmp(a, "--moves") == 0) {
            pa->moves = v;
        } else if (strcmp(a, "--position") == 0) {
            pa->position = v;
        } else if (strcmp(a, "--rules") == 0) {
            if ((rc = cli_add_rules(v)))
                return rc;
        } else if (want_depth && pa->name && pa->depth < 0 && a[0] >= '0' && a[0] <= '9') {
            char *end;
            errno = 0;
            long d = strtol(a, &end, 10);
            if (*end || errno || d < 1 || d > 30)
                return cli_usage_error(u, "perft: depth '%s' is not an integer 1..30", a);
            pa->depth = (int)d;
            continue;
        } else if (a[0] == '-' || pa->name) {
            return cli_usage_error(u, "unexpected argument '%s'", a);
        } else {
            pa->name = a;
            continue;
        }
        i++; /* the option's value */
    }
    if (!pa->name)
        return cli_usage_error(u, "%s", "which ruleset?");
    if (want_depth && pa->depth < 0)
        return cli_usage_error(u, "%s", "perft: which depth?");
    if (!pa->seeded)
        pa->seed = (unsigned long long)time(NULL);
    return 0;
}

int cli_start_game(const play_args *pa, tavola_ruleset **rs, tavola_game **g)
{
    const tavola_api *t = cli_api();
    char err[1024];
    *g = NULL;
    if (!(*rs = t->ruleset_load(pa->name, pa->options, err, sizeof err))) {
        cli_error("%s", err);
        return 1;
    }
    if (!(*g = t->game_new(*rs, pa->seed))) {
        cli_error("%s", t->ruleset_error(*rs));
        return 1;
    }
    if (pa->position && t->set_position(*g, pa->position)) {
        cli_error("%s", t->error(*g));
        return 1;
    }
    return 0;
}

int cli_play_moves(tavola_game *g, const char *moves)
{
    const tavola_api *t = cli_api();
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    if (!buf) {
        cli_error("out of memory");
        return 1;
    }
    memcpy(buf, moves, len + 1);
    int k = 0, rc = 0;
    char *save;
    for (char *m = strtok_r(buf, " \t\n,", &save); m && rc == 0; m = strtok_r(NULL, " \t\n,", &save)) {
        k++;
        if (t->play_text(g, m)) {
            cli_error("move %d '%s' refused: %s", k, m, t->error(g));
            rc = 1;
        }
    }
    free(buf);
    return rc;
}

/* The length of the UTF-8 sequence at p that a terminal shows as text: 1
 * for printable ASCII, 2..4 for a valid multi-byte character other than a C1
 * control (U+0080..U+009F, which terminals obey like ESC [); 0 for a byte to
 * escape (a C0 control, DEL, a C1 control, a byte of no valid sequence). */
static size_t shown_length(const unsigned char *p)
{
    if (*p >= 0x20 && *p < 0x7f)
        return 1;
    size_t n = *p >= 0xc2 && *p <= 0xdf ? 2 : *p >= 0xe0 && *p <= 0xef ? 3 : *p >= 0xf0 && *p <= 0xf4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)
        return 0; /* C1 */
    if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) || (n == 4 && p[0] == 0xf0 && p[1] < 0x90) ||
        (n == 4 && p[0] == 0xf4 && p[1] > 0x8f) || (n == 3 && p[0] == 0xed && p[1] > 0x9f))
        return 0; /* overlong, past U+10FFFF, a surrogate */
    return n;
}

char *cli_printable(const char *text, char *buf, size_t size)
{
    size_t k = 0;
    if (!size)
        return buf;
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p;) {
        size_t n = shown_length(p);
        if (*p == '\\' || n == 0) {
            if (k + 4 >= size)
                break;
            k += (size_t)(*p == '\\' ? snprintf(buf + k, size - k, "\\\\") : snprintf(buf + k, size - k, "\\x%02x", *p));
            p++;
            continue;
        }
        if (k + n >= size)
            break;
        memcpy(buf + k, p, n);
        k += n, p += n;
    }
    buf[k] = '\0';
    return buf;
}

void cli_print_text(FILE *f, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t n = *p == '\n' ? 1 : shown_length(p);
        if (n == 0)
            fprintf(f, "\\x%02x", *p++);
        else
            fwrite(p, 1, n, f), p += n;
    }
}

void cli_error(const char *fmt, ...)
{
    char msg[8192], safe[4 * sizeof msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fflush(stdout); /* what was said before the error comes before it */
    fprintf(stderr, "tavola: %s\n", cli_printable(msg, safe, sizeof safe));
}
