#!/usr/bin/env bash
# metamorphic.sh: check that leasevet's findings do not change when a
# module is refactored without changing what it does (docs/metamorphic.md).
#
#   scripts/metamorphic.sh [-leasevet BIN] [-threshold R] [-kinds a,b] [-bisect N] [-keep DIR] [MODULE_DIR...]
#
# With no module, it tests every fixture module of the repository
# (testdata/*, golangci-plugin/testdata/*). Without -leasevet (or
# $LEASEVET) it builds leasevet from this checkout. The modules are
# copied into a temporary directory: the trees named are never written.
# It prints a table per module and kind, every finding a rewrite lost or
# added, and last "metamorphic: K refactorings, P pairs, I invariant (R)";
# it exits 1 when R is below the threshold (default 0.95) or a finding
# was added. Progress goes to stderr.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

flags=()
modules=()
while (($# > 0)); do
	case $1 in
	-leasevet | --leasevet)
		bin=$2
		[[ $bin == */* ]] && bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
		flags+=(-leasevet "$bin")
		shift 2
		;;
	-threshold | --threshold | -kinds | --kinds | -bisect | --bisect | -keep | --keep)
		flags+=("$1" "$2")
		shift 2
		;;
	-*)
		flags+=("$1")
		shift
		;;
	*)
		modules+=("$(cd "$1" && pwd)")
		shift
		;;
	esac
done
if ((${#modules[@]} == 0)); then
	for d in "$root"/testdata/*/ "$root"/golangci-plugin/testdata/*/; do
		[[ -f $d/go.mod ]] && modules+=("${d%/}")
	done
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/metamorphic" ./internal/metamorphic/cmd/metamorphic)
"$tmp/metamorphic" -checkout "$root" "${flags[@]}" "${modules[@]}"
