#!/usr/bin/env bash
# test.sh: run every test of leasevet on a fresh machine.
#
# Downloads the modules the fixture modules need (the fixture tests load
# them with GOPROXY=off), then runs the whole suite: leasevet's module,
# with the packages that run goroutines of their own (the fault proxy,
# the test servers) under the race detector, and beside them safelock (a
# module of its own, go-redis its only requirement) and safelocktest
# (safelock's fault suite, cluster and linearizability tests, and the
# embedded-server runs), both under the race detector too. safelock's
# own tests need a real redis-server (apt-get install redis-server) and
# skip without one; safelocktest falls back to an embedded server where it
# can. LEASEVET_REQUIRE_REDIS=1 makes a missing redis-server a failure
# instead (CI sets it). scripts/safelock-matrix.sh runs safelock's tests
# against several go-redis releases.
#
# go test's own vet pass is off (-vet=off): .ci/run runs go vet over
# every module as a step of its own, and on a cold build cache the pass
# costs about a tenth of the suite's compile time.
#
# It prints a line when each step starts (with the time since the start),
# and ends with one line: PASS or FAIL, how many packages passed and
# failed, and how long it took. The exit status is 0 when everything
# passed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Progress goes to fd 3, the terminal, also from a lane whose output is
# kept for later.
exec 3>&1
progress() { printf 'test.sh [%4ds] %s\n' "$(($(date +%s) - start))" "$*" >&3; }

progress "downloading the modules of every module of the repository ($(go version | cut -d' ' -f3))"
for dir in . testdata/src testdata/clients testdata/gredis testdata/example golangci-plugin/testdata/src \
	testdata/editor testdata/vetparity safelock safelocktest; do
	go -C "$dir" mod download
done

# Two lanes side by side, so that the two cores of a small machine stay
# busy: each go test run spends long stretches on one compile chain or in
# tests that wait on Redis. The race lane compiles the standard library
# and go-redis with -race for safelock, then runs safelocktest and the
# concurrent packages of leasevet's module ($racy), which reuse that
# build, side by side. The other lane compiles the standard library
# without -race for the rest of leasevet's packages, whose code starts no
# goroutine (the race detector would find nothing there, and would
# compile golang.org/x/tools a second time), so no package is compiled
# twice at once. The race lane's output follows the other's. Each go
# test run's output is also kept in $out/*.log for the summary.
racy=(./internal/faultproxy ./internal/redistest)
race_lane() {
	local status=0
	progress "race lane: go -C safelock test -vet=off -race ./..."
	go -C safelock test -vet=off -race ./... 2>&1 | tee "$out/safelock.log" || status=1
	progress "race lane: go test -vet=off -race ${racy[*]} and go -C safelocktest test -vet=off -race ./..., side by side"
	go test -vet=off -race "${racy[@]}" > "$out/internal.log" 2>&1 &
	local internal=$!
	go -C safelocktest test -vet=off -race ./... 2>&1 | tee "$out/safelocktest.log" || status=1
	wait "$internal" || status=1
	cat "$out/internal.log"
	progress "race lane: done"
	return "$status"
}
race_lane > "$out/race" 2>&1 &
race=$!
status=0
progress "main lane: go test of leasevet's packages (all but ${racy[*]})"
go test -vet=off $(go list ./... | grep -v -x -F "$(go list "${racy[@]}")") 2>&1 | tee "$out/main.log" || status=1
progress "main lane: done; waiting for the race lane"
wait "$race" || status=1
cat "$out/race"

# summary: one line from the go test outputs.
passed=$(cat "$out"/*.log | grep -cE '^ok[[:space:]]' || true)
failed=$(cat "$out"/*.log | { grep -E '^FAIL[[:space:]]+[^[:space:]]' || true; } | awk '{ print $2 }' | sort -u)
nfailed=$(grep -c . <<< "$failed" || true)
elapsed=$(($(date +%s) - start))
took="$((elapsed / 60))m$((elapsed % 60))s"
if [[ $status == 0 ]]; then
	echo "test.sh: PASS: $passed packages passed, 0 failed, in $took"
elif [[ $nfailed -gt 0 ]]; then
	echo "test.sh: FAIL: $passed packages passed, $nfailed failed ($(paste -sd' ' <<< "$failed")), in $took"
else
	echo "test.sh: FAIL: $passed packages passed, none failed, but a go command failed (see above), in $took"
fi
exit "$status"
