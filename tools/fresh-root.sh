#!/usr/bin/env bash
# fresh-root.sh [COMMAND...]: runs the README's commands the way a newcomer
# would, as root in a brand-new Debian 12 system that has only gcc, make and
# git, on a clone of this repository's committed HEAD. Default commands:
# "make demo" then "make check", in order, stopping at the first that fails.
#
# The brand-new system is a debootstrap root built once and kept pristine in
# TAVOLA_FRESH_CACHE (default /var/tmp/tavola-debian12, outside any clone):
# each run works in a copy of it that is deleted afterwards, so nothing a run
# installs is seen by the next. .ci/run uses this, so CI fails where a new
# machine would. Needs root, debootstrap (installed when missing), unshare and
# the Debian mirror this machine's apt uses.
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
[ $# -gt 0 ] || set -- "make demo" "make check"
cache=${TAVOLA_FRESH_CACHE:-/var/tmp/tavola-debian12}
say() { echo "fresh-root: $*"; }

[ "$(id -u)" = 0 ] || { say "needs root (it builds and enters a Debian root with chroot)" >&2; exit 2; }
if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi
# The first Debian archive this machine's apt reads from (not the security one).
mirror=$( { cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null || true; } |
          grep -E '^(URIs:|deb )' | grep -v security | head -1 | awk '{ print $2 }')
[ -n "$mirror" ] || { say "no Debian mirror found in apt's sources" >&2; exit 2; }

# Build the pristine root once, under a lock, into a temporary folder that is
# renamed into place only when complete: a build cut short is never used.
mkdir -p "$(dirname "$cache")"
exec 9>"$cache.lock"
flock 9
if [ ! -f "$cache/.complete" ]; then
  say "building a brand-new Debian 12 root in $cache (once; a few minutes)"
  rm -rf --one-file-system "$cache" "$cache.new"
  if ! debootstrap --variant=minbase --include=gcc,make,git,ca-certificates bookworm \
       "$cache.new" "$mirror" >"$cache.log" 2>&1; then
    tail -20 "$cache.log" >&2; say "debootstrap failed (log: $cache.log)" >&2; exit 2
  fi
  echo "deb $mirror bookworm main" >"$cache.new/etc/apt/sources.list"
  touch "$cache.new/.complete"
  mv "$cache.new" "$cache"
fi
flock -u 9

run=$(mktemp -d /var/tmp/tavola-fresh-run.XXXXXX)
cleanup() {
  # The mounts live in the command's own mount namespace and vanish with it;
  # never delete through a mount that is somehow still there.
  if grep -q " $run/" /proc/mounts; then say "$run still has mounts; left in place" >&2
  else rm -rf --one-file-system "$run"; fi
}
trap cleanup EXIT
cp -a "$cache/." "$run/"
rm -f "$run/.complete"
git clone -q "$repo" "$run/root/tavola"
cp /etc/resolv.conf "$run/etc/resolv.conf" 2>/dev/null || true
say "$(git -C "$run/root/tavola" log -1 --format='%h %s' | cut -c1-100)"

status=0
for cmd in "$@"; do
  say "\$ $cmd"
  start=$(date +%s)
  if unshare --mount --propagation private -- /bin/bash -c '
       set -e; root=$1
       mount -t proc proc "$root/proc"
       mount --rbind /dev "$root/dev"
       mount --rbind /sys "$root/sys"
       exec chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
         PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
         /bin/bash -c "cd /root/tavola && $2"' fresh-root "$run" "$cmd" </dev/null; then
    say "ok: $cmd ($(( $(date +%s) - start )) s)"
  else
    status=$?
    say "FAILED (exit $status): $cmd ($(( $(date +%s) - start )) s)"
    break
  fi
done
exit $status
