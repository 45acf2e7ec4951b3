#!/usr/bin/env bash
# End-to-end test of the golangci-lint v2 module plugin.
#
# Builds a custom golangci-lint (v2.15.0 + leasevet's plugin) from the Go
# module proxy only -- no git clone, which `golangci-lint custom` would
# need -- then runs it on the bundled example (testdata/example, or
# testdata/editor when the example does not exist) and checks, against the
# standalone leasevet on the same code (never a fixed list):
#   - every leasevet finding is printed with the linter name leasevet;
#   - --fix applies the same fixes as `leasevet -fix` and the result builds;
#   - --output.sarif.path writes SARIF with one result per finding;
#   - //nolint:leasevet suppresses a finding.
# GOCACHE and GOMODCACHE are reused; the first build with a cold build cache
# takes about 5 minutes on 2 cores.
#
# Env: LEASEVET_E2E_WORK  work directory (default: a temporary one, removed)
#      GCL_VERSION        golangci-lint version (default v2.15.0)
set -euo pipefail

E2E_NAME=plugin-e2e
# shellcheck source=e2e-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
GCL_VERSION=${GCL_VERSION:-v2.15.0}

# repoint_replace DIR: a copied module's relative replace of leasevet or
# of safelock (a module of its own) must point at the checkout again.
repoint_replace() {
	if grep -q 'github.com/leasevet/leasevet =>' "$1/go.mod"; then
		go -C "$1" mod edit -replace=github.com/leasevet/leasevet="$ROOT"
	fi
	if grep -q 'github.com/leasevet/leasevet/safelock =>' "$1/go.mod"; then
		go -C "$1" mod edit -replace=github.com/leasevet/leasevet/safelock="$ROOT/safelock"
	fi
}

# normalize: "file:line:col: [analyzer: ]message[ (leasevet)]" -> "file:line:col: message",
# dropping related locations (leasevet's tab-indented lines, golangci-lint's
# extra "(related information)" issues).
normalize() {
	grep -E '^[^ ]+\.go:[0-9]+:[0-9]+: ' | grep -v $': \t' | grep -v '(related information)' |
		sed -E 's/ \(leasevet\)$//; s/ \[[a-z-]+\]$//; s/^([^ ]+:[0-9]+:[0-9]+: )[a-z0-9]+: /\1/' | sort
}

# --- the target package ----------------------------------------------------
SRC="$ROOT/testdata/example"
[[ -f $SRC/go.mod ]] || SRC="$ROOT/testdata/editor"
say "target: ${SRC#$ROOT/}"
TARGET="$WORK/target"
rm -rf "$TARGET" && cp -r "$SRC" "$TARGET" && chmod -R u+w "$TARGET"
repoint_replace "$TARGET"
go -C "$TARGET" mod download

# --- standalone leasevet: the reference ------------------------------------
t=$(now)
go build -o "$WORK/leasevet" "$ROOT/cmd/leasevet"
say "built leasevet in $(since "$t")"
set +e
(cd "$TARGET" && "$WORK/leasevet" ./... 2> "$WORK/leasevet.txt")
code=$?
set -e
[[ $code == 3 ]] || { cat "$WORK/leasevet.txt"; fail "leasevet exited $code on the target, want 3 (findings)"; }
normalize < "$WORK/leasevet.txt" > "$WORK/want.txt"
nwant=$(wc -l < "$WORK/want.txt")
say "leasevet reports $nwant findings"

