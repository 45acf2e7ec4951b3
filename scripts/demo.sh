#!/usr/bin/env bash
# demo.sh: build leasevet and run it on the bundled example service
# (testdata/example), which has real lock bugs. Everything goes to
# standard output, findings included (leasevet itself prints them on
# standard error, as go vet does). The exit status is leasevet's: 3 when it
# reports findings, as it does here, 1 on an error, 0 when the code is clean.
set -euo pipefail
exec 2>&1
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/leasevet
trap 'rm -rf "$(dirname "$bin")"' EXIT
echo "building leasevet (go build ./cmd/leasevet)"
go build -o "$bin" ./cmd/leasevet
cd testdata/example
echo "\$ leasevet ./...   (in testdata/example)"
set +e
"$bin" ./...
code=$?
set -e
case $code in
3) echo "leasevet exited 3: it reported the findings above (exit status 3 means findings, 0 clean code, 1 an error)." ;;
0) echo "leasevet exited 0: no findings (the example should have some: this is a bug)." ;;
*) echo "leasevet exited $code: an error, not findings (exit status 1 is an error, 2 a bad command line)." ;;
esac
exit "$code"
