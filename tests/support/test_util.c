#include "test_util.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tv_ruleset *load_source(const char *file, const char *source, const char *options, tv_error *err)
{
    tv_options opts = {0};
    if (options && tv_options_parse(&opts, options, err))
        return NULL;
    return tv_ruleset_load(file, source, strlen(source), &opts, NULL, err);
}

tv_ruleset *load_named(const char *name, const char *options, tv_error *err)
{
    char path[256];
    snprintf(path, sizeof path, "rulesets/%s.lua", name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        tv_error_set(err, TV_EINVAL, "%s: cannot open", path);
        return NULL;
    }
    static char src[1 << 16];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = '\0';
    return load_source(path, src, options, err);
}

tv_ruleset *must_load(const char *name, const char *options)
{
    tv_error err = {0};
    tv_ruleset *rs = load_named(name, options, &err);
    ck_assert_msg(rs != NULL, "%s %s: %s", name, options ? options : "", err.msg);
    return rs;
}

int play_moves(tv_game *g, const char *moves, tv_error *err)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok(buf, " "); m; m = strtok(NULL, " ")) {
        int rc = tv_game_play_text(g, m, err);
        if (rc)
            return rc;
    }
    return TV_OK;
}
