/* Fuzz target: option strings. Byte 0 picks a ruleset, the rest is an option
 * string for tv_options_parse; what parses is handed to the ruleset's loader
 * (under small limits), and a ruleset that loads plays a few moves. */
#include "fuzz_common.h"

static const char *const names[] = {"pahtum", "connect4", "kalah", "notakto", "gomoku", "oware", "tihbat",
                                    "tictactoe"};
#define NNAMES (sizeof names / sizeof *names)
static char *sources[NNAMES];
static size_t lengths[NNAMES];
static char paths[NNAMES][64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    for (size_t i = 0; i < NNAMES; i++) {
        snprintf(paths[i], sizeof paths[i], "rulesets/%s.lua", names[i]);
        FILE *f = fopen(paths[i], "rb");
        if (!f) {
            fprintf(stderr, "fuzz: cannot open %s (run from the repository root)\n", paths[i]);
            exit(2);
        }
        sources[i] = malloc(1 << 16);
        lengths[i] = fread(sources[i], 1, 1 << 16, f);
        fclose(f);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t which = data[0] % NNAMES;
    char *text = fuzz_text(data + 1, size - 1);
    FUZZ_CHECK(text != NULL);
    tv_options o = {0}, copy;
    tv_error err = {0};
    int rc = tv_options_parse(&o, text, &err);
    if (rc != TV_OK) {
        FUZZ_CHECK(err.msg[0] != '\0');
        free(text);
        return 0;
    }
    FUZZ_CHECK(o.n >= 0 && o.n <= TV_OPTIONS_MAX);
    for (int i = 0; i < o.n; i++) {
        FUZZ_CHECK(o.key[i][0] != '\0' && strlen(o.key[i]) < TV_OPTION_KEY_MAX);
        FUZZ_CHECK(strlen(o.value[i]) < TV_OPTION_VALUE_MAX);
        FUZZ_CHECK(tv_options_get(&o, o.key[i]) == o.value[i]);
    }
    copy = o; /* parsing more into a full set is all or nothing */
    if (tv_options_parse(&copy, text, &err) != TV_OK)
        FUZZ_CHECK(memcmp(&copy, &o, sizeof o) == 0);
    tv_ruleset *rs = tv_ruleset_load(paths[which], sources[which], lengths[which], &o, &fuzz_limits, &err);
    if (rs) {
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_game *g = tv_game_new(r, size, &err);
        for (int ply = 0; g && ply < 12; ply++) {
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
            if (n <= 0 || tv_game_play(g, moves[(size_t)ply * 5 % (size_t)n], &err) != TV_OK)
                break;
        }
        tv_game_free(g);
        tv_ruleset_free(rs);
    } else {
        FUZZ_CHECK(strncmp(err.msg, paths[which], strlen(paths[which])) == 0);
    }
    free(text);
    return 0;
}
