#!/bin/sh
# make layers: layers_test.sh "CC CFLAGS" "folder=include flags" ...
# For each folder of tests/build/layers.txt, every header it "sees" must
# compile on the folder's include path and every header it "hides" must not
# be found there, so a wrong include in that folder fails the build.
set -u
cc=$1
shift
list=$(dirname "$0")/layers.txt
tmp=${TMPDIR:-/tmp}/tv_layers.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
fail=0
checked=0
for arg in "$@"; do
  dir=${arg%%=*}
  inc=${arg#*=}
  grep -v '^#' "$list" | while read -r folder verb headers; do
    [ "$folder" = "$dir" ] || continue
    for h in $headers; do
      printf '#include "%s"\n' "$h" > "$tmp/t.c"
      if $cc $inc -fsyntax-only "$tmp/t.c" 2> "$tmp/err"; then found=1; else found=0; fi
      if [ "$verb" = sees ] && [ $found = 0 ]; then
        echo "layers: $dir cannot include $h:"; sed 's/^/  /' "$tmp/err"; echo x >> "$tmp/failed"
      elif [ "$verb" = hides ] && { [ $found = 1 ] || ! grep -q " $h: " "$tmp/err"; }; then
        echo "layers: $dir can include $h, which it must not see"; echo x >> "$tmp/failed"
      fi
      echo x >> "$tmp/checked"
    done
  done
done
[ -f "$tmp/failed" ] && fail=$(wc -l < "$tmp/failed")
[ -f "$tmp/checked" ] && checked=$(wc -l < "$tmp/checked")
if [ "$fail" -ne 0 ]; then
  echo "make layers: $fail of $checked include checks failed"
  exit 1
fi
echo "make layers: $checked include checks passed"
