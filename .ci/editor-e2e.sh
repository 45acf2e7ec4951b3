#!/usr/bin/env bash
# End-to-end editor test: builds a gopls with leasevet inside
# ("leasevet gopls"), then
#   1. drives Neovim (Debian's 0.7.2, headless, built-in LSP client) on the
#      fixture module testdata/editor: leasevet's diagnostics must arrive
#      next to gopls's own and equal what standalone `leasevet -json`
#      reports for the file; the quick fix of a setnx-expire finding is
#      applied, the module must still build and leasevet must no longer
#      report setnx-expire;
#   2. runs the protocol-level Go tests (cmd/leasevet/internal/editortest)
#      against the same gopls: LSP as an editor, and MCP (gopls mcp,
#      go_diagnostics) as a coding agent.
# The gopls release is the one `leasevet gopls` picks for the Go it runs
# under (GOTOOLCHAIN): CI runs this script under each Go it tests.
# Prints the cold and warm gopls build times and the time from opening the
# file to leasevet's diagnostics.
#
# Env: LEASEVET_E2E_WORK  work directory (default: a temporary one, removed)
set -euo pipefail

E2E_NAME=editor-e2e
# shellcheck source=e2e-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
CATEGORY=setnx-expire

if ! command -v nvim > /dev/null; then
	say "installing neovim (apt)"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim > /dev/null
fi
say "$(nvim --version | head -n 1)"

# --- leasevet and its gopls ---------------------------------------------------
LV="$WORK/leasevet"
go build -o "$LV" "$ROOT/cmd/leasevet"
GOPLS="$WORK/gopls-leasevet"
t=$(now)
"$LV" gopls -o "$GOPLS" -leasevet-src "$ROOT"
say "TIMING first gopls build: $(since "$t") (cold when the build cache was empty)"
t=$(now)
"$LV" gopls -o "$GOPLS" -leasevet-src "$ROOT" > "$WORK/gopls-rebuild.log" 2>&1 ||
	{ cat "$WORK/gopls-rebuild.log"; fail "gopls rebuild failed"; }
say "TIMING warm gopls build (same inputs, build cache warm): $(since "$t")"

# --- the fixture ----------------------------------------------------------------
FIX="$WORK/editor"
rm -rf "$FIX" && cp -r "$ROOT/testdata/editor" "$FIX" && chmod -R u+w "$FIX"
go -C "$FIX" mod edit -replace=github.com/leasevet/leasevet/safelock="$ROOT/safelock"
go -C "$FIX" mod download
(cd "$FIX" && "$LV" -json ./... > "$WORK/want.json") || fail "leasevet -json failed on the fixture"
grep -q "\"category\": \"$CATEGORY\"" "$WORK/want.json" || fail "leasevet reports no $CATEGORY on the fixture"
ANALYZERS=$("$LV" help | awk '/^Analyzers:/ { f = 1; next } f && /^\t/ { print $1 } /^All analyzers/ { exit }' | paste -sd, -)
[[ -n $ANALYZERS ]] || fail "could not list leasevet's analyzers"

# --- Neovim ---------------------------------------------------------------------
OUT="$WORK/nvim"
rm -rf "$OUT" && mkdir -p "$OUT"
set +e
(cd "$FIX" && E2E_GOPLS="$GOPLS" E2E_FILE="$FIX/lock.go" E2E_ROOT="$FIX" E2E_ANALYZERS="$ANALYZERS" \
	E2E_WANT="$WORK/want.json" E2E_CATEGORY="$CATEGORY" E2E_OUT="$OUT" \
	timeout 900 nvim --headless -u NONE -i NONE -n -c "luafile $ROOT/testdata/editor/nvim/e2e.lua" \
	> "$WORK/nvim.log" 2>&1)
code=$?
set -e
if [[ -f $OUT/error.txt || $code != 0 ]]; then
	cat "$WORK/nvim.log" "$OUT/error.txt" 2> /dev/null || true
	fail "the Neovim session failed (exit $code)"
fi
say "TIMING Neovim: didOpen to leasevet's diagnostics: $(cat "$OUT/timing.txt")s"
if ! diff -u "$OUT/want.txt" "$OUT/got.txt"; then
	fail "leasevet diagnostics in Neovim differ from leasevet -json (- leasevet, + Neovim)"
fi
say "OK: Neovim received the same $(wc -l < "$OUT/want.txt") leasevet diagnostics as leasevet -json"
[[ -s $OUT/others.txt ]] || fail "no diagnostics of gopls's own analyzers next to leasevet's"
say "OK: next to gopls's own: $(paste -sd';' "$OUT/others.txt")"
say "applied quick fix: $(cat "$OUT/fixed.txt")"
go -C "$FIX" build ./... || fail "the quick-fixed fixture does not build"
(cd "$FIX" && "$LV" -json ./... > "$WORK/after.json") || fail "leasevet -json failed after the fix"
if grep -q "\"category\": \"$CATEGORY\"" "$WORK/after.json"; then
	fail "leasevet still reports $CATEGORY after the quick fix"
fi
say "OK: after the quick fix the module builds and leasevet reports no $CATEGORY"

# --- protocol-level Go test -----------------------------------------------------
LEASEVET_GOPLS="$GOPLS" go -C "$ROOT" test -count=1 -v -run 'TestGopls' ./cmd/leasevet/internal/editortest/ |
	tee "$WORK/gotest.log" | grep -E 'TIMING|^(---|ok|FAIL|PASS)' || true
for test in TestGopls_leasevetDiagnosticsAndQuickFix TestGoplsMCP_goDiagnosticsCarriesLeasevet; do
	grep -q "^--- PASS: $test " "$WORK/gotest.log" || { cat "$WORK/gotest.log"; fail "$test (LSP and MCP protocol tests) did not pass"; }
done
say "PASS"
