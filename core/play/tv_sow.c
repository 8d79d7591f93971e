#include "tv_sow.h"

#include "tv_bits.h"
#include "tv_cells.h"
#include "tv_holes.h"

#include <string.h>

static int row_of(const tv_rules *r, int hole) { return hole >= r->sow.holes; }

static int side_ok(const tv_rules *r, int hole, int mover, int side)
{
    int own = row_of(r, hole) == mover;
    return (own && (side & TV_SIDE_OWN)) || (!own && (side & TV_SIDE_OPP));
}


/* The sum of the n counts at c, four at a time: a 32-bit load times
 * 0x01010101 has the sum of its four bytes in its top byte, and no sum
 * carries out of it, since a board holds at most TV_MANCALA_MAX_SEEDS (255)
 * seeds in all. */
static inline int sum_counts(const uint8_t *c, int n)
{
    int total = 0, i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t w;
        memcpy(&w, c + i, 4);
        total += (int)((w * 0x01010101u) >> 24);
    }
    for (; i < n; i++)
        total += c[i];
    return total;
}

int tv_sow_row_seeds(const tv_rules *r, const tv_state *s, int p)
{
    return sum_counts(s->cells + p * r->sow.holes, r->sow.holes);
}

/* Whether a hole holding n seeds is taken: counts are 1..31 (bit n), while a
 * hole may hold up to TV_MANCALA_MAX_SEEDS (a shift by 32 or more would be
 * undefined). */
static int takes(const tv_sow *w, int n)
{
    return n < 32 && ((w->counts >> n) & 1);
}

/* Which holes the last seed's capture takes, in the order found; returns the
 * count of holes. Only holes on the capture rule's sides are considered. */
static int capture_set(const tv_rules *r, const tv_state *s, int last, int mover, int holes[])
{
    const tv_sow *w = &r->sow;
    int n = 0;
    if (w->empty_capture) {
        int opp = (last + w->holes) % (2 * w->holes);
        if (row_of(r, last) == mover && s->cells[last] == 1 &&
            (s->cells[opp] > 0 || w->empty_capture == TV_EMPTY_CAPTURE_ALWAYS)) {
            holes[n++] = last;
            holes[n++] = opp;
        }
        return n;
    }
    if (!w->counts || !side_ok(r, last, mover, w->side) || !takes(w, s->cells[last]))
        return 0;
    holes[n++] = last;
    /* The chain runs backwards along the track, against the sowing. */
    for (int pos = r->track_pos[last], k = 1; w->chain && k < r->track_len; k++) {
        int h = r->track[(pos - k + r->track_len) % r->track_len];
        if (h < 0)
            continue; /* stores do not break a chain */
        if (h == last || !side_ok(r, h, mover, w->chain_side) || !takes(w, s->cells[h]))
            break;
        holes[n++] = h;
    }
    return n;
}

/* A relay sowing can go round for ever: mancala{holes=1, seeds=1} with
 * sow{relay=true, skip_origin=true} does from the first move. It is
 * deterministic: the holes, the place on the track and the seeds in hand at
 * a lift decide all that follows, so a sowing that comes back to a lift it
 * has already passed never ends. Lifts are compared with a snapshot taken at
 * lift 1, 2, 4, 8, .. (Brent's method: a cycle is seen within twice its
 * length past its start); a sowing that lifts more than TV_SOW_LAPS times the
 * track's length in seeds per seed on the board (a cycle too long to see
 * soon, or a sowing no board can justify) is refused too. */
#define TV_SOW_LAPS 64

typedef struct lift_watch {
    uint8_t cells[2 * TV_MANCALA_MAX_HOLES];
    int pos, seeds;
    long power, lam, lifted, bound;
} lift_watch;

/* Whether the sowing, at a lift of `seeds` at track place pos, goes on for ever. */
static int endless(const tv_rules *r, const uint8_t *cells, int pos, int seeds, lift_watch *lw)
{
    size_t n = (size_t)r->ncells;
    if (lw->lam > 0 && lw->pos == pos && lw->seeds == seeds && memcmp(lw->cells, cells, n) == 0)
        return 1;
    if ((lw->lifted += seeds) > lw->bound)
        return 1;
    if (lw->lam == lw->power) { /* a new snapshot, twice as far on */
        memcpy(lw->cells, cells, n);
        lw->pos = pos;
        lw->seeds = seeds;
        lw->power *= 2;
        lw->lam = 0;
    }
    lw->lam++;
    return 0;
}

