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

cli_stats cli_stats_of(long wins, long draws, long losses)
{
    const double z = 1.959963984540054;
    cli_stats st = {0};
    st.wins = wins, st.draws = draws, st.losses = losses;
    st.games = wins + draws + losses;
    if (st.games <= 0) {
        st.score = 0.5, st.score_low = 0, st.score_high = 1;
        st.elo = NAN, st.elo_low = -INFINITY, st.elo_high = INFINITY;
        return st;
    }
    double n = (double)st.games, s = (wins + draws / 2.0) / n;
    double d = 1 + z * z / n, centre = (s + z * z / (2 * n)) / d;
    double half = z * sqrt(s * (1 - s) / n + z * z / (4 * n * n)) / d;
    st.score = s;
    /* The ends are 0 and 1 exactly when the score is, not by rounding. */
    st.score_low = s <= 0 ? 0 : fmax(centre - half, 0);
    st.score_high = s >= 1 ? 1 : fmin(centre + half, 1);
    st.elo = s <= 0 || s >= 1 ? NAN : cli_elo(s) + 0.0; /* + 0.0: no -0 at s = 1/2 */
    st.elo_low = cli_elo(st.score_low);
    st.elo_high = cli_elo(st.score_high);
    return st;
}

const char *cli_elo_text(double elo, char *buf, unsigned size)
{
    if (isnan(elo))
        snprintf(buf, size, "n/a");
    else if (isinf(elo))
        snprintf(buf, size, "%s", elo > 0 ? "+inf" : "-inf");
    else if (fabs(elo) < 0.05)
        snprintf(buf, size, "0.0");
    else
        snprintf(buf, size, "%+.1f", elo);
    return buf;
}
