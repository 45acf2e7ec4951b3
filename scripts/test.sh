#!/usr/bin/env bash
# test.sh: run every test of leasevet on a fresh machine.
#
# Downloads the modules the fixture modules need (analysistest runs them
# with GOPROXY=off), then runs the whole suite: leasevet's module, then
# safelock (a module of its own, go-redis its only requirement) and
# safelocktest (safelock's fault suite, cluster and linearizability tests,
# and the embedded-server runs), both under the race detector. safelock's
# own tests need a real redis-server (apt-get install redis-server) and
# skip without one; safelocktest falls back to an embedded server where it
# can. LEASEVET_REQUIRE_REDIS=1 makes a missing redis-server a failure
# instead (CI sets it). scripts/safelock-matrix.sh runs safelock's tests
# against several go-redis releases.
set -euo pipefail
cd "$(dirname "$0")/.."

go mod download
go -C testdata/src mod download
go -C testdata/clients mod download
go -C testdata/example mod download
go -C golangci-plugin/testdata/src mod download
go -C testdata/editor mod download
go -C testdata/vetparity mod download
go -C safelock mod download
go -C safelocktest mod download

go -C safelock test -race ./...
go -C safelocktest test -race ./...
go test -race ./internal/...
go test $(go list ./... | grep -v -e '^github.com/leasevet/leasevet/internal/')
