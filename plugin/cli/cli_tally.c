/* A match's tally and its printed forms (see cli_tally.h). */
#include "cli_tally.h"

#include <math.h>
#include <string.h>

#include "cli_args.h"
#include "cli_json.h"
#include "cli_stats.h"

void cli_tally_count(cli_tally *ta, int swapped, int winner)
{
    /* p1 is side 1 + swapped: a win for it, a draw, or a loss */
    ta->c[swapped][winner == 0 ? 1 : winner == 1 + swapped ? 0 : 2]++;
}

/* text into out (CLI_KIND_TEXT bytes), cut at a whole UTF-8 character. */
static void cut_text(const char *text, char *out)
{
    size_t n = strlen(text);
    if (n >= CLI_KIND_TEXT)
        for (n = CLI_KIND_TEXT - 1; n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80; n--)
            ;
    memcpy(out, text, n);
    out[n] = '\0';
}

/* games more of the message text, the first of them game number first; the
 * kinds stay in the order of their first games. With no room, the kinds of
 * the earliest first games are kept (in game order, the first ones seen). */
static void add_kind(cli_tally *ta, const char *text, long games, long first)
{
    char cut[CLI_KIND_TEXT];
    cut_text(text, cut);
    int k = 0;
    while (k < ta->nkinds && strcmp(ta->kinds[k].text, cut) != 0)
        k++;
    if (k == ta->nkinds) {
        if (k == CLI_MAX_KINDS && ta->kinds[k - 1].first <= first)
            return; /* counted in errors, not named */
        if (k == CLI_MAX_KINDS)
            k--; /* the latest first game makes room */
        else
            ta->nkinds++;
        memcpy(ta->kinds[k].text, cut, sizeof cut);
        ta->kinds[k].games = 0;
        ta->kinds[k].first = first;
    }
    cli_error_kind *e = &ta->kinds[k];
    e->games += games;
    if (first < e->first)
        e->first = first;
    for (; k > 0 && ta->kinds[k - 1].first > ta->kinds[k].first; k--) {
        cli_error_kind swap = ta->kinds[k];
        ta->kinds[k] = ta->kinds[k - 1];
        ta->kinds[k - 1] = swap;
    }
}

void cli_tally_error(cli_tally *ta, const char *text, long game)
{
    ta->errors++;
    add_kind(ta, text, 1, game);
}

void cli_tally_add(cli_tally *all, const cli_tally *one)
{
    for (int s = 0; s < 2; s++)
        for (int r = 0; r < 3; r++)
            all->c[s][r] += one->c[s][r];
    all->errors += one->errors;
    for (int k = 0; k < one->nkinds; k++)
        add_kind(all, one->kinds[k].text, one->kinds[k].games, one->kinds[k].first);
}

static void json_side(FILE *out, const char *key, const long c[3])
{
    cli_stats st = cli_stats_of(c[0], c[1], c[2]);
    fprintf(out, "\"%s\":{\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld", key, st.games, c[0], c[1], c[2]);
    cli_json_number(out, "score", st.games ? st.score : NAN, "%.6f"); /* no game: no score */
    fputc('}', out);
}

void cli_tally_print_json(FILE *out, const cli_tally *ta)
{
    const long(*c)[3] = ta->c;
    cli_stats st = cli_stats_of(c[0][0] + c[1][0], c[0][1] + c[1][1], c[0][2] + c[1][2]);
    fprintf(out, "{\"game\":");
    cli_json_string(out, ta->game);
    fprintf(out, ",\"options\":");
    cli_json_string(out, ta->options);
    fprintf(out, ",\"p1\":");
    cli_json_string(out, ta->p1);
    fprintf(out, ",\"p2\":");
    cli_json_string(out, ta->p2);
    fprintf(out, ",\"parts\":[");
    for (int i = 0; i < ta->nparts; i++) {
        const cli_part *p = &ta->parts[i];
        fprintf(out, "%s\"seed=%llu games=%ld shard=%d/%d swap=%d\"", i ? "," : "", p->seed, p->games, p->k, p->n,
                p->swap);
    }
    fprintf(out, "],\"counts\":[[%ld,%ld,%ld],[%ld,%ld,%ld]]", c[0][0], c[0][1], c[0][2], c[1][0], c[1][1], c[1][2]);
    fprintf(out, ",\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld", st.games, st.wins, st.draws, st.losses);
    cli_json_number(out, "score", st.games ? st.score : NAN, "%.6f");
    cli_json_number(out, "score_low", st.games ? st.score_low : NAN, "%.6f");
    cli_json_number(out, "score_high", st.games ? st.score_high : NAN, "%.6f");
    cli_json_number(out, "elo", st.elo, "%.2f");
    cli_json_number(out, "elo_low", st.elo_low, "%.2f");
    cli_json_number(out, "elo_high", st.elo_high, "%.2f");
    fprintf(out, ",\"by_side\":{");
    json_side(out, "p1_first", c[0]);
    fputc(',', out);
    json_side(out, "p1_second", c[1]);
    fprintf(out, ",\"first_wins\":%ld,\"second_wins\":%ld,\"draws\":%ld}", c[0][0] + c[1][2], c[0][2] + c[1][0],
            st.draws);
    if (ta->has_distinct && ta->distinct < ta->played)
        fprintf(out, ",\"distinct_games\":%ld,\"games_played\":%ld", ta->distinct, ta->played);
    fprintf(out, ",\"errors\":%ld,\"error_messages\":[", ta->errors);
    for (int k = 0; k < ta->nkinds; k++) {
        fprintf(out, "%s{\"message\":", k ? "," : "");
        cli_json_string(out, ta->kinds[k].text);
        fprintf(out, ",\"games\":%ld,\"first_game\":%ld}", ta->kinds[k].games, ta->kinds[k].first);
    }
    fprintf(out, "]}\n");
}

