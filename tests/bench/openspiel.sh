#!/bin/sh
# openspiel.sh WHERE BUILD_DIR BUILD_SCRIPT GAMES: prints the path of
# OpenSpiel's random-rollout program for make bench (BENCH_OPENSPIEL).
#
#   WHERE         a folder the peer's build script already built (it holds
#                 bin/rollout-clang), or an OpenSpiel source checkout or bare
#                 git directory to build it from
#   BUILD_DIR     where a build from source goes (reused while it was built
#                 from the same source with the same games)
#   BUILD_SCRIPT  the peer's build script (build.sh OPEN_SPIEL_SOURCE BUILD_DIR,
#                 taking the game list in GAMES), kept outside this repository
#   GAMES         the OpenSpiel games the bench's peer rows need
#                 (bench openspiel-games)
#
# Everything but the path goes to stderr. OpenSpiel is measured, never built
# into tavola; without it make bench says the peer was not measured.
set -eu
WHERE=${1:?usage: openspiel.sh WHERE BUILD_DIR BUILD_SCRIPT GAMES}
BUILD=${2:?}
SCRIPT=${3:?}
GAMES=${4:?}

[ -d "$WHERE" ] || { echo "openspiel.sh: OPENSPIEL_SRC=$WHERE: no such folder" >&2; exit 1; }

# The games a build holds: the "games:" line of its VERSION file.
has_games() {
  [ -x "$1/bin/rollout-clang" ] || return 1
  built=" $(sed -n 's/^games: //p' "$1/VERSION" 2>/dev/null) "
  for g in $GAMES; do
    case $built in *" $g "*) ;; *) return 1 ;; esac
  done
}

if [ -x "$WHERE/bin/rollout-clang" ]; then
  has_games "$WHERE" || echo "openspiel.sh: $WHERE lacks some of: $GAMES (those rows fail)" >&2
  echo "$(cd "$WHERE" && pwd)/bin/rollout-clang"
  exit 0
fi
if [ -x "$WHERE/rollout-clang" ]; then # the bin folder itself
  echo "$(cd "$WHERE" && pwd)/rollout-clang"
  exit 0
fi

src=$(cd "$WHERE" && pwd)
stamp="source: $src"
if has_games "$BUILD" && [ "$(cat "$BUILD/SOURCE" 2>/dev/null)" = "$stamp" ]; then
  echo "$(cd "$BUILD" && pwd)/bin/rollout-clang"
  exit 0
fi
[ -f "$SCRIPT" ] || {
  echo "openspiel.sh: $WHERE is not a built peer (no bin/rollout-clang), and the build script $SCRIPT is missing" >&2
  echo "openspiel.sh: give OPENSPIEL_BUILD_SH=PATH/build.sh, or OPENSPIEL_SRC=a folder it built" >&2
  exit 1
}
echo "openspiel.sh: building the OpenSpiel peer from $src into $BUILD (games: $GAMES)" >&2
mkdir -p "$BUILD"
GAMES="$GAMES" sh "$SCRIPT" "$src" "$BUILD" >"$BUILD/build.log" 2>&1 || {
  tail -20 "$BUILD/build.log" >&2
  echo "openspiel.sh: the build failed (log: $BUILD/build.log)" >&2
  exit 1
}
echo "$stamp" >"$BUILD/SOURCE"
echo "$(cd "$BUILD" && pwd)/bin/rollout-clang"
