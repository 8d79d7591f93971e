#include "tv_sow.h"

#include "tv_cells.h"

#include <string.h>

static int row_of(const tv_rules *r, int hole) { return hole >= r->sow.holes; }

static int side_ok(const tv_rules *r, int hole, int mover, int side)
{
    int own = row_of(r, hole) == mover;
    return (own && (side & TV_SIDE_OWN)) || (!own && (side & TV_SIDE_OPP));
}

/* Sets a hole's count, keeping the hash. */
static void put(const tv_rules *r, tv_state *s, int hole, int count)
{
    s->hash ^= r->zseed[hole][s->cells[hole]] ^ r->zseed[hole][count];
    s->cells[hole] = (uint8_t)count;
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

/* The whole move on the counts, the scores and the seed total; *slam is set
 * when the capture would take all the opponent's seeds. With hashing (a
 * constant: the compiler makes two versions), s->hash follows every count
 * that changes, one Zobrist pair a seed (a hole's pair for c -> c+1); a look
 * ahead does without. Returns 1 for an extra turn, 0, or SOW_ENDLESS for a
 * relay sowing that never ends (s is then half-sown: the caller restores it). */
#define SOW_ENDLESS (-1)
static inline __attribute__((always_inline)) int sow_impl(const tv_rules *r, tv_state *s, int hole, int *slam,
                                                           const int hashing)
{
    uint64_t dh = 0;
    const uint64_t(*z)[TV_MANCALA_MAX_SEEDS + 1] = r->zseed;
    const tv_sow *w = &r->sow;
    uint8_t *cells = s->cells;
    int mover = s->to_move, seeds = cells[hole], pos = r->track_pos[hole], last = hole, len = r->track_len;
    lift_watch lw;
    *slam = 0;
    cells[hole] = 0;
    if (w->origin_first) {
        cells[hole] = 1;
        seeds--;
    }
    if (hashing)
        dh = z[hole][seeds + (w->origin_first != 0)] ^ z[hole][cells[hole]];
    if (!w->stores && !w->skip_origin && !w->relay) { /* one seed a hole, lap after lap */
        const int8_t *track = r->track;
        for (; seeds > 0; seeds--) {
            if (++pos == len)
                pos = 0;
            int t = track[pos];
            if (hashing)
                dh ^= z[t][cells[t]] ^ z[t][cells[t] + 1];
            cells[t]++;
        }
        last = track[pos];
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
        if (hashing)
            dh ^= z[t][cells[t]] ^ z[t][cells[t] + 1];
        cells[t]++;
        seeds--;
        last = t;
        if (seeds == 0 && w->relay && cells[t] > 1) { /* relay: lift and go on */
            seeds = cells[t];
            if (hashing)
                dh ^= z[t][cells[t]] ^ z[t][0];
            cells[t] = 0;
            if (endless(r, cells, pos, seeds, &lw))
                return SOW_ENDLESS;
        }
    }
    if (hashing)
        s->hash ^= dh;
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
        if (hashing)
            s->hash ^= z[holes[i]][cells[holes[i]]] ^ z[holes[i]][0];
        cells[holes[i]] = 0;
    }
    return 0;
}

/* A look ahead: the move without the hash. */
static int sow(const tv_rules *r, tv_state *s, int hole, int *slam) { return sow_impl(r, s, hole, slam, 0); }

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

int tv_sow_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    int n = 0, first = s->to_move * r->sow.holes, end = first + r->sow.holes;
    const uint8_t *cells = s->cells;
    if (must_look(r, s)) {
        for (int h = first; h < end && n < cap; h++)
            if (cells[h] > 0 && allowed_after(r, s, h))
                out[n++] = h;
    } else if (cap >= r->sow.holes) { /* without a branch a hole */
        for (int h = first; h < end; h++) {
            out[n] = h;
            n += cells[h] != 0;
        }
    } else {
        for (int h = first; h < end && n < cap; h++)
            if (cells[h] > 0)
                out[n++] = h;
    }
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
    int again = sow_impl(r, s, m, &slam, hashing); /* the hash follows the counts that change */
    if (again == SOW_ENDLESS) {
        memcpy(s, &keep.state, (size_t)r->state_size);
        for (; u && u->n > kept; u->n--) /* the holes this sowing kept are not the move's */
            u->kept[u->cell[u->n - 1] >> 3] &= (uint8_t)~(1u << (u->cell[u->n - 1] & 7));
        return TV_EILLEGAL;
    }
    s->quiet = s->stones == stones ? (uint16_t)(s->quiet + 1) : 0;
    return again;
}

int tv_sow_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u) { return apply_impl(r, s, m, u, 1); }

int tv_sow_apply_unhashed(const tv_rules *r, tv_state *s, tv_move m) { return apply_impl(r, s, m, NULL, 0); }

void tv_sow_remainder(const tv_rules *r, tv_state *s)
{
    int n = r->sow.holes;
    if (r->remainder == TV_REMAINDER_OWN_ROW) {
        for (int h = 0; h < 2 * n; h++) {
            s->score[row_of(r, h)] += s->cells[h];
            s->stones = (uint16_t)(s->stones - s->cells[h]);
            put(r, s, h, 0);
        }
    } else if (r->remainder == TV_REMAINDER_SPLIT) {
        int half = s->stones / 2; /* an odd seed stays on the board */
        s->score[0] += half;
        s->score[1] += half;
        int left = s->stones - 2 * half;
        for (int h = 0; h < 2 * n; h++)
            put(r, s, h, 0);
        if (left)
            put(r, s, 0, left);
        s->stones = (uint16_t)left;
    }
}
