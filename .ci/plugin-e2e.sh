#!/usr/bin/env bash
# End-to-end test of the golangci-lint v2 module plugin, as
# docs/golangci-lint.md tells a user to run it:
#   1. installs golangci-lint $GCL_VERSION with go install;
#   2. builds the custom golangci-lint with `golangci-lint custom` and the
#      repository's golangci-plugin/.custom-gcl.yml, from the Go module
#      proxy alone: golangci-lint's clone of GitHub is redirected to a git
#      repository made from its module zip (the page's closed-network recipe);
#   3. runs it on the bundled example (testdata/example) with the
#      .golangci.yml of docs/golangci-lint.md, read from the page (golangci-lint's
#      defaults otherwise: uniq-by-line, max-same-issues...), and checks,
#      against the standalone `leasevet -json` on the same code (never a
#      fixed list):
#        - every finding is reported, by position and category (findings of
#          one line are one issue, at the line's first finding);
#        - every text line of linter leasevet ends with its categories;
#        - --output.sarif.path writes one result per issue;
#        - //nolint:leasevet suppresses the findings of its line, and only those;
#        - --fix applies the same fixes as `leasevet -fix`, and the result builds.
# GOCACHE and GOMODCACHE are reused; with a cold build cache the builds take
# about 5 minutes each on 2 cores.
#
# Env: LEASEVET_E2E_WORK  work directory (default: a temporary one, removed)
#      GCL_VERSION        golangci-lint version (default v2.15.0)
set -euo pipefail

E2E_NAME=plugin-e2e
# shellcheck source=e2e-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
GCL_VERSION=${GCL_VERSION:-v2.15.0}
DOC="$ROOT/docs/golangci-lint.md"

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

# want_findings: standalone leasevet -json on stdin -> sorted lines
# "file:line:col category", file relative to the target, col the first
# column of a finding on that line (where golangci-lint's issue is).
want_findings() {
	jq -r --arg dir "$TARGET/" '.. | objects | select(has("category")) |
		(.posn | ltrimstr($dir) | capture("^(?<f>.*):(?<l>[0-9]+):(?<c>[0-9]+)$")) as $p |
		"\($p.f) \($p.l) \($p.c) \(.category)"' |
		awk '{ k = $1 ":" $2; line[NR] = $0; if (!(k in min) || $3 + 0 < min[k]) min[k] = $3 + 0 }
			END { for (i = 1; i <= NR; i++) { split(line[i], f, " "); print f[1] ":" f[2] ":" min[f[1] ":" f[2]] " " f[4] } }' |
		sort
}

# got_findings: golangci-lint's JSON on stdin -> the same lines for the
# issues of linter leasevet, one per category in the issue's text.
got_findings() {
	jq -r '.Issues[] | select(.FromLinter == "leasevet") | . as $i |
		(.Text | split("; also: ")[] | capture("\\[(?<c>[a-z-]+)\\]$").c) as $c |
		"\($i.Pos.Filename):\($i.Pos.Line):\($i.Pos.Column) \($c)"' | sort
}

# --- the target package ----------------------------------------------------
SRC="$ROOT/testdata/example"
TARGET="$WORK/target"
rm -rf "$TARGET" && cp -r "$SRC" "$TARGET" && chmod -R u+w "$TARGET"
repoint_replace "$TARGET"
go -C "$TARGET" mod download

# --- standalone leasevet: the reference ------------------------------------
go build -o "$WORK/leasevet" "$ROOT/cmd/leasevet"
(cd "$TARGET" && "$WORK/leasevet" -json ./... > "$WORK/leasevet.json") || fail "leasevet -json failed on the target"
want_findings < "$WORK/leasevet.json" > "$WORK/want.txt"
nwant=$(wc -l < "$WORK/want.txt")
[[ $nwant -gt 0 ]] || fail "leasevet reports nothing on ${SRC#"$ROOT"/}"
say "leasevet reports $nwant findings on ${SRC#"$ROOT"/}: $(cut -d' ' -f2 "$WORK/want.txt" | sort | uniq -c | awk '{ printf "%s%s×%s", sep, $2, $1; sep = ", " }')"

# --- 1. golangci-lint, installed as the page says ------------------------------
# GOFLAGS as a user has them: e2e-lib's -mod=mod is for the checkout.
GCL_BIN="$WORK/bin"
rm -rf "$GCL_BIN"
t=$(now)
GOFLAGS= GOBIN="$GCL_BIN" go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$GCL_VERSION"
say "TIMING go install golangci-lint@$GCL_VERSION: $(since "$t")"

