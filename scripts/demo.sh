#!/usr/bin/env bash
# demo.sh: build leasevet and run it on the bundled example service
# (testdata/example), which has real lock bugs: the findings are printed
# and the exit status is 3, as for any run that reports something.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/leasevet
go build -o "$bin" ./cmd/leasevet
cd testdata/example
echo "\$ leasevet ./...   (in testdata/example)"
"$bin" ./...