/* Sows the seeds of hole by laps (tv_sow_laps in tv_rules.h): each word of
 * the holes gets its count of full laps and its place in the rest at once.
 * The words are read in place (tv_sow.h): their lanes in the state's head
 * add nothing, and the words wholly in the head are skipped. Returns the
 * last place sown: a hole, or -1 / -2 for a store. */
static inline int sow_laps(const tv_rules *r, tv_state *s, int hole)
{
    const tv_sow_laps *l = &r->laps;
    int m = s->to_move, len = l->len[m], seeds = s->cells[hole], from = l->at[m][hole];
    int lap = len - (r->sow.skip_origin != 0); /* skipped, the origin is on no lap */
    if (seeds == 0)
        return hole;
    if (r->sow.origin_first) /* the first seed back into the hole: sown from the place before it */
        from = from == 0 ? len - 1 : from - 1;
    int laps = seeds >= lap ? seeds / lap : 0, rest = seeds - laps * lap;
    const uint64_t *a = l->upto[m][from + 1], *e = l->upto[m][from + 1 + rest], *f = l->upto[m][from + 1 + lap];
    /* the stores as two byte lanes too (a store gets at most 2 a lap written twice) */
    int sa = l->stores_upto[m][from + 1], stored = laps * (l->stores_upto[m][from + 1 + lap] - sa) +
                                                   l->stores_upto[m][from + 1 + rest] - sa;
    s->score[0] += stored & 255;
    s->score[1] += stored >> 8;
    s->stones = (uint16_t)(s->stones - (stored & 255) - (stored >> 8));
    /* The hole is emptied in its word too (a byte written before the word
     * is read would stall the read), by a mask: its lane holds exactly the
     * seeds, and which word it is in would be a branch to guess. */
    uint8_t *words = s->cells + r->ncells - 32;
    const uint64_t *emptied = l->lane[hole];
    for (int i = l->first; i < 4; i++) {
        /* a lane is 0 or 1 a lap, and no hole ever holds more than 255 seeds: no lane carries */
        uint64_t add = (uint64_t)laps * (f[i] - a[i]) + (e[i] - a[i]), v;
        memcpy(&v, words + 8 * i, 8);
        v = (v & ~emptied[i]) + add;
        memcpy(words + 8 * i, &v, 8);
    }
    return l->place[m][from + (rest ? rest : lap)];
}

/* The empty-hole capture after a sowing by laps, where no slam rule needs
 * to know what it takes: decided without a branch, since whether the last
 * seed takes is a coin toss a ply, and a guess missed costs more than the
 * few operations. The two holes are emptied in their words as the sowing
 * wrote them (a byte written before a word is read would stall the read).
 * Returns 1 for an extra turn, else 0. */
static inline int capture_empty_laps(const tv_rules *r, tv_state *s, int last, int mover)
{
    const tv_sow *w = &r->sow;
    int hole = last < 0 ? 0 : last, opp = hole + (hole < w->holes ? w->holes : -w->holes);
    int in_hole = s->cells[hole], in_opp = s->cells[opp];
    int take = (last >= 0) & (row_of(r, hole) == mover) & (in_hole == 1) &
               ((in_opp > 0) | (w->empty_capture == TV_EMPTY_CAPTURE_ALWAYS));
    uint64_t taken = (uint64_t)0 - (uint64_t)take;
    uint8_t *words = s->cells + r->ncells - 32;
    for (int i = r->laps.first; i < 4; i++) {
        uint64_t v;
        memcpy(&v, words + 8 * i, 8);
        v &= ~(taken & (r->laps.lane[hole][i] | r->laps.lane[opp][i]));
        memcpy(words + 8 * i, &v, 8);
    }
    int gained = take * (in_hole + in_opp);
    s->score[mover] += gained;
    s->stones = (uint16_t)(s->stones - gained);
    return (w->extra_turn != 0) & (last == -1 - mover);
}

/* Sows seed by seed along the track, for a relay (and the rules laps do not
 * count). Returns the last place sown, or SOW_ENDLESS for a relay sowing
 * that never ends. */
