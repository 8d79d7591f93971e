/* JSON strings in the server's answers (serve_json.h). */
#include "serve_json.h"

#include <stdio.h>

/* The length of a valid UTF-8 sequence at s (1 for ASCII), or 0. */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (n == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0)))
        return 0;
    if (n == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90)))
        return 0;
    return n;
}

void json_string(tv_buf *b, const char *s)
{
    if (!s) {
        tv_buf_puts(b, "null");
        return;
    }
    tv_buf_put(b, "\"", 1);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_len(p);
        if (n == 0) {
            tv_buf_puts(b, "\\ufffd");
            p++;
        } else if (*p == '"' || *p == '\\') {
            char e[2] = {'\\', (char)*p};
            tv_buf_put(b, e, 2), p++;
        } else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&' || *p == 0x7f) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", *p);
            tv_buf_put(b, e, 6), p++;
        } else {
            tv_buf_put(b, (const char *)p, (size_t)n);
            p += n;
        }
    }
    tv_buf_put(b, "\"", 1);
}

void json_key(tv_buf *b, const char *key, int first)
{
    if (!first)
        tv_buf_put(b, ",", 1);
    json_string(b, key);
    tv_buf_put(b, ":", 1);
}
