/* The web application's files, built into the program (make writes
 * serve_assets.c from plugin/serve/web/), so that the server needs no
 * files beside it and serves nothing from elsewhere. */
#ifndef SERVE_ASSETS_H
#define SERVE_ASSETS_H

#include <stddef.h>

typedef struct serve_asset {
    const char *path; /* "/app.js" */
    const char *type; /* its Content-Type */
    const unsigned char *data;
    size_t size;
} serve_asset;

extern const serve_asset serve_assets[];
extern const int serve_nassets;

#endif
