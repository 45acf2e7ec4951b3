#!/usr/bin/env bash
# test.sh: run every test of leasevet on a fresh machine.
#
# Downloads the modules the fixture modules need (analysistest runs them
# with GOPROXY=off), then runs the whole suite; safelock's tests, fault
# suite and cluster test run under the race detector. safelock's tests use
# a real redis-server when one is installed (apt-get install redis-server)
# and fall back to an embedded server otherwise; LEASEVET_REQUIRE_REDIS=1
# makes a missing redis-server a failure instead (CI sets it).
set -euo pipefail
cd "$(dirname "$0")/.."

go mod download
go -C testdata/src mod download
go -C testdata/clients mod download
go -C testdata/example mod download
go -C golangci-plugin/testdata/src mod download
go -C testdata/editor mod download
go -C testdata/vetparity mod download

go test -race ./safelock/... ./internal/...
go test $(go list ./... | grep -v -e /safelock -e '^github.com/leasevet/leasevet/internal/')
