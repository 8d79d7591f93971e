#!/bin/sh
# Writes a C file of the web application's files (serve_assets.h) to stdout:
# embed_assets.sh FILE... (each served at /its-name; index.html also at /).
set -eu
echo '/* Written by plugin/serve/embed_assets.sh from plugin/serve/web/: do not edit. */'
echo '#include "serve_assets.h"'
i=0
for f in "$@"; do
  echo "static const unsigned char asset$i[] = {"
  od -An -v -tx1 "$f" | sed 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'
  echo "0};"
  i=$((i + 1))
done
echo 'const serve_asset serve_assets[] = {'
i=0
for f in "$@"; do
  name=$(basename "$f")
  case $name in
    *.html) type='text/html; charset=utf-8' ;;
    *.js) type='text/javascript; charset=utf-8' ;;
    *.css) type='text/css; charset=utf-8' ;;
    *.svg) type='image/svg+xml' ;;
    *.png) type='image/png' ;;
    *) type='application/octet-stream' ;;
  esac
  size=$(wc -c < "$f" | tr -d ' ')
  echo "    {\"/$name\", \"$type\", asset$i, $size},"
  i=$((i + 1))
done
echo '    {0, 0, 0, 0} /* the end */'
echo '};'
echo "const int serve_nassets = $i;"