static void print_row(FILE *out, int width, const char *who, const char *name, const long c[3])
{
    cli_stats st = cli_stats_of(c[0], c[1], c[2]);
    char label[600];
    snprintf(label, sizeof label, "%s%s", who, name);
    fprintf(out, "%-*s %6ld %6ld %6ld %6ld", width, label, st.games, c[0], c[1], c[2]);
    if (st.games)
        fprintf(out, "  %5.3f  [%.3f, %.3f]\n", st.score, st.score_low, st.score_high);
    else
        fprintf(out, "      -\n");
}

void cli_tally_print_table(FILE *out, const cli_tally *ta)
{
    const long(*c)[3] = ta->c;
    long p1[3], p2[3];
    for (int r = 0; r < 3; r++) {
        p1[r] = c[0][r] + c[1][r];
        p2[2 - r] = p1[r];
    }
    fprintf(out, "%s%s%s%s: %s vs %s\n", ta->game, ta->options[0] ? " (" : "", ta->options, ta->options[0] ? ")" : "",
            ta->p1, ta->p2);
    for (int i = 0; i < ta->nparts; i++) {
        const cli_part *p = &ta->parts[i];
        fprintf(out, "  seed %llu, %ld games", p->seed, p->games);
        if (p->n > 1)
            fprintf(out, ", shard %d/%d (%ld games)", p->k, p->n, cli_shard_size(p));
        fprintf(out, "%s\n", p->swap ? ", sides swapped every other game" : "");
    }
    int width = 18;
    if ((int)strlen(ta->p1) + 4 > width)
        width = (int)strlen(ta->p1) + 4;
    if ((int)strlen(ta->p2) + 4 > width)
        width = (int)strlen(ta->p2) + 4;
    fprintf(out, "%-*s %6s %6s %6s %6s  %5s  %s\n", width, "player", "games", "wins", "draws", "losses", "score",
            "95% interval");
    print_row(out, width, "p1 ", ta->p1, p1);
    print_row(out, width, "p2 ", ta->p2, p2);
    print_row(out, width, "p1 moving first", "", c[0]);
    print_row(out, width, "p1 moving second", "", c[1]);
    cli_stats st = cli_stats_of(p1[0], p1[1], p1[2]);
    char e[32], lo[32], hi[32];
    fprintf(out, "first player won %ld, second %ld, draws %ld\n", c[0][0] + c[1][2], c[0][2] + c[1][0], st.draws);
    fprintf(out, "Elo p1 - p2: %s [%s, %s]\n", cli_elo_text(st.elo, e, sizeof e),
            cli_elo_text(st.elo_low, lo, sizeof lo), cli_elo_text(st.elo_high, hi, sizeof hi));
    if (ta->has_distinct && ta->distinct < ta->played)
        fprintf(out, "games repeat: %ld distinct of %ld played (the intervals count each game as independent, "
                     "so they are too narrow)\n", ta->distinct, ta->played);
    if (!ta->errors)
        return;
    long named = 0;
    fprintf(out, "errors: %ld game%s ended in an error, not scored\n", ta->errors, ta->errors == 1 ? "" : "s");
    for (int k = 0; k < ta->nkinds; k++) {
        char safe[4 * CLI_KIND_TEXT];
        const cli_error_kind *ek = &ta->kinds[k];
        fprintf(out, "  %ld game%s, first game %ld: %s\n", ek->games, ek->games == 1 ? "" : "s", ek->first,
                cli_printable(ek->text, safe, sizeof safe));
        named += ek->games;
    }
    if (named < ta->errors)
        fprintf(out, "  %ld game%s with other messages\n", ta->errors - named, ta->errors - named == 1 ? "" : "s");
}

/* "error_messages":[{"message":"...","games":N,"first_game":I},...] into
 * ta's kinds; NULL, or what is wrong. */
