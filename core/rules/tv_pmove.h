/* The layout of a piece's move (TV_MOVES_PIECES) in a tv_move: a non-negative
 * 31-bit integer that says the whole turn, so that move text needs no state.
 *
 *   m < 2^21          a step or a slide: from | to << 10 | capture << 20,
 *                     capture = 1 when an enemy piece on `to` is taken
 *                     (a2-a3, a2xb3);
 *   m >= 2^21         a chain of jumps: 2^21 + from + 1024 * code, where code
 *                     numbers the sequence of jump directions (c3xe5xc7);
 *   m >= 2^30         in a game whose moves shoot (tv_pieces.shoots, which
 *                     then has no jumps: the layout depends on the rules), a
 *                     move and its arrow: 2^30 | from | to << 10 | arrow << 20
 *                     (d1-d7/g7); such a game's moves in [2^21, 2^30) are
 *                     no moves. The arrow may land on `from`.
 *
 * The code of a chain d[0..L) of directions out of the game's jump directions
 * J (k of them, in compass order N NE E SE S SW W NW): its first digit is the
 * index of d[0] in J, each later digit the index of d[i] in J less the
 * reverse of d[i-1] when J holds every reverse (base b = k - 1; a piece never
 * jumps straight back over the cell it came over, the piece there is gone),
 * else in J (b = k). Chains are numbered by length first:
 *   code = offset(L) + digit[0] + k * (digit[1] + b * (digit[2] + ...)),
 *   offset(L) = sum over l < L of k * b^(l-1).
 * So 4 diagonal directions allow chains of up to 12 jumps, all 8 directions
 * up to 7 (tv_pmove_chain_max); a ruleset whose enemy could be jumped more
 * times than that is refused when it loads. Cells are below 1024
 * (TV_MAX_CELLS = 676).
 *
 * Jumps over own pieces (jump { over = "own" | "any" }) are chains too, with
 * the same codes: a move names the landings only, and what each jump does
 * follows from the cell jumped in the position (an enemy leaves the board,
 * an own piece stays), so the text is the same "a1xc1xc3" either way. Such a
 * chain never lands twice on a cell (its start included), which keeps
 * "never straight back" true and bounds it by the landings of one column
 * and row parity; a board where that bound passes chain_max is refused.
 * Line counts and leaps are simple moves.
 *
 * The chess family's layout (tv_pieces.special: a game with castling or a
 * choice of promotion, which then has no jumps and no shots, so the numbers
 * from 2^21 up are free):
 *   from | to << 10 | capture << 20 | (kind + 1) << 21   a move that
 *                     promotes to `kind` (e7-e8=Q), kind + 1 = 0: none;
 *   from | to << 10 | i << 21 | 1 << 25                  castling i, the
 *                     royal piece from `from` to `to` (O-O).
 * En passant and the double step are plain moves (e5xd6, e2-e4): the
 * position says what they do (tv_pieces_special.h).
 *
 * Captures whose pieces leave the board after the move (tv_pieces.after,
 * international draughts: flying jumps land anywhere beyond the piece they
 * take, so the landings of a long chain do not fit 31 bits; the game then has
 * no shots and no special moves):
 *   from | to << 10 | (variant + 1) << 21   a capture from `from` ending on
 *                     `to`; the move is its start, its end and the set of
 *                     pieces it takes (the rules' own definition of a move),
 *                     and variant numbers the sets taken between the same two
 *                     cells in the position (tv_pieces_after.h), nearly
 *                     always 0 (c3xe5; the second is c3xe5(2)).
 * Unlike the other layouts, which pieces such a capture takes follows from
 * the position it is played in, as en passant's does. */
#ifndef TV_PMOVE_H
#define TV_PMOVE_H

#include <stdint.h>

#include "tv_compass.h"
#include "tv_state.h"

#define TV_PMOVE_CHAIN_BASE (1 << 21)
#define TV_PMOVE_CODES ((INT32_MAX - TV_PMOVE_CHAIN_BASE) / 1024) /* codes 0..TV_PMOVE_CODES-1 */
#define TV_PMOVE_CHAIN_LIMIT 32 /* never more jumps in one move, whatever the directions */
#define TV_PMOVE_SHOT_BASE (1 << 30)


static inline tv_move tv_pmove_simple(int from, int to, int capture)
{
    return (tv_move)(from | to << 10 | (capture ? 1 << 20 : 0));
}
static inline int tv_pmove_is_chain(tv_move m) { return m >= TV_PMOVE_CHAIN_BASE; }
static inline int tv_pmove_from(tv_move m) { return (m >= TV_PMOVE_CHAIN_BASE ? m - TV_PMOVE_CHAIN_BASE : m) & 1023; }
static inline int tv_pmove_to(tv_move m) { return (m >> 10) & 1023; } /* simple moves */
static inline int tv_pmove_captures(tv_move m) { return (m >> 20) & 1; } /* simple moves */

/* Shots (only in a game whose moves shoot: see above); from and to as above. */
static inline tv_move tv_pmove_shot(int from, int to, int arrow)
{
    return (tv_move)(TV_PMOVE_SHOT_BASE | from | to << 10 | arrow << 20);
}
static inline int tv_pmove_is_shot(tv_move m) { return m >= TV_PMOVE_SHOT_BASE; }
static inline int tv_pmove_arrow(tv_move m) { return (m >> 20) & 1023; }

/* The chess family's moves (tv_pieces.special only). */
#define TV_PMOVE_CASTLE (1 << 25)
static inline tv_move tv_pmove_promoting(int from, int to, int capture, int kind)
{
    return tv_pmove_simple(from, to, capture) | (tv_move)(kind + 1) << 21;
}
static inline tv_move tv_pmove_castling(int from, int to, int i) { return (tv_move)(from | to << 10 | i << 21 | TV_PMOVE_CASTLE); }
static inline int tv_pmove_is_castle(tv_move m) { return m >= 0 && (m & TV_PMOVE_CASTLE); }
static inline int tv_pmove_castle(tv_move m) { return (m >> 21) & 3; }
/* The kind a move promotes to, or -1. */
static inline int tv_pmove_promotes(tv_move m) { return tv_pmove_is_castle(m) ? -1 : ((m >> 21) & 15) - 1; }

/* Captures whose pieces leave after the move (tv_pieces.after only). */
#define TV_PMOVE_VARIANTS 1023 /* variants 0..1022 of one start and end */
static inline tv_move tv_pmove_after(int from, int to, int variant)
{
    return (tv_move)(from | to << 10 | (variant + 1) << 21);
}
static inline int tv_pmove_variant(tv_move m) { return (m >> 21) - 1; }

/* The encoding's counts for jump directions `mask`: k, and b (see above). */
static inline int tv_pmove_k(int mask)
{
    int k = 0;
    for (int i = 0; i < 8; i++)
        k += (mask >> i) & 1;
    return k;
}
static inline int tv_pmove_b(int mask)
{
    int closed = 1;
    for (int i = 0; i < 8; i++)
        if ((mask & (1 << i)) && !(mask & (1 << tv_compass_reverse(i))))
            closed = 0;
    return tv_pmove_k(mask) - closed;
}

/* The longest chain the codes can number with these jump directions. */
static inline int tv_pmove_chain_max(int mask)
{
    int64_t k = tv_pmove_k(mask), b = tv_pmove_b(mask), offset = 0, place = k;
    int len = 0;
    if (k == 0)
        return 0;
    while (len < TV_PMOVE_CHAIN_LIMIT && offset + place <= TV_PMOVE_CODES) {
        offset += place;
        place *= b;
        len++;
    }
    return len;
}

/* The index of direction dir among the directions of mask, leaving out `skip`
 * (-1: none). */
static inline int tv_pmove_digit(int mask, int dir, int skip)
{
    int n = 0;
    for (int i = 0; i < dir; i++)
        n += (mask >> i & 1) && i != skip;
    return n;
}

/* The direction of digit a among the directions of mask less `skip`. */
static inline int tv_pmove_dir(int mask, int a, int skip)
{
    for (int i = 0; i < 8; i++)
        if ((mask >> i & 1) && i != skip && a-- == 0)
            return i;
    return -1;
}

/* The chain from `from` along dirs[0..len) (len >= 1, within chain_max). */
static inline tv_move tv_pmove_chain(int mask, int from, const int8_t *dirs, int len)
{
    int64_t k = tv_pmove_k(mask), b = tv_pmove_b(mask), closed = k - b, offset = 0, place = k;
    for (int l = 1; l < len; l++) {
        offset += place;
        place *= b;
    }
    int64_t code = 0, weight = 1;
    for (int i = 0; i < len; i++) {
        int skip = i && closed ? tv_compass_reverse(dirs[i - 1]) : -1;
        code += weight * tv_pmove_digit(mask, dirs[i], skip);
        weight *= i ? b : k;
    }
    return (tv_move)(TV_PMOVE_CHAIN_BASE + from + 1024 * (offset + code));
}

/* The directions of chain m into dirs[0..TV_PMOVE_CHAIN_LIMIT); returns the
 * length, or -1 when m is no chain of these directions. */
static inline int tv_pmove_chain_dirs(int mask, tv_move m, int8_t *dirs)
{
    int64_t k = tv_pmove_k(mask), b = tv_pmove_b(mask), closed = k - b, place = k;
    if (!tv_pmove_is_chain(m) || k == 0)
        return -1;
    int64_t code = (m - TV_PMOVE_CHAIN_BASE) / 1024;
    int len = 1;
    while (code >= place) {
        code -= place;
        place *= b;
        if (++len > TV_PMOVE_CHAIN_LIMIT || place == 0)
            return -1;
    }
    for (int i = 0; i < len; i++) {
        int64_t base = i ? b : k;
        int skip = i && closed ? tv_compass_reverse(dirs[i - 1]) : -1;
        dirs[i] = (int8_t)tv_pmove_dir(mask, (int)(code % base), skip);
        code /= base;
    }
    return len;
}

#endif
