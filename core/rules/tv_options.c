#include "tv_options.h"

#include <string.h>

static int valid_key(const char *k, size_t len)
{
    if (len == 0 || len >= TV_OPTION_KEY_MAX || !((k[0] >= 'a' && k[0] <= 'z') || k[0] == '_'))
        return 0;
    for (size_t i = 1; i < len; i++)
        if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '_'))
            return 0;
    return 1;
}

static int set_n(tv_options *o, const char *key, size_t klen, const char *value, size_t vlen,
                 tv_error *err)
{
    if (!valid_key(key, klen))
        return tv_error_set(err, TV_EINVAL, "option name '%.*s' is not a lower-case name",
                            (int)(klen > 40 ? 40 : klen), key);
    if (vlen >= TV_OPTION_VALUE_MAX)
        return tv_error_set(err, TV_EINVAL, "option %.*s: value longer than %d characters",
                            (int)klen, key, TV_OPTION_VALUE_MAX - 1);
    int i = 0;
    while (i < o->n && !(strlen(o->key[i]) == klen && memcmp(o->key[i], key, klen) == 0))
        i++;
    if (i == o->n) {
        if (o->n == TV_OPTIONS_MAX)
            return tv_error_set(err, TV_ELIMIT, "more than %d options", TV_OPTIONS_MAX);
        memcpy(o->key[i], key, klen);
        o->key[i][klen] = '\0';
        o->n++;
    }
    memcpy(o->value[i], value, vlen);
    o->value[i][vlen] = '\0';
    return TV_OK;
}

int tv_options_set(tv_options *o, const char *key, const char *value, tv_error *err)
{
    return set_n(o, key, strlen(key), value, strlen(value), err);
}

int tv_options_add_pair(tv_options *o, const char *pair, tv_error *err)
{
    const char *eq = strchr(pair, '=');
    if (!eq)
        return tv_error_set(err, TV_EINVAL, "option '%.40s': expected key=value", pair);
    return set_n(o, pair, (size_t)(eq - pair), eq + 1, strlen(eq + 1), err);
}

/* All or nothing: parse into a copy, keep it only when the whole string is good. */
int tv_options_parse(tv_options *out, const char *text, tv_error *err)
{
    static _Thread_local tv_options copy;
    tv_options *o = &copy;
    *o = *out;
    const char *p = text;
    while (*p) {
        const char *eq = strchr(p, '='), *comma = strchr(p, ',');
        if (!eq || (comma && comma < eq))
            return tv_error_set(err, TV_EINVAL, "options '%.60s': expected key=value at '%.20s'", text, p);
        /* The value runs to the next comma that starts a "key=" piece. */
        const char *end = eq + 1;
        for (;;) {
            const char *c = strchr(end, ',');
            if (!c) {
                end += strlen(end);
                break;
            }
            const char *next_eq = strchr(c + 1, '='), *next_comma = strchr(c + 1, ',');
            if (next_eq && (!next_comma || next_eq < next_comma)) {
                end = c;
                break;
            }
            end = c + 1;
        }
        int rc = set_n(o, p, (size_t)(eq - p), eq + 1, (size_t)(end - eq - 1), err);
        if (rc)
            return rc;
        p = *end ? end + 1 : end;
    }
    *out = *o;
    return TV_OK;
}

const char *tv_options_get(const tv_options *o, const char *key)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->key[i], key) == 0)
            return o->value[i];
    return NULL;
}