# --- build the custom golangci-lint ----------------------------------------
GCL_DIR=$(go mod download -json "github.com/golangci/golangci-lint/v2@$GCL_VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -d $GCL_DIR ]] || fail "go mod download of golangci-lint $GCL_VERSION gave no directory"
BUILD="$WORK/gcl-src"
rm -rf "$BUILD" && cp -r "$GCL_DIR" "$BUILD" && chmod -R u+w "$BUILD"
cat > "$BUILD/cmd/golangci-lint/plugins.go" <<'GO'
package main

import _ "github.com/leasevet/leasevet/golangci-plugin"
GO
go -C "$BUILD" mod edit -require=github.com/leasevet/leasevet@v0.0.0 -replace=github.com/leasevet/leasevet="$ROOT"
t=$(now)
go -C "$BUILD" mod tidy
say "go mod tidy in $(since "$t")"
GCL="$WORK/custom-gcl"
say "build cache before the first build: $(du -sh "$(go env GOCACHE)" 2>/dev/null | cut -f1)"
t=$(now)
go -C "$BUILD" build -o "$GCL" ./cmd/golangci-lint
say "TIMING first build of custom golangci-lint: $(since "$t") (cold when the build cache was empty)"
# The warm figure a plugin developer sees: leasevet's packages recompiled
# (a changed -gcflags for them alone stands for an edit), everything else
# from the build cache, then the link.
t=$(now)
go -C "$BUILD" build -gcflags='github.com/leasevet/leasevet/...=-l' -o "$GCL" ./cmd/golangci-lint
say "TIMING warm rebuild of custom golangci-lint (leasevet recompiled): $(since "$t")"
"$GCL" version

# --- run it -----------------------------------------------------------------
cat > "$TARGET/.golangci.yml" <<'YML'
version: "2"
linters:
  default: none
  enable: [leasevet]
  settings:
    custom:
      leasevet:
        type: module
        description: Reports misuse of Redis distributed locks.
        original-url: github.com/leasevet/leasevet
        settings:
          lock-names: "(?i)lock|mutex|mtx"
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
YML
gcl_run() {
	(cd "$TARGET" && "$GCL" run --output.text.path=stdout --output.text.print-issued-lines=false \
		--show-stats=false "$@" ./...)
}
set +e
gcl_run > "$WORK/gcl.txt" 2> "$WORK/gcl.err"
code=$?
set -e
[[ $code == 1 ]] || { cat "$WORK/gcl.txt" "$WORK/gcl.err"; fail "custom golangci-lint exited $code, want 1 (issues)"; }
grep -q ' (leasevet)$' "$WORK/gcl.txt" || fail "no issue carries the linter name leasevet"
normalize < "$WORK/gcl.txt" > "$WORK/got.txt"
if ! diff -u "$WORK/want.txt" "$WORK/got.txt"; then
	fail "golangci-lint's leasevet findings differ from standalone leasevet's (- leasevet, + golangci-lint)"
fi
say "OK: golangci-lint prints the same $nwant findings as leasevet, as linter leasevet"

# --- SARIF -----------------------------------------------------------------
set +e
gcl_run --output.sarif.path="$WORK/gcl.sarif" > /dev/null 2>&1
set -e
grep -q '"version": *"2.1.0"' "$WORK/gcl.sarif" || fail "SARIF log lacks version 2.1.0"
nsarif=$(grep -o '"ruleId": *"leasevet"' "$WORK/gcl.sarif" | wc -l)
nrelated=$(grep -c '(related information)' "$WORK/gcl.txt" || true)
[[ $nsarif == $((nwant + nrelated)) ]] ||
	fail "SARIF has $nsarif leasevet results, want $nwant findings + $nrelated related-information issues"
say "OK: --output.sarif.path wrote $nsarif leasevet results"

# --- nolint ----------------------------------------------------------------
# Pick a finding whose line has no comment yet, so that the nolint comment
# is a comment of its own.
first=""
while IFS= read -r w; do
	f=${w%%:*}
	l=$(cut -d: -f2 <<< "$w")
	if ! sed -n "${l}p" "$TARGET/$f" | grep -q '//'; then first=$w; break; fi
done < "$WORK/want.txt"
[[ -n $first ]] || fail "every finding's line already has a comment; cannot place //nolint"
file=${first%%:*}
line=$(cut -d: -f2 <<< "$first")
same_line=$(grep -c "^$file:$line:" "$WORK/want.txt")
cp "$TARGET/$file" "$WORK/nolint.bak"
sed -i "${line}s|\$| //nolint:leasevet // e2e: suppression check|" "$TARGET/$file"
set +e
gcl_run > "$WORK/gcl-nolint.txt" 2>/dev/null
set -e
normalize < "$WORK/gcl-nolint.txt" > "$WORK/got-nolint.txt"
grep -q "^$file:$line:" "$WORK/got-nolint.txt" && fail "//nolint:leasevet did not suppress $file:$line"
[[ $(wc -l < "$WORK/got-nolint.txt") == $((nwant - same_line)) ]] || fail "//nolint:leasevet suppressed more than line $line"
cp "$WORK/nolint.bak" "$TARGET/$file"
say "OK: //nolint:leasevet suppresses $file:$line"

# --- --fix -----------------------------------------------------------------
REF="$WORK/ref"
rm -rf "$REF" && cp -r "$TARGET" "$REF"
(cd "$REF" && "$WORK/leasevet" -fix ./... 2>/dev/null) || fail "leasevet -fix failed"
set +e
gcl_run --fix > /dev/null 2>&1
set -e
nfixed=0
while IFS= read -r f; do
	rel=${f#"$REF"/}
	if ! diff -q <(gofmt "$REF/$rel") <(gofmt "$TARGET/$rel") > /dev/null; then
		diff -u <(gofmt "$REF/$rel") <(gofmt "$TARGET/$rel") || true
		fail "golangci-lint --fix and leasevet -fix disagree on $rel"
	fi
	if ! cmp -s "$SRC/$rel" "$REF/$rel"; then nfixed=$((nfixed + 1)); fi
done < <(find "$REF" -name '*.go')
[[ $nfixed -gt 0 ]] || fail "neither tool changed any file: the target has no fixable finding"
go -C "$TARGET" build ./... || fail "the code fixed by golangci-lint --fix does not build"
say "OK: --fix changed $nfixed file(s) exactly as leasevet -fix does, and the result builds"
say "PASS"
