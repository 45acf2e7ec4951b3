# e2e-lib.sh: the set-up the end-to-end scripts share. Source it after
# setting E2E_NAME (the prefix of every line the script prints).
#
# Sets ROOT (the checkout) and WORK (LEASEVET_E2E_WORK, or a temporary
# directory removed on exit), exports GOWORK=off and GOFLAGS=-mod=mod, and
# defines say, fail, now and since (elapsed time since a `now` reading).
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export GOWORK=off GOFLAGS=-mod=mod
WORK=${LEASEVET_E2E_WORK:-}
if [[ -z $WORK ]]; then
	WORK=$(mktemp -d)
	trap 'rm -rf "$WORK"' EXIT
fi
mkdir -p "$WORK"

say() { printf '%s: %s\n' "$E2E_NAME" "$*"; }
fail() { printf '%s: FAIL: %s\n' "$E2E_NAME" "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }
