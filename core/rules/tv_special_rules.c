/* The chess family's rules at load (tv_special_rules.h): what royal pieces,
 * castling, en passant, a choice of promotion and the draw rules need, the
 * variables they keep (declared here, so no ruleset can forget one), and
 * the special move layout (tv_pmove.h). */
#include "tv_special_rules.h"
#include "tv_vars_keep.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tv_pmove.h"

static int kinds_of(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

/* A royal piece is attacked exactly when it could be taken next move. */
static const char *royal_unfit(const tv_rules *r)
{
    const tv_pieces *p = &r->pieces;
    if (r->custodial.dirs)
        return "royal pieces: custodial capture could take one without an attack to see";
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (g->type == TV_GEN_JUMP || g->type == TV_GEN_LINE_COUNT)
            return "royal pieces: attacks are read from steps, slides and leaps; a jump or a line count could take one "
                   "otherwise";
        if ((g->to & TV_TO_ENEMY) && g->from_rows)
            return "royal pieces: a capture that only some rows allow cannot say what attacks a cell";
        if ((g->to & TV_TO_ENEMY) && g->min > 1)
            return "royal pieces: a capturing slide with a least distance cannot say what attacks a cell";
    }
    return NULL;
}

static int check_castles(tv_rules *r, tv_error *err)
{
    tv_pieces *p = &r->pieces;
    memset(p->castle_touch, 0, sizeof p->castle_touch);
    if (p->ncastles < 0 || p->ncastles > TV_MAX_CASTLES)
        return tv_error_set(err, TV_ERULES, "castle: at most %d castlings", TV_MAX_CASTLES);
    if (p->ncastles && !p->royal)
        return tv_error_set(err, TV_ERULES, "castle: castling moves a royal piece; name one (royal = \"king\")");
    for (int i = 0; i < p->ncastles; i++) {
        tv_castle *c = &p->castle[i];
        int cells[4] = {c->king, c->king_to, c->rook, c->rook_to}, w = r->grid.width;
        for (int j = 0; j < 4; j++)
            if (cells[j] < 0 || cells[j] >= r->ncells || cells[j] / w != c->king / w)
                return tv_error_set(err, TV_ERULES, "castle %s: its four cells must be on one row of the board", c->name);
        if (c->king == c->rook || c->king_to == c->rook_to)
            return tv_error_set(err, TV_ERULES, "castle %s: the royal piece and the rook need cells of their own", c->name);
        if (!c->name[0] || strchr(c->name, ' '))
            return tv_error_set(err, TV_ERULES, "castle %d: needs a name without spaces, as \"O-O\"", i + 1);
        for (int j = 0; j < i; j++)
            if (!strcmp(p->castle[j].name, c->name))
                return tv_error_set(err, TV_ERULES, "castle %s: named twice", c->name);
        /* the right: castle_ and the name's letters and digits ("O-O": castle_oo) */
        char var[TV_VAR_NAME] = "castle_";
        size_t n = strlen(var);
        for (const char *q = c->name; *q && n + 1 < sizeof var; q++)
            if (isalnum((unsigned char)*q))
                var[n++] = (char)tolower((unsigned char)*q);
        var[n] = '\0';
        int k = tv_vars_keep(r, var, TV_VAR_FLAG, 1, 1, 1, "the chess family's", err);
        if (k < 0)
            return k;
        c->var = k;
        for (int me = 0; me < 2; me++)
            for (int j = 0; j < 4; j++) { /* player 2's rows mirrored */
                int at = me ? (r->grid.height - 1 - cells[j] / w) * w + cells[j] % w : cells[j];
                c->at[me][j] = (int16_t)at;
                if (j == 0 || j == 2)
                    p->castle_touch[at] |= (uint8_t)(1 << (me * 4 + i));
            }
    }
    return TV_OK;
}

