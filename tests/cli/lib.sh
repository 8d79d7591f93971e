# What every shell test of the command shares, sourced after `set -u`: a
# scratch folder ($tmp, removed on exit), the counts, ok and bad, and finish,
# which prints the closing line "NAME: N passed, N failed" and gives the status.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() {
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