static const char *parse_kinds(cli_jreader *j, cli_tally *ta)
{
    static const char *const bad = "error_messages: expected [{\"message\":\"...\",\"games\":N,\"first_game\":I},...]";
    if (cli_json_char(j, '['))
        return bad;
    if (cli_json_char(j, ']') == 0)
        return NULL;
    do {
        char key[64], text[CLI_KIND_TEXT];
        long games = 0, first = -1;
        unsigned seen = 0;
        if (cli_json_char(j, '{'))
            return bad;
        do {
            if (cli_json_read_string(j, key, sizeof key) || cli_json_char(j, ':'))
                return bad;
            if (strcmp(key, "message") == 0 && cli_json_read_string(j, text, sizeof text) == 0)
                seen |= 1;
            else if (strcmp(key, "games") == 0 && cli_json_read_long(j, &games) == 0 && games > 0)
                seen |= 2;
            else if (strcmp(key, "first_game") == 0 && cli_json_read_long(j, &first) == 0)
                seen |= 4;
            else if (strcmp(key, "message") == 0 || strcmp(key, "games") == 0 || strcmp(key, "first_game") == 0 ||
                     cli_json_skip(j, 1))
                return bad;
        } while (cli_json_char(j, ',') == 0);
        if (cli_json_char(j, '}') || seen != 7)
            return bad;
        add_kind(ta, text, games, first);
    } while (cli_json_char(j, ',') == 0);
    return cli_json_char(j, ']') ? bad : NULL;
}

const char *cli_tally_parse(const char *text, cli_tally *ta)
{
    cli_jreader j = {text};
    char key[64];
    unsigned seen = 0;
    memset(ta, 0, sizeof *ta);
    if (cli_json_char(&j, '{'))
        return "expected a JSON object";
    do {
        if (cli_json_read_string(&j, key, sizeof key) || cli_json_char(&j, ':'))
            return "expected \"key\": value";
        static const char *const strs[] = {"game", "options", "p1", "p2"};
        char *dest[] = {ta->game, ta->options, ta->p1, ta->p2};
        size_t sizes[] = {sizeof ta->game, sizeof ta->options, sizeof ta->p1, sizeof ta->p2};
        int f = 0;
        while (f < 4 && strcmp(key, strs[f]) != 0)
            f++;
        if (f < 4) {
            if (cli_json_read_string(&j, dest[f], sizes[f]))
                return "a bad string value";
            seen |= 1u << f;
        } else if (strcmp(key, "parts") == 0) {
            if (cli_json_char(&j, '['))
                return "parts: expected an array";
            do {
                char s[256], extra;
                cli_part *p = &ta->parts[ta->nparts];
                if (ta->nparts == CLI_MAX_PARTS || cli_json_read_string(&j, s, sizeof s) ||
                    sscanf(s, "seed=%llu games=%ld shard=%d/%d swap=%d%c", &p->seed, &p->games, &p->k, &p->n,
                           &p->swap, &extra) != 5 ||
                    p->games < 1 || p->n < 1 || p->k < 1 || p->k > p->n)
                    return "parts: expected \"seed=S games=N shard=K/N swap=0|1\"";
                ta->nparts++;
            } while (cli_json_char(&j, ',') == 0);
            if (cli_json_char(&j, ']'))
                return "parts: expected ]";
            seen |= 16;
        } else if (strcmp(key, "counts") == 0) {
            for (int s = 0; s < 2; s++)
                if (cli_json_char(&j, s ? ',' : '[') || cli_json_char(&j, '[') || cli_json_read_long(&j, &ta->c[s][0]) || cli_json_char(&j, ',') ||
                    cli_json_read_long(&j, &ta->c[s][1]) || cli_json_char(&j, ',') || cli_json_read_long(&j, &ta->c[s][2]) || cli_json_char(&j, ']'))
                    return "counts: expected [[w,d,l],[w,d,l]]";
            if (cli_json_char(&j, ']'))
                return "counts: expected [[w,d,l],[w,d,l]]";
            seen |= 32;
        } else if (strcmp(key, "errors") == 0) {
            if (cli_json_read_long(&j, &ta->errors))
                return "errors: expected a count";
        } else if (strcmp(key, "error_messages") == 0) {
            const char *bad = parse_kinds(&j, ta);
            if (bad)
                return bad;
        } else if (cli_json_skip(&j, 0)) {
            return "a bad value";
        }
    } while (cli_json_char(&j, ',') == 0);
    if (cli_json_char(&j, '}'))
        return "expected , or }";
    cli_json_space(&j);
    if (*j.s)
        return "text after the JSON object";
    if (seen != 63)
        return "a field is missing (game, options, p1, p2, parts, counts)";
    long games = 0;
    for (int i = 0; i < ta->nparts; i++)
        games += cli_shard_size(&ta->parts[i]);
    if (games != ta->c[0][0] + ta->c[0][1] + ta->c[0][2] + ta->c[1][0] + ta->c[1][1] + ta->c[1][2] + ta->errors)
        return "the counts and errors do not add up to the games of its parts";
    long named = 0;
    for (int k = 0; k < ta->nkinds; k++)
        named += ta->kinds[k].games;
    if (named > ta->errors)
        return "error_messages: more games than errors";
    return NULL;
}
