/* Match statistics (see cli_stats.h). */
#include "cli_stats.h"

#include <math.h>
#include <stdio.h>

double cli_elo(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

cli_stats cli_stats_of(long wins, long draws, long losses)
{
    cli_stats st = {0};
    st.wins = wins, st.draws = draws, st.losses = losses;
    st.games = wins + draws + losses;
    if (st.games <= 0) {
        st.score = 0.5, st.score_low = 0, st.score_high = 1;
    } else {
        double n = (double)st.games, s = (wins + draws / 2.0) / n;
        double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
        double half = 1.959963984540054 * sqrt(var / n);
        st.score = s, st.score_low = clamp01(s - half), st.score_high = clamp01(s + half);
    }
    st.elo = cli_elo(st.score);
    st.elo_low = cli_elo(st.score_low);
    st.elo_high = cli_elo(st.score_high);
    return st;
}

const char *cli_elo_text(double elo, char *buf, unsigned size)
{
    if (isinf(elo))
        snprintf(buf, size, "%s", elo > 0 ? "+inf" : "-inf");
    else if (fabs(elo) < 0.05)
        snprintf(buf, size, "0.0");
    else
        snprintf(buf, size, "%+.1f", elo);
    return buf;
}
