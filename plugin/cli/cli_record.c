/* Game records (see cli_record.h): writing one, reading them back. */
#define _POSIX_C_SOURCE 200809L
#include "cli_record.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "tv_buf.h"

const char *cli_result_text(int winner) { return winner == 1 ? "1-0" : winner == 2 ? "0-1" : "1/2-1/2"; }

/* A tag, its value escaped: a quote or backslash after a backslash, a
 * control byte as \n, \r, \t or \xHH, so any value reads back as written.
 * Room for the worst case is made once (four bytes a byte), not a byte at
 * a time: a match writes a record a game. */
static void tag(tv_buf *b, const char *name, const char *value)
{
    static const char hex[] = "0123456789abcdef";
    size_t nlen = strlen(name), vlen = strlen(value);
    if (!tv_buf_room(b, nlen + 4 * vlen + 6))
        return;
    char *o = b->s + b->len;
    *o++ = '[';
    memcpy(o, name, nlen);
    o += nlen;
    *o++ = ' ';
    *o++ = '"';
    for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
        if (*p == '"' || *p == '\\')
            *o++ = '\\', *o++ = (char)*p;
        else if (*p == '\n')
            *o++ = '\\', *o++ = 'n';
        else if (*p == '\r')
            *o++ = '\\', *o++ = 'r';
        else if (*p == '\t')
            *o++ = '\\', *o++ = 't';
        else if (*p < 0x20 || *p == 0x7f)
            *o++ = '\\', *o++ = 'x', *o++ = hex[*p >> 4], *o++ = hex[*p & 15];
        else
            *o++ = (char)*p;
    }
    memcpy(o, "\"]\n", 4); /* with the NUL */
    b->len = (size_t)(o + 3 - b->s);
}

/* n in decimal, ending at end (no NUL written): its first byte. A record
 * writes a few numbers a game, and printf's were a tenth of its cost. */
static char *decimal(char *end, unsigned long long n)
{
    do
        *--end = (char)('0' + n % 10);
    while ((n /= 10) > 0);
    return end;
}

static char *signed_decimal(char *end, long long n)
{
    char *p = decimal(end, n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n);
    if (n < 0)
        *--p = '-';
    return p;
}

void cli_origin_of(const char *game, cli_origin *o)
{
    int how = cli_ruleset_origin(game, o->file, sizeof o->file);
    o->found = how == CLI_FOUND_FILE ? "file" : how == CLI_FOUND_RULES ? "rules" : "name";
}

/* The tags before the seed, which are the same for every game of a match. */
static void head_tags(tv_buf *b, const tavola_ruleset *rs, const cli_record_tags *tags)
{
    tag(b, "Game", tags->game);
    if (tags->origin) {
        tag(b, "Found", tags->origin->found);
        if (tags->origin->file[0])
            tag(b, "File", tags->origin->file);
    }
    tag(b, "Options", cli_api()->ruleset_options(rs));
}

char *cli_record_head(const tavola_ruleset *rs, const cli_record_tags *tags)
{
    tv_buf b = {0};
    head_tags(&b, rs, tags);
    if (b.failed || !b.s) {
        tv_buf_free(&b);
        return NULL;
    }
    return b.s;
}

char *cli_record_format(const tavola_ruleset *rs, uint64_t seed, tavola_game *g, const cli_record_tags *tags,
                        const char *error)
{
    const tavola_api *t = cli_api();
    char num[64];
    /* The record built whole, then written once: a match writes one a game,
     * and a stdio call a piece cost as much as the game. */
    tv_buf b = {0};
    int n = g ? t->history(g, NULL, 0) : 0;
    tavola_move *moves = malloc(((size_t)(n > 0 ? n : 0) + 1) * sizeof *moves);
    if (!moves)
        return NULL;
    n = g ? t->history(g, moves, n) : 0;
    if (tags->head) /* a match's: escaped once, not every game */
        tv_buf_puts(&b, tags->head);
    else
        head_tags(&b, rs, tags);
    num[sizeof num - 1] = '\0';
    tag(&b, "Seed", decimal(num + sizeof num - 1, seed));
    tag(&b, "Index", signed_decimal(num + sizeof num - 1, tags->index));
    tag(&b, "P1", tags->p1);
    tag(&b, "P2", tags->p2);
    tag(&b, "Result", error ? "*" : cli_result_text(t->winner(g)));
    char *p2 = signed_decimal(num + sizeof num - 1, g ? (long)t->score(g, 2) : 0L);
    *--p2 = ',';
    tag(&b, "Scores", signed_decimal(p2, g ? (long)t->score(g, 1) : 0L));
    if (error)
        tag(&b, "Error", error);
    for (int i = 0; i < n && tv_buf_room(&b, TAVOLA_MOVE_TEXT_MAX + 1); i++) { /* move_text gives the length */
        if (i)
            b.s[b.len++] = ' ';
        b.s[b.len] = '\0';
        int len = t->move_text(g, moves[i], b.s + b.len, TAVOLA_MOVE_TEXT_MAX);
        if (len >= 0)
            b.len += len < TAVOLA_MOVE_TEXT_MAX ? (size_t)len : strlen(b.s + b.len);
        b.s[b.len] = '\0';
    }
    tv_buf_puts(&b, "\n\n");
    free(moves);
    if (b.failed) {
        tv_buf_free(&b);
        return NULL;
    }
    return b.s;
}