#define SOW_ENDLESS (-9)
static int sow_seeds(const tv_rules *r, tv_state *s, int hole)
{
    const tv_sow *w = &r->sow;
    uint8_t *cells = s->cells;
    int mover = s->to_move, last = hole, seeds = cells[hole], pos = r->track_pos[hole], len = r->track_len;
    lift_watch lw;
    cells[hole] = 0;
    if (w->origin_first) {
        cells[hole] = 1;
        seeds--;
    }
    if (w->relay) {
        lw.power = lw.lam = 1;
        lw.pos = -1;
        lw.lifted = 0;
        lw.bound = (long)TV_SOW_LAPS * len * (s->stones > 0 ? s->stones : 1);
    }
    while (seeds > 0) {
        if (++pos == len)
            pos = 0;
        int t = r->track[pos];
        if (t < 0) { /* a store: -1 is player 1's, -2 player 2's */
            int owner = -t - 1;
            if (owner == mover ? w->own_store : w->opp_store) {
                s->score[owner]++;
                s->stones--;
                seeds--;
                last = t;
            }
            continue;
        }
        if (t == hole && w->skip_origin)
            continue;
        cells[t]++;
        seeds--;
        last = t;
        if (seeds == 0 && w->relay && cells[t] > 1) { /* relay: lift and go on */
            seeds = cells[t];
            cells[t] = 0;
            if (endless(r, cells, pos, seeds, &lw))
                return SOW_ENDLESS;
        }
    }
    return last;
}

/* sow, by the general path: the sowing by laps or seed by seed, then the
 * capture the rules describe. */
static __attribute__((noinline)) int sow_other(const tv_rules *r, tv_state *s, int hole, int *slam)
{
    const tv_sow *w = &r->sow;
    uint8_t *cells = s->cells;
    int mover = s->to_move, last = r->laps.ok ? sow_laps(r, s, hole) : sow_seeds(r, s, hole);
    if (last == SOW_ENDLESS)
        return SOW_ENDLESS;
    if (last < 0)
        return w->extra_turn && last == -1 - mover;

    int holes[2 * TV_MANCALA_MAX_HOLES], n = capture_set(r, s, last, mover, holes);
    if (n == 0)
        return 0;
    int from_opp = 0;
    for (int i = 0; i < n; i++)
        if (row_of(r, holes[i]) != mover)
            from_opp += cells[holes[i]];
    if (from_opp > 0 && from_opp == tv_sow_row_seeds(r, s, mover ^ 1)) {
        *slam = 1;
        if (w->grand_slam != TV_SLAM_ALLOWED)
            return 0; /* captures nothing (an illegal slam never gets here) */
    }
    for (int i = 0; i < n; i++) {
        s->score[mover] += cells[holes[i]];
        s->stones = (uint16_t)(s->stones - cells[holes[i]]);
        cells[holes[i]] = 0;
    }
    return 0;
}

/* The whole move on the counts, the scores and the seed total, without the
 * hash; *slam is set when the capture would take all the opponent's seeds.
 * Returns 1 for an extra turn, 0, or SOW_ENDLESS for a relay sowing that
 * never ends (s is then half-sown: the caller restores it). Kalah's rules
 * (by laps, the empty-hole capture, no slam rule) take a short path of
 * their own; the rest the general one, out of line. */
static inline int sow(const tv_rules *r, tv_state *s, int hole, int *slam)
{
    const tv_sow *w = &r->sow;
    *slam = 0;
    if (r->laps.ok && w->empty_capture && w->grand_slam == TV_SLAM_ALLOWED) {
        int mover = s->to_move;
        return capture_empty_laps(r, s, sow_laps(r, s, hole), mover);
    }
    return sow_other(r, s, hole, slam);
}

/* Whether the feeding, grand-slam and relay rules need a look ahead in s:
 * only a capture can empty the opponent's row, so feeding needs one only
 * when that row is empty or a slam may take it all; a relay sowing may never
 * end, which only sowing it shows. */
static inline int must_look(const tv_rules *r, const tv_state *s)
{
    const tv_sow *w = &r->sow;
    return (w->must_feed && (tv_sow_row_seeds(r, s, s->to_move ^ 1) == 0 || w->grand_slam == TV_SLAM_ALLOWED)) ||
           w->grand_slam == TV_SLAM_ILLEGAL || w->relay;
}

/* Why sowing hole breaks those rules, or NULL when it keeps to them. */
static const char *refused_after(const tv_rules *r, const tv_state *s, int hole)
{
    const tv_sow *w = &r->sow;
    tv_state_buf buf;
    tv_state *t = &buf.state;
    memcpy(t, s, (size_t)r->state_size);
    int slam;
    if (sow(r, t, hole, &slam) == SOW_ENDLESS)
        return "the relay sowing would never end";
    if (slam && w->grand_slam == TV_SLAM_ILLEGAL)
        return "the move would capture all the opponent's seeds";
    if (w->must_feed && tv_sow_row_seeds(r, t, s->to_move ^ 1) == 0)
        return "the move must leave the opponent seeds";
    return NULL;
}

static int allowed_after(const tv_rules *r, const tv_state *s, int hole) { return !refused_after(r, s, hole); }

