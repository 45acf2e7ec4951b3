#!/usr/bin/env bash
# code-scanning.sh: run the leasevet commands of the GitHub Actions
# workflow in docs/ci/leasevet.yml on the bundled example module, as far as
# a machine without GitHub can: the code-scanning job's SARIF step as it
# is, and the review job's reviewdog step with reviewdog's local reporter
# instead of the pull-request one (the command docs/code-scanning.md gives
# for trying it locally). It checks that the SARIF log has a result for
# every finding and a rule with a help page for every check, and that
# reviewdog reads every finding and fails the job on them.
#
# leasevet is built from this checkout (the workflow installs a release).
# reviewdog is taken from $REVIEWDOG, else from PATH, else installed from
# the Go module proxy.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
workflow=$repo/docs/ci/leasevet.yml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/tree/testdata"

fail() { echo "code-scanning: $*" >&2; exit 1; }

go build -o "$work/bin/leasevet" ./cmd/leasevet
if [[ -n "${REVIEWDOG:-}" ]]; then
	cp "$REVIEWDOG" "$work/bin/reviewdog"
elif command -v reviewdog >/dev/null; then
	cp "$(command -v reviewdog)" "$work/bin/reviewdog"
else
	# v0.20.3 is the newest reviewdog whose dependencies the module proxy
	# serves (later ones need module versions it refuses). One of them,
	# golang.org/x/build at a pseudo-version, is served but unknown to the
	# checksum database: GONOSUMDB skips that lookup for that module only.
	echo "code-scanning: installing reviewdog v0.20.3 from the module proxy"
	GOBIN="$work/bin" GONOSUMDB=golang.org/x/build go install github.com/reviewdog/reviewdog/cmd/reviewdog@v0.20.3
fi
export PATH="$work/bin:$PATH"

# A copy of the example module, beside a copy of safelock as its replace
# directive expects, so that the steps' output files stay out of the tree.
cp -r testdata/example "$work/tree/testdata/example"
cp -r safelock "$work/tree/safelock"
cd "$work/tree/testdata/example"

findings=$(leasevet -json ./... | grep -c '"category"') || true
[[ $findings -gt 0 ]] || fail "leasevet -json found nothing in the example module"
# The checks of the analyzers in the binary, as its help lists them.
checks=$(leasevet help no-such-check 2>&1 | sed -n 's/^checks: //p' | tr ',' '\n' | grep -c .) || true
[[ $checks -gt 0 ]] || fail "leasevet help lists no checks"

mapfile -t steps < <(sed -n 's/^ *run: \(leasevet .*\)$/\1/p' "$workflow")
[[ ${#steps[@]} -eq 2 ]] || fail "want 2 leasevet steps in $workflow, found ${#steps[@]}"
ran=0
for step in "${steps[@]}"; do
	if [[ $step == *"-reporter=github-pr-review"* ]]; then
		step=${step/-reporter=github-pr-review/-reporter=local}
		step=${step/-filter-mode=added/-filter-mode=nofilter}
		grep -qF -- "$step" "$repo/docs/code-scanning.md" || fail "docs/code-scanning.md does not give the local command: $step"
		echo "+ $step"
		status=0
		out=$(bash -c "$step" 2>&1) || status=$?
		[[ $status -eq 1 ]] || fail "reviewdog exited $status, want 1 (-fail-level=error on the example's errors): $out"
		got=$(grep -c '"ruleId"' <<<"$out") || true
		[[ $got -eq $findings ]] || fail "reviewdog shows $got findings, leasevet found $findings:
$out"
	else
		echo "+ $step"
		bash -c "$step" || fail "exit $?: $step"
		got=$(grep -c '"ruleId"' leasevet.sarif) || true
		[[ $got -eq $findings ]] || fail "leasevet.sarif has $got results, leasevet found $findings"
		rules=$(grep -c '"helpUri": "https://github.com/leasevet/leasevet/blob/main/docs/checks/[a-z-]*\.md"' leasevet.sarif) || true
		[[ $rules -eq $checks ]] || fail "leasevet.sarif has $rules rules with a page, want one per check ($checks)"
	fi
	ran=$((ran + 1))
done
echo "code-scanning: ok: $ran workflow steps on the example module, $findings findings each"