# --- 2. golangci-lint custom, from the module proxy alone ------------------------
# The page's closed-network recipe: golangci-lint custom clones GitHub;
# a git repository made from the module zip, tagged $GCL_VERSION, stands in.
GCL_DIR=$(go mod download -json "github.com/golangci/golangci-lint/v2@$GCL_VERSION" | jq -r .Dir)
[[ -d $GCL_DIR ]] || fail "go mod download of golangci-lint $GCL_VERSION gave no directory"
GCL_GIT="$WORK/golangci-lint-src"
rm -rf "$GCL_GIT" && cp -r "$GCL_DIR" "$GCL_GIT" && chmod -R u+w "$GCL_GIT"
git -C "$GCL_GIT" init -q
git -C "$GCL_GIT" add -A
git -C "$GCL_GIT" -c user.name=ci -c user.email=ci@localhost commit -qm "$GCL_VERSION"
git -C "$GCL_GIT" tag "$GCL_VERSION"
GCL="$WORK/custom-gcl"
rm -f "$GCL"
say "build cache before golangci-lint custom: $(du -sh "$(go env GOCACHE)" 2>/dev/null | cut -f1)"
t=$(now)
(cd "$ROOT/golangci-plugin" && GOFLAGS= GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.file://$GCL_GIT.insteadOf" \
	GIT_CONFIG_VALUE_0=https://github.com/golangci/golangci-lint.git \
	"$GCL_BIN/golangci-lint" custom -v --destination "$WORK") > "$WORK/custom.log" 2>&1 ||
	{ cat "$WORK/custom.log"; fail "golangci-lint custom with golangci-plugin/.custom-gcl.yml failed"; }
say "TIMING golangci-lint custom (golangci-plugin/.custom-gcl.yml): $(since "$t") (cold when the build cache was empty)"
[[ -x $GCL ]] || fail "golangci-lint custom wrote no $GCL"
say "$("$GCL" version 2>&1 | head -n 1)"

# --- 3. run it with the documented configuration ----------------------------
awk '/^<!-- .ci\/plugin-e2e.sh runs the next yaml block/ { want = 1; next }
	want && /^```yaml$/ { inside = 1; next }
	inside && /^```$/ { exit }
	inside { print }' "$DOC" > "$TARGET/.golangci.yml"
grep -q 'leasevet' "$TARGET/.golangci.yml" || fail "no .golangci.yml block found in ${DOC#"$ROOT"/}"
grep -qE 'uniq-by-line|max-same-issues|max-issues' "$TARGET/.golangci.yml" && fail "the documented configuration changes golangci-lint's issue limits"
gcl_run() {
	(cd "$TARGET" && "$GCL" run --output.text.path="$WORK/gcl.txt" --output.text.print-issued-lines=false \
		--output.json.path="$WORK/gcl.json" --show-stats=false "$@" ./...)
}
set +e
gcl_run > "$WORK/gcl.out" 2>&1
code=$?
set -e
[[ $code == 1 ]] || { cat "$WORK/gcl.out" "$WORK/gcl.txt"; fail "custom golangci-lint exited $code, want 1 (issues)"; }
got_findings < "$WORK/gcl.json" > "$WORK/got.txt"
if ! diff -u "$WORK/want.txt" "$WORK/got.txt"; then
	fail "golangci-lint's leasevet findings differ from standalone leasevet's (- leasevet, + golangci-lint)"
fi
nissues=$(jq '[.Issues[] | select(.FromLinter == "leasevet")] | length' "$WORK/gcl.json")
say "OK: golangci-lint reports all $nwant findings, in $nissues issues of linter leasevet"
ntext=$(grep -c ' (leasevet)$' "$WORK/gcl.txt" || true)
nuntagged=$(grep ' (leasevet)$' "$WORK/gcl.txt" | grep -cvE '\[[a-z-]+\] \(leasevet\)$' || true)
[[ $ntext == "$nissues" && $nuntagged == 0 ]] ||
	fail "text output: $ntext leasevet lines ($nuntagged without a [category] at the end), want $nissues, all tagged"
say "OK: the text output prints $ntext leasevet lines, each ending in its category"

# --- SARIF -----------------------------------------------------------------
set +e
gcl_run --output.sarif.path="$WORK/gcl.sarif" > /dev/null 2>&1
set -e
[[ $(jq -r .version "$WORK/gcl.sarif") == 2.1.0 ]] || fail "SARIF log lacks version 2.1.0"
nsarif=$(jq '[.runs[].results[] | select(.ruleId == "leasevet")] | length' "$WORK/gcl.sarif")
[[ $nsarif == "$nissues" ]] || fail "SARIF has $nsarif leasevet results, want one per issue ($nissues)"
say "OK: --output.sarif.path wrote $nsarif leasevet results"

# --- nolint ----------------------------------------------------------------
# Pick a finding whose line has no comment yet, so that the nolint comment
# is a comment of its own.
first=""
while IFS= read -r w; do
	pos=${w%% *}
	f=${pos%%:*}
	l=$(cut -d: -f2 <<< "$pos")
	if ! sed -n "${l}p" "$TARGET/$f" | grep -q '//'; then first=$pos; break; fi
done < "$WORK/want.txt"
[[ -n $first ]] || fail "every finding's line already has a comment; cannot place //nolint"
file=${first%%:*}
line=$(cut -d: -f2 <<< "$first")
cp "$TARGET/$file" "$WORK/nolint.bak"
sed -i "${line}s|\$| //nolint:leasevet // e2e: suppression check|" "$TARGET/$file"
set +e
gcl_run > /dev/null 2>&1
set -e
got_findings < "$WORK/gcl.json" > "$WORK/got-nolint.txt"
grep -v "^$file:$line:" "$WORK/want.txt" > "$WORK/want-nolint.txt" || true
diff -u "$WORK/want-nolint.txt" "$WORK/got-nolint.txt" ||
	fail "with //nolint:leasevet on $file:$line, golangci-lint should report every other finding and none of that line's"
cp "$WORK/nolint.bak" "$TARGET/$file"
say "OK: //nolint:leasevet suppresses $file:$line and nothing else"

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
