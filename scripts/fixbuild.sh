#!/usr/bin/env bash
# fixbuild.sh: apply every fix leasevet offers, with the real binary, to a
# copy of each fixture module given (default: testdata/src,
# testdata/clients, testdata/gredis, testdata/example), then build and vet the result with
# the real toolchain. The test suite's round trips type-check the fixed
# copies and run go vet's analyzers in process, which is what catches a
# fix that does not compile, in seconds; this script is the end-to-end
# check behind them (leasevet -fix as a user runs it, go build's code
# generation, the go vet of this Go release), and costs a compile of the
# fixture modules' whole import closure, so CI runs it outside the suite.
#
#   ./scripts/fixbuild.sh                  # the fixture modules
#   ./scripts/fixbuild.sh testdata/example # one of them
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
	dirs=(testdata/src testdata/clients testdata/gredis testdata/example)
fi
export GOWORK=off GOFLAGS=-mod=mod
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go -C "$repo" build -o "$tmp/leasevet" ./cmd/leasevet
for d in "${dirs[@]}"; do
	src=$(cd "$d" && pwd)
	copy="$tmp/$(basename "$src")"
	cp -r "$src" "$copy"
	find "$copy" -name '*.golden' -delete
	# The copy's replace directives point back into this repository.
	go -C "$copy" mod edit -replace "github.com/leasevet/leasevet/safelock=$repo/safelock"
	echo "== $d: leasevet -fix"
	(cd "$copy" && "$tmp/leasevet" -fix ./... >/dev/null)
	changed=$(diff -rq "$src" "$copy" | grep -c '^Files .*\.go differ$' || true)
	if [ "$changed" -eq 0 ]; then
		echo "leasevet -fix changed nothing in $d: the check would prove nothing" >&2
		exit 1
	fi
	echo "== $d: $changed Go files fixed; gofmt, go build, go vet"
	unformatted=$(gofmt -l "$copy")
	if [ -n "$unformatted" ]; then
		echo "fixed files not gofmt-formatted:"; echo "$unformatted"; exit 1
	fi
	go -C "$copy" build ./...
	go -C "$copy" vet ./...
done
echo "fixbuild: every fix applied, built and vetted"
