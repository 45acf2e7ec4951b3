#!/usr/bin/env bash
# test.sh: run every test of leasevet on a fresh machine.
#
# Downloads the modules the fixture modules need (the fixture tests load
# them with GOPROXY=off), then runs the whole suite: leasevet's module, its
# ./internal/... (fault proxy, test servers) under the race detector, and
# beside them safelock (a module of its own, go-redis its only
# requirement) and safelocktest (safelock's fault suite, cluster and
# linearizability tests, and the embedded-server runs), both under the
# race detector too. safelock's
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
go -C testdata/gredis mod download
go -C testdata/example mod download
go -C golangci-plugin/testdata/src mod download
go -C testdata/editor mod download
go -C testdata/vetparity mod download
go -C safelock mod download
go -C safelocktest mod download

# Two lanes side by side, so that the two cores of a small machine stay
# busy: each go test run spends long stretches on one compile chain or in
# tests that wait on Redis. The race lane compiles the standard library
# and go-redis with -race for safelock, then runs safelocktest and
# ./internal/... (fault proxy, test servers, the vet parity check), which
# reuse that build, side by side. The other lane compiles the standard
# library without -race for leasevet's packages, so no package is compiled
# twice at once. The race lane's output follows the other's.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
race_lane() {
	local status=0
	go -C safelock test -race ./... || status=1
	go test -race ./internal/... >"$out/internal" 2>&1 &
	local internal=$!
	go -C safelocktest test -race ./... || status=1
	wait "$internal" || status=1
	cat "$out/internal"
	return "$status"
}
race_lane >"$out/race" 2>&1 &
race=$!
status=0
go test $(go list ./... | grep -v -e '^github.com/leasevet/leasevet/internal/') || status=1
wait "$race" || status=1
cat "$out/race"
exit "$status"