unsigned tv_sow_legal_looked(const tv_rules *r, const tv_state *s)
{
    unsigned sown = tv_holes_row_sown(r, s, s->to_move), legal = 0;
    if (!must_look(r, s))
        return sown;
    for (unsigned b = sown; b; b &= b - 1) {
        int i = tv_bits_lowest32(b);
        if (allowed_after(r, s, s->to_move * r->sow.holes + i))
            legal |= 1u << i;
    }
    return legal;
}

int tv_sow_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    int n = 0, first = s->to_move * r->sow.holes;
    for (unsigned b = tv_sow_legal(r, s); b && n < cap; b &= b - 1)
        out[n++] = first + tv_bits_lowest32(b);
    if (n == 0 && r->sow.pass && cap > 0)
        out[n++] = TV_MOVE_PASS;
    return n;
}

int tv_sow_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    char name[8];
    if (m == TV_MOVE_PASS) {
        tv_move moves[2 * TV_MANCALA_MAX_HOLES + 1];
        int n = tv_sow_moves(r, s, moves, 2 * TV_MANCALA_MAX_HOLES + 1);
        if (n == 1 && moves[0] == TV_MOVE_PASS)
            return TV_OK;
        return tv_error_set(err, TV_EILLEGAL, r->sow.pass ? "pass: only allowed with no other move"
                                                          : "pass: this game has no passing");
    }
    if (m < 0 || m >= r->ncells)
        return tv_error_set(err, TV_EILLEGAL, "not a move of this game");
    const char *why = NULL;
    if (row_of(r, m) == s->to_move && s->cells[m] != 0 && (!must_look(r, s) || !(why = refused_after(r, s, m))))
        return TV_OK;
    tv_grid_cell_name(&r->grid, m, name, sizeof name); /* named only when refused */
    if (row_of(r, m) != s->to_move)
        return tv_error_set(err, TV_EILLEGAL, "%s: not a hole of player %d", name, s->to_move + 1);
    if (s->cells[m] == 0)
        return tv_error_set(err, TV_EILLEGAL, "%s: the hole is empty", name);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s", name, why);
}

/* tv_sow_apply's sowing, the hash kept or not. */
static inline __attribute__((always_inline)) int apply_impl(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u,
                                                             const int hashing)
{
    int n = r->ncells, kept = u ? u->n : 0;
    if (u) /* every hole, once a move: a sowing may pass a hole many times */
        for (int h = 0; h < n; h++)
            tv_undo_keep(u, h, s->cells[h]);
    if (m == TV_MOVE_PASS) {
        s->quiet++;
        return 0;
    }
    int stones = s->stones, slam;
    tv_state_buf keep;
    if (r->sow.relay) /* a sowing that never ends leaves s as it was */
        memcpy(&keep.state, s, (size_t)r->state_size);
    uint64_t before = hashing ? tv_holes_hash(r, s) : 0;
    int again = sow(r, s, m, &slam);
    if (again == SOW_ENDLESS) {
        memcpy(s, &keep.state, (size_t)r->state_size);
        for (; u && u->n > kept; u->n--) /* the holes this sowing kept are not the move's */
            u->kept[u->cell[u->n - 1] >> 3] &= (uint8_t)~(1u << (u->cell[u->n - 1] & 7));
        return TV_EILLEGAL;
    }
    if (hashing) /* the words of the holes, rehashed: a few, however many seeds were sown */
        s->hash ^= before ^ tv_holes_hash(r, s);
    s->quiet = (uint16_t)((s->quiet + 1) & -(s->stones == stones)); /* no branch: a capture is a coin toss */
    return again;
}

int tv_sow_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u) { return apply_impl(r, s, m, u, 1); }

int tv_sow_apply_unhashed(const tv_rules *r, tv_state *s, tv_move m) { return apply_impl(r, s, m, NULL, 0); }

void tv_sow_remainder(const tv_rules *r, tv_state *s)
{
    int n = r->sow.holes;
    uint64_t before = tv_holes_hash(r, s);
    if (r->remainder == TV_REMAINDER_OWN_ROW) {
        for (int h = 0; h < 2 * n; h++) {
            s->score[row_of(r, h)] += s->cells[h];
            s->stones = (uint16_t)(s->stones - s->cells[h]);
            s->cells[h] = 0;
        }
    } else if (r->remainder == TV_REMAINDER_SPLIT) {
        int half = s->stones / 2; /* an odd seed stays on the board */
        s->score[0] += half;
        s->score[1] += half;
        int left = s->stones - 2 * half;
        memset(s->cells, 0, (size_t)(2 * n));
        s->cells[0] = (uint8_t)left;
        s->stones = (uint16_t)left;
    }
    s->hash ^= before ^ tv_holes_hash(r, s);
}
