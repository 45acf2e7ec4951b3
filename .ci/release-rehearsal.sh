#!/usr/bin/env bash
# Release rehearsal: what a user gets from a release, before there is one.
#
#   1. publishes leasevet's module and safelock (a module of its own), as
#      they are at HEAD, as version $REHEARSAL_VERSION to a file-based
#      module proxy (internal/fileproxy: the zips golang.org/x/mod/zip
#      makes from the commit, as the go command does from a tag);
#   2. as a user with an empty GOBIN and an empty module cache, and that
#      proxy in front of the real one (GOPROXY=file://...,https://proxy.golang.org),
#      installs github.com/leasevet/leasevet/cmd/leasevet@$REHEARSAL_VERSION
#      and checks that the binary knows its version;
#   3. writes a user module that has never heard of leasevet (go-redis v9,
#      a SetNX whose TTL is set by a second command, a bare Del), checks
#      that leasevet reports both, runs `leasevet -fix ./...`, and checks
#      that the module then requires safelock at $REHEARSAL_VERSION (the
#      go get that -fix runs, resolved from the proxy), builds, vets (with
#      go vet and with leasevet as its vet tool), is tidy, and has no
#      finding left: no manual step.
# HEAD is published, not the work tree: commit first (a warning says so).
#
# Env: LEASEVET_E2E_WORK   work directory (default: a temporary one, removed)
#      REHEARSAL_VERSION   the version to publish (default v0.1.0-rehearsal)
#      REHEARSAL_UPSTREAM  the proxy behind the file proxy (default https://proxy.golang.org)
set -euo pipefail

E2E_NAME=release-rehearsal
# shellcheck source=e2e-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
VERSION=${REHEARSAL_VERSION:-v0.1.0-rehearsal}
UPSTREAM=${REHEARSAL_UPSTREAM:-https://proxy.golang.org}
SAFELOCK=github.com/leasevet/leasevet/safelock

# --- 1. publish -----------------------------------------------------------------
PROXY="$WORK/proxy"
# A reused work directory starts empty too: a module cache holding an
# earlier copy of $VERSION would hide this one.
rm -rf "$PROXY" "$WORK/modcache" "$WORK/bin" "$WORK/app" "$WORK/elsewhere"
t=$(now)
(cd "$ROOT" && go run ./internal/fileproxy -o "$PROXY" -version "$VERSION" . safelock)
say "published in $(since "$t")"

# --- 2. install, as a user ----------------------------------------------------
# Nothing of the checkout's environment: an empty module cache (writable,
# so that the work directory can be removed), an empty GOBIN, no GOFLAGS,
# and the proxy in front of the real one. The sum database has never seen
# these versions, so they are exempt from it, as a private module is.
# The Go that runs this script is the user's installed Go: a toolchain
# that GOTOOLCHAIN fetched lives in the module cache, which is about to
# be replaced by an empty one.
export PATH="$(go env GOROOT)/bin:$PATH" GOTOOLCHAIN=local
say "$(go version)"
export GOMODCACHE="$WORK/modcache" GOBIN="$WORK/bin" GOFLAGS=-modcacherw GOWORK=off
export GOPROXY="file://$PROXY,$UPSTREAM" GONOSUMDB=github.com/leasevet/leasevet
mkdir -p "$GOBIN" "$WORK/elsewhere"
cd "$WORK/elsewhere"
t=$(now)
go install "github.com/leasevet/leasevet/cmd/leasevet@$VERSION"
say "TIMING go install github.com/leasevet/leasevet/cmd/leasevet@$VERSION: $(since "$t")"
[[ $(ls "$GOBIN") == leasevet ]] || fail "GOBIN holds $(ls "$GOBIN" | paste -sd' '), want leasevet alone"
LV="$GOBIN/leasevet"
got=$("$LV" -V)
[[ $got == "leasevet version $VERSION "* ]] || fail "leasevet -V printed \"$got\", want leasevet version $VERSION"
say "OK: $got"

# --- 3. a user's module -------------------------------------------------------
APP="$WORK/app"
mkdir -p "$APP"
cat > "$APP/go.mod" <<'MOD'
module example.com/jobs

go 1.26
MOD
cat > "$APP/lock.go" <<'GO'
// Package jobs runs periodic jobs once across a fleet of instances.
package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/redis/go-redis/v9"
)

// Lock is a Redis lock held by one instance at a time.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
	ttl   time.Duration
}

// NewLock returns the lock named name; it expires ttl after it was taken.
func NewLock(rdb *redis.Client, name string, ttl time.Duration) *Lock {
	return &Lock{rdb: rdb, key: "lock:" + name, ttl: ttl}
}

// Acquire takes the lock; it reports false when another instance holds it.
func (l *Lock) Acquire(ctx context.Context) (bool, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return false, err
	}
	l.token = hex.EncodeToString(b)
	ok, err := l.rdb.SetNX(ctx, l.key, l.token, 0).Result()
	if err != nil || !ok {
		return false, err
	}
	l.rdb.Expire(ctx, l.key, l.ttl)
	return true, nil
}

// Release gives the lock up.
func (l *Lock) Release(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err()
}
GO
cd "$APP"
go get github.com/redis/go-redis/v9@v9.23.0 2> "$WORK/get.txt" || { cat "$WORK/get.txt"; fail "go get go-redis failed"; }
go mod tidy
go build ./... && go vet ./... || fail "the user's module does not build and vet before leasevet"
grep -q leasevet go.mod && fail "the user's module requires leasevet before -fix"

# categories DIR: the sorted categories leasevet -json reports.
categories() {
	"$LV" -json ./... | jq -r '.. | objects | select(has("posn")) | .category // empty' | sort | paste -sd' '
}
set +e
"$LV" ./... > "$WORK/before.txt" 2>&1
code=$?
set -e
[[ $code == 3 ]] || { cat "$WORK/before.txt"; fail "leasevet exited $code on the user's module, want 3 (findings)"; }
before=$(categories)
[[ $before == "bare-del setnx-expire" ]] || fail "leasevet reports [$before] on the user's module, want [bare-del setnx-expire]"
say "OK: before -fix leasevet reports $before"

# --- 4. leasevet -fix, then nothing left to do ------------------------------
set +e
"$LV" -fix ./... > "$WORK/fix.txt" 2>&1
code=$?
set -e
cat "$WORK/fix.txt"
[[ $code == 0 ]] || fail "leasevet -fix exited $code, want 0 (every fix written, safelock required)"
required=$(go list -m -f '{{.Version}}' "$SAFELOCK" 2>&1) || fail "the user's module does not require $SAFELOCK after -fix: $required"
[[ $required == "$VERSION" ]] || fail "the user's module requires $SAFELOCK $required, want $VERSION (the binary's version)"
say "OK: -fix required $SAFELOCK $required"
go build ./... || fail "the fixed module does not build"
go vet ./... || fail "the fixed module does not pass go vet"
go vet -vettool="$LV" ./... || fail "the fixed module does not pass go vet -vettool=leasevet"
go mod tidy -diff || fail "the fixed module's go.mod or go.sum is not tidy"
after=$(categories)
[[ -z $after ]] || fail "leasevet still reports [$after] after -fix"
"$LV" ./... || fail "leasevet exits $? on the fixed module, want 0"
grep -q "safelock.Release(ctx, l.rdb, l.key, l.token)" lock.go || fail "the bare Del was not rewritten to safelock.Release"
say "OK: after -fix the module builds, vets, is tidy and leasevet reports nothing"
say "PASS"
