#!/usr/bin/env bash
# safelock-matrix.sh [VERSION...]: build and run safelock's tests, under the
# race detector and against a real redis-server, once per go-redis v9
# release: by default the floor safelock's go.mod requires (v9.0.0), a
# middle release from before go-redis had DelExArgs (v9.12.1), and the
# newest (v9.23.0). Each run uses a temporary copy of safelock's go.mod
# (-modfile), so the checkout is not changed. Set LEASEVET_REQUIRE_REDIS=1
# to fail, not skip, when redis-server is missing (CI does).
set -euo pipefail
cd "$(dirname "$0")/../safelock"
versions=("$@")
if [ ${#versions[@]} -eq 0 ]; then
	versions=(v9.0.0 v9.12.1 v9.23.0)
fi
# A user module that adds safelock must get go-redis and nothing else:
# safelock's only direct requirement is go-redis (the rest of its graph is
# go-redis's own).
direct=$(go list -m -f '{{if and (not .Main) (not .Indirect)}}{{.Path}}{{end}}' all)
if [ "$direct" != "github.com/redis/go-redis/v9" ]; then
	echo "safelock/go.mod requires more than go-redis:" $direct >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in "${versions[@]}"; do
	printf '\n--- safelock with github.com/redis/go-redis/v9 %s\n' "$v"
	cp go.mod "$tmp/go.mod"
	cp go.sum "$tmp/go.sum"
	go get -modfile="$tmp/go.mod" "github.com/redis/go-redis/v9@$v"
	got=$(go list -modfile="$tmp/go.mod" -m -f '{{.Version}}' github.com/redis/go-redis/v9)
	if [ "$got" != "$v" ]; then
		echo "resolved go-redis $got, want $v" >&2
		exit 1
	fi
	go vet -modfile="$tmp/go.mod" ./...
	go test -modfile="$tmp/go.mod" -count=1 -race ./...
done
