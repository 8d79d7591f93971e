/* JSON written into the server's answers, each a tv_buf (tv_buf.h): out of
 * memory sticks there, and an answer whose buffer failed becomes a 500. */
#ifndef SERVE_JSON_H
#define SERVE_JSON_H

#include "tv_buf.h"

/* s as a JSON string: quoted; '"', '\' and controls escaped, and '<', '>'
 * and '&' as \u003c.. so that the text can never close a script or a tag;
 * bytes that are not UTF-8 become U+FFFD. NULL is written as null. */
void json_string(tv_buf *b, const char *s);
/* ,"key": before a value (no comma when first is set). */
void json_key(tv_buf *b, const char *key, int first);

#endif
