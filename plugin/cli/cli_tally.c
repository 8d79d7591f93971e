/* A match's tally and its printed forms (see cli_tally.h). */
#include "cli_tally.h"

#include <string.h>

#include "cli_json.h"
#include "cli_stats.h"

void cli_tally_count(cli_tally *ta, int swapped, int winner)
{
    /* p1 is side 1 + swapped: a win for it, a draw, or a loss */
    ta->c[swapped][winner == 0 ? 1 : winner == 1 + swapped ? 0 : 2]++;
}

static void json_side(FILE *out, const char *key, const long c[3])
{
    cli_stats st = cli_stats_of(c[0], c[1], c[2]);
    fprintf(out, "\"%s\":{\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld", key, st.games, c[0], c[1], c[2]);
    cli_json_number(out, "score", st.score, "%.6f");
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
    cli_json_number(out, "score", st.score, "%.6f");
    cli_json_number(out, "score_low", st.score_low, "%.6f");
    cli_json_number(out, "score_high", st.score_high, "%.6f");
    cli_json_number(out, "elo", st.elo, "%.2f");
    cli_json_number(out, "elo_low", st.elo_low, "%.2f");
    cli_json_number(out, "elo_high", st.elo_high, "%.2f");
    fprintf(out, ",\"by_side\":{");
    json_side(out, "p1_first", c[0]);
    fputc(',', out);
    json_side(out, "p1_second", c[1]);
    fprintf(out, ",\"first_wins\":%ld,\"second_wins\":%ld,\"draws\":%ld}}\n", c[0][0] + c[1][2], c[0][2] + c[1][0],
            st.draws);
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
    if (games != ta->c[0][0] + ta->c[0][1] + ta->c[0][2] + ta->c[1][0] + ta->c[1][1] + ta->c[1][2])
        return "the counts do not add up to the games of its parts";
    return NULL;
}