/* ---- reading ------------------------------------------------------------- */

int cli_reader_fail(cli_reader *rd, long line, char *err, size_t size, const char *fmt, ...)
{
    int k = snprintf(err, size, "%s:%ld: ", rd->file, line);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < size)
        vsnprintf(err + k, size - (size_t)k, fmt, ap);
    va_end(ap);
    size_t len = strlen(err);
    if (rd->partial && line == rd->line && len < size)
        snprintf(err + len, size - len, " (the file ends in the middle of this line: truncated?)");
    return -1;
}

/* The next line, without its end of line; 0 at the end of the file. */
static int next_line(cli_reader *rd)
{
    ssize_t n = getline(&rd->buf, &rd->cap, rd->f);
    if (n < 0)
        return 0;
    rd->line++;
    rd->offset += (long)n;
    rd->partial = rd->buf[n - 1] != '\n';
    while (n > 0 && (rd->buf[n - 1] == '\n' || rd->buf[n - 1] == '\r'))
        rd->buf[--n] = '\0';
    return 1;
}

static int hex_digit(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* `[Name "value"]` into name (pointing into line) and value (the escapes
 * undone in place: never longer than the line); 0 or -1. */
static int parse_tag(char *line, char **name, char *value)
{
    char *p = line + 1;
    *name = p;
    while (isalnum((unsigned char)*p) || *p == '_')
        p++;
    if (p == *name || p[0] != ' ' || p[1] != '"')
        return -1;
    *p = '\0';
    size_t k = 0;
    for (p += 2; *p != '"'; p++) {
        if (!*p)
            return -1;
        if (*p != '\\') {
            value[k++] = *p;
            continue;
        }
        p++;
        if (*p == '"' || *p == '\\')
            value[k++] = *p;
        else if (*p == 'n')
            value[k++] = '\n';
        else if (*p == 'r')
            value[k++] = '\r';
        else if (*p == 't')
            value[k++] = '\t';
        else if (*p == 'x' && hex_digit(p[1]) >= 0 && hex_digit(p[2]) >= 0 && (hex_digit(p[1]) | hex_digit(p[2])))
            value[k++] = (char)(hex_digit(p[1]) * 16 + hex_digit(p[2])), p += 2;
        else
            return -1;
    }
    value[k] = '\0';
    if (p[1] != ']')
        return -1;
    for (p += 2; *p == ' ' || *p == '\t'; p++)
        ;
    return *p ? -1 : 0;
}

static int parse_ulong(const char *s, unsigned long long *out)
{
    char *end;
    if (!isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return *end || errno ? -1 : 0;
}

enum { T_GAME = 1, T_OPTIONS = 2, T_SEED = 4, T_P1 = 8, T_P2 = 16, T_RESULT = 32, T_SCORES = 64, T_INDEX = 128,
       T_FOUND = 256, T_FILE = 512, T_ERROR = 1024 };
#define REQUIRED_TAGS 7
#define KNOWN_TAGS 11
static const char *const tag_names[KNOWN_TAGS] = {"Game",   "Options", "Seed",  "P1",   "P2",   "Result",
                                                  "Scores", "Index",   "Found", "File", "Error"};

/* Stores one tag's value in r; a message for a bad value. */
static const char *set_tag(cli_record *r, int bit, const char *v, long line)
{
    unsigned long long n;
    char **text = bit == T_GAME      ? &r->game
                  : bit == T_OPTIONS ? &r->options
                  : bit == T_P1      ? &r->p1
                  : bit == T_FOUND   ? &r->found
                  : bit == T_FILE    ? &r->file
                  : bit == T_ERROR   ? &r->error
                                     : &r->p2;
    switch (bit) {
    case T_FOUND:
        if (strcmp(v, "name") != 0 && strcmp(v, "rules") != 0 && strcmp(v, "file") != 0)
            return "Found: expected name, rules or file";
        if (!(*text = strdup(v)))
            return "out of memory";
        break;
    case T_FILE:
        if (!v[0])
            return "File: expected a path";
        /* fall through */
    case T_ERROR:
        if (!v[0])
            return "Error: expected a message";
        /* fall through */
    case T_GAME:
    case T_OPTIONS:
    case T_P1:
    case T_P2:
        if (!(*text = strdup(v)))
            return "out of memory";
        break;
    case T_SEED:
        if (parse_ulong(v, &r->seed))
            return "Seed: expected a non-negative integer";
        break;
    case T_INDEX:
        if (parse_ulong(v, &n) || n > 1000000000000ULL)
            return "Index: expected a non-negative integer";
        r->index = (long)n;
        break;
    case T_RESULT:
        r->result_line = line;
        if (strcmp(v, "1-0") == 0)
            r->result = 1;
        else if (strcmp(v, "0-1") == 0)
            r->result = 2;
        else if (strcmp(v, "1/2-1/2") == 0 || strcmp(v, "*") == 0)
            r->result = 0; /* "*": the Error tag says why there is none */
        else
            return "Result: expected 1-0, 0-1, 1/2-1/2 or *";
        break;
    case T_SCORES: {
        char extra;
        r->scores_line = line;
        if (sscanf(v, "%ld,%ld%c", &r->scores[0], &r->scores[1], &extra) != 2)
            return "Scores: expected two integers, as \"13,3\"";
        break;
    }
    }
    return NULL;
}

int cli_record_read(cli_reader *rd, cli_record *r, char *err, size_t size)
{
    memset(r, 0, sizeof *r);
    r->index = -1;
    do
        if (!next_line(rd))
            return 0;
    while (!rd->buf[0]);
    r->line = rd->line;
    unsigned seen = 0;
    int unfinished = 0; /* Result "*" */
    while (rd->buf[0] == '[') {
        char *name, *value = rd->value = realloc(rd->value, strlen(rd->buf) + 1);
        if (!value)
            return cli_reader_fail(rd, rd->line, err, size, "out of memory");
        if (parse_tag(rd->buf, &name, value))
            return cli_reader_fail(rd, rd->line, err, size, "bad tag line: expected [Name \"value\"]");
        for (int i = 0; i < KNOWN_TAGS; i++) {
            if (strcmp(name, tag_names[i]) != 0)
                continue;
            if (seen & (1u << i))
                return cli_reader_fail(rd, rd->line, err, size, "a second [%s] tag in one record", name);
            seen |= 1u << i;
            const char *bad = set_tag(r, 1 << i, value, rd->line);
            if (bad)
                return cli_reader_fail(rd, rd->line, err, size, "%s, got \"%.40s\"", bad, value);
            if (1 << i == T_RESULT)
                unfinished = strcmp(value, "*") == 0;
        }
        if (!next_line(rd))
            return cli_reader_fail(rd, rd->line, err, size, "the file ends in the record that starts on line %ld, before "
                        "its moves line (truncated?)", r->line);
    }
    for (int i = 0; i < REQUIRED_TAGS; i++)
        if (!(seen & (1u << i)))
            return cli_reader_fail(rd, rd->line, err, size, "the record that starts on line %ld has no [%s] tag", r->line,
                        tag_names[i]);
    if (!(seen & T_ERROR) != !unfinished)
        return cli_reader_fail(rd, rd->line, err, size, "the record that starts on line %ld has %s", r->line,
                               unfinished ? "[Result \"*\"] but no [Error] tag to say why"
                                          : "an [Error] tag but a result: expected [Result \"*\"]");
    r->moves_line = rd->line;
    if (!(r->moves = strdup(rd->buf)))
        return cli_reader_fail(rd, rd->line, err, size, "out of memory");
    if (!next_line(rd))
        return cli_reader_fail(rd, rd->line, err, size, "the file ends before the empty line that closes the record "
                    "(truncated?)");
    if (rd->buf[0])
        return cli_reader_fail(rd, rd->line, err, size, "expected the empty line that closes the record, got '%.40s'",
                    rd->buf);
    rd->good = rd->offset;
    return 1;
}

void cli_record_free(cli_record *r)
{
    free(r->moves);
    free(r->game);
    free(r->options);
    free(r->p1);
    free(r->p2);
    free(r->found);
    free(r->file);
    free(r->error);
    r->moves = r->game = r->options = r->p1 = r->p2 = r->found = r->file = r->error = NULL;
}

void cli_reader_close(cli_reader *rd)
{
    free(rd->buf);
    free(rd->value);
    rd->buf = rd->value = NULL;
    rd->cap = 0;
}
