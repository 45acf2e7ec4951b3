#!/usr/bin/env bash
# vetparity.sh: check that leasevet reports the same findings under
# go vet -vettool as standalone, on each module directory given (default:
# the fixture modules). Builds leasevet, runs both drivers with -json,
# compares the findings as sorted "file:line:col category message" lines
# and prints the difference; exit 1 on a difference, 2 when a run fails.
#
#   ./scripts/vetparity.sh testdata/src ~/src/myservice
#   LEASEVET=/path/to/leasevet ./scripts/vetparity.sh DIR   # check a given binary
#
# The fixture modules need their modules downloaded first
# (go -C testdata/src mod download; scripts/test.sh does it).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dirs=()
for d in "$@"; do
	dirs+=("$(cd "$d" && pwd)")
done
if [ ${#dirs[@]} -eq 0 ]; then
	dirs=("$repo/testdata/src" "$repo/testdata/clients" "$repo/testdata/gredis" "$repo/testdata/example" "$repo/testdata/vetparity")
fi
# Each module is analysed on its own, never as part of a workspace above it.
export GOWORK=off
cd "$repo"
# Built rather than go run, which turns every failure into exit status 1.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/vetparity" ./internal/vetparity
"$tmp/vetparity" ${LEASEVET:+-leasevet "$LEASEVET"} "${dirs[@]}"