int tv_special_rules_check(tv_rules *r, tv_error *err)
{
    tv_pieces *p = &r->pieces;
    int all = (1 << kinds_of(r)) - 1, ep = 0, choice = 0;
    p->ep_var = -1;
    if ((p->royal & ~all) || (p->progress_kinds & ~all) || (p->insufficient.alone & ~all) ||
        (p->insufficient.same_colour & ~all))
        return tv_error_set(err, TV_ERULES, "pieces: a royal, progress or insufficient-material kind is not a kind of this game");
    const char *why = p->royal ? royal_unfit(r) : NULL;
    if (why)
        return tv_error_set(err, TV_ERULES, "%s", why);
    if ((p->stalemate || p->insufficient.on) && !p->royal)
        return tv_error_set(err, TV_ERULES, "stalemate and insufficient material need a royal kind (royal = \"king\")");
    for (int i = 0; i < p->ngens; i++) {
        tv_gen *g = &p->gen[i];
        if (g->min < 0 || (g->min > 1 && (g->type != TV_GEN_SLIDE || g->min > g->max)))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d: a least distance is for slides, up to their max",
                                i + 1);
        if (g->from_rows < 0 || (g->from_rows >> r->grid.height) ||
            (g->from_rows && g->type != TV_GEN_STEP && g->type != TV_GEN_SLIDE))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d: its rows are not rows of the board, or it is no step or slide",
                                i + 1);
        if (g->en_passant & ~(TV_EP_OPENS | TV_EP_TAKES))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d: unknown en passant", i + 1);
        if ((g->en_passant & TV_EP_OPENS) &&
            (g->type != TV_GEN_SLIDE || tv_pmove_k(g->dirs) != 1 || g->max < 2 || !(g->to & TV_TO_EMPTY)))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d: en_passant = \"opens\" is for a slide of two or more "
                                "cells along one direction to an empty cell", i + 1);
        if ((g->en_passant & TV_EP_TAKES) && g->type != TV_GEN_STEP)
            return tv_error_set(err, TV_ERULES, "pieces: generator %d: en_passant = \"takes\" is for a step", i + 1);
        ep |= g->en_passant;
    }
    for (int i = 0; i < p->ngens; i++) /* one opening direction a colour: the piece taken is behind the cell */
        for (int j = 0; j < i; j++)
            if ((p->gen[i].en_passant & p->gen[j].en_passant & TV_EP_OPENS) && p->gen[i].dirs != p->gen[j].dirs)
                return tv_error_set(err, TV_ERULES, "pieces: slides that open en passant go one way (generators %d and %d)",
                                    j + 1, i + 1);
    if (ep && ep != (TV_EP_OPENS | TV_EP_TAKES))
        return tv_error_set(err, TV_ERULES, "en passant: a slide opens it and a step takes it; this game has only one");
    for (int k = 0; k < TV_MAX_KINDS; k++) {
        if (!p->promote_choice[k])
            continue;
        if (k >= kinds_of(r) || (p->promote_choice[k] & ~all) || (p->promote_choice[k] >> k & 1) ||
            p->promote[k] != -1 || p->promote_rows < 1)
            return tv_error_set(err, TV_ERULES, "promotion: kind %d chooses among kinds that are not others of this game",
                                k);
        choice = 1;
    }
    int rc = check_castles(r, err);
    if (rc)
        return rc;
    p->special = p->ncastles || choice || ep; /* progress kinds are read by every layout's effect */
    if (p->special && (p->jump_dirs || p->shoots || r->custodial.dirs))
        return tv_error_set(err, TV_ERULES, "pieces: castling, en passant and a choice of promotion do not "
                                            "combine with jumps, shots or custodial capture (their moves share a layout)");
    if (ep && (rc = tv_vars_keep(r, "en_passant", TV_VAR_CELL, 0, -1, 0, "the chess family's", err)) < 0)
        return rc;
    p->ep_var = ep ? rc : -1;
    return TV_OK;
}
