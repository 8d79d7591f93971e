/* Fuzz target: a ruleset of hooks (moves, score, ends, play) whose results
 * and calls into the state view are chosen by the input: integers of every
 * size, floats, NaN, strings, tables, nil. Whatever they return, a game
 * either goes on or stops with a clean hook error, the state stays
 * consistent (positions read back), and the VM takes the next call. */
#include <limits.h>

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

/* The hooks read the input as a byte string B, one byte per choice. The
 * ends hook ends every game by ply 40: a random playout of a game that never
 * ends (a play hook that changes nothing) runs for ever inside core, one
 * fresh hook budget per call; core's loops are bounded elsewhere. */
static const char hooks_src[] =
    "local V = { 0, 1, 2, 3, -1, 9, 10, 255, 256, 999999, -999999, 1 << 31, 1 << 40, math.mininteger,\n"
    "  3.5, 0/0, math.huge, 'a1', 'b2', 'c3', 'pass', 'swap', 'zz', {}, true, 1e9, 2^53, '1' }\n"
    "local i = 0\n"
    "local function byte() i = i % #B + 1 return B:byte(i) end\n"
    "local function val() local b = byte() if b >= 240 then return nil end return V[b % #V + 1] end\n"
    "local function run(f, ...) if byte() < 200 then return f(...) end return pcall(f, ...) end\n"
    "return game { name = 'H', board = BOARD, ends = 'board_full',\n"
    "  moves = function(s)\n"
    "    local k = byte() % 4\n"
    "    if k == 0 then return s:empties() end\n"
    "    if k == 1 then local t = {} for j = 1, byte() % 12 do t[j] = val() end return t end\n"
    "    if k == 2 then return val(), val(), val() end\n"
    "    return setmetatable({ val() }, { __len = function() return 1 << 62 end, __index = function() return val() end })\n"
    "  end,\n"
    "  score = function(s)\n"
    "    if byte() < 128 then return s:runs({ 0, 0, 3, val() }, byte() % 2 == 0 and 'hv' or val()) end\n"
    "    return val(), val()\n"
    "  end,\n"
    "  ends = function(s) if s:ply() >= 40 then return 0 end if byte() < 220 then return nil end return val() end,\n"
    "  play = function(s, m)\n"
    "    for j = 1, byte() % 4 do\n"
    "      local k = byte() % 5\n"
    "      if k == 0 then run(s.set, s, val(), val())\n"
    "      elseif k == 1 then run(s.add_score, s, val(), val())\n"
    "      elseif k == 2 then run(s.place, s, val())\n"
    "      elseif k == 3 then run(s.sow, s, val())\n"
    "      else run(s.get, s, val()) end\n"
    "    end\n"
    "    if byte() < 128 then if s:size() == 9 then return s:place(m) else return s:sow(m) end end\n"
    "    return val()\n"
    "  end }\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 4096)
        return 0;
    /* B = the input as a Lua string of decimal escapes; BOARD by its first byte. */
    size_t cap = size * 4 + sizeof hooks_src + 256;
    char *src = malloc(cap);
    if (!src)
        return 0;
    size_t n = (size_t)snprintf(src, cap, "local B = '");
    for (size_t k = 0; k < size; k++)
        n += (size_t)snprintf(src + n, cap - n, "\\%u", data[k]);
    const char *board = data[0] & 1 ? "mancala { holes = 6, seeds = 4, stores = true }" : "grid { width = 3, height = 3 }";
    n += (size_t)snprintf(src + n, cap - n, "'\nlocal BOARD = %s\n", board);
    memcpy(src + n, hooks_src, sizeof hooks_src);
    tv_error err = {0};
    /* The load has no clock: the ruleset is fixed and must load (checked
     * below) however slow the machine; the hooks keep the small limits. */
    tv_limits limits = fuzz_limits;
    limits.load_ms = LONG_MAX;
    tv_ruleset *rs = tv_ruleset_load("fuzz_hooks.lua", src, strlen(src), NULL, &limits, &err);
    free(src);
    FUZZ_CHECK(rs != NULL); /* the ruleset is fixed: only its hooks' results vary */
    const tv_rules *r = tv_ruleset_rules(rs);
    for (int round = 0; round < 2; round++) {
        tv_game *g = tv_game_new(r, size + (size_t)round, &err);
        if (!g) {
            FUZZ_CHECK(strstr(err.msg, "hook") != NULL);
            continue;
        }
        for (int ply = 0; ply < 12; ply++) {
            tv_move moves[TV_MOVES_LIMIT];
            int k = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
            if (k < 0)
                FUZZ_CHECK(strstr(err.msg, "hook") != NULL);
            if (k <= 0)
                break;
            int rc = tv_game_play(g, moves[(size_t)ply * 5 % (size_t)k], &err);
            if (rc != TV_OK) {
                FUZZ_CHECK(err.msg[0] != '\0');
                break;
            }
            char text[TV_POSITION_MAX];
            tv_state_buf back;
            tv_position_write(r, g->state, text, sizeof text);
            tv_position_read(r, text, &back.state, &err);
        }
        tv_rng rng;
        tv_rng_seed(&rng, size);
        tv_random_playout(r, g->state, &rng, &err); /* may fail cleanly, never crash */
        while (g->nply > 0 && tv_game_undo(g, &err) == TV_OK)
            ;
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
    return 0;
}
