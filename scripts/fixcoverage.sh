#!/usr/bin/env bash
# fixcoverage.sh: how many of leasevet's findings come with a fix, among
# the findings of the checks whose page says a fix can be offered
# (docs/checks: setnx-expire, setnx-expire-pipeline, get-del, get-expire,
# bare-del, bare-renew, constant-token, instance-token, time-token,
# release-done-ctx). The others (no-ttl, unchecked-acquire, the loop and
# watchdog checks) never get one: what to do is a decision.
#
#   ./scripts/fixcoverage.sh DIR...              # leasevet -json ./... in each
#   ./scripts/fixcoverage.sh -b /tmp/leasevet DIR...
#
# It prints every finding of those checks that has no fix (path:line
# [category], and the line of code), a table per check (findings, with a
# fix), and last one line:
#   fixcoverage: F of N findings with a fix (R)
# Some findings cannot have one by the rules (bare-del with no token
# stored anywhere, a token whose every use is not in one function): the
# list is for a person to judge which forms are missing.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${LEASEVET:-}
while getopts b:h opt; do
	case $opt in
	b) bin=$OPTARG ;;
	*)
		echo "usage: fixcoverage.sh [-b LEASEVET] DIR..." >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || {
	echo "usage: fixcoverage.sh [-b LEASEVET] DIR..." >&2
	exit 2
}
command -v jq >/dev/null || {
	echo "fixcoverage: jq is needed" >&2
	exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
	bin=$tmp/leasevet
	go -C "$repo" build -o "$bin" ./cmd/leasevet || exit 2
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

fixable='["setnx-expire","setnx-expire-pipeline","get-del","get-expire","bare-del","bare-renew","constant-token","instance-token","time-token","release-done-ctx"]'
for dir in "$@"; do
	abs=$(cd "$dir" && pwd) || continue
	echo "== $dir" >&2
	(cd "$abs" && "$bin" -json ./... 2>"$tmp/stderr") >"$tmp/out.json"
	if ! jq -e . "$tmp/out.json" >/dev/null 2>&1; then
		echo "$dir: no JSON from leasevet: $(head -c 300 "$tmp/stderr")" >&2
		continue
	fi
	jq -r --argjson fixable "$fixable" '
		.[] | .[] | arrays | .[]
		| select(.category as $c | $fixable | index($c))
		| [.category, (if (.suggested_fixes // []) | length > 0 then "fix" else "none" end), .posn] | @tsv
	' "$tmp/out.json" >>"$tmp/rows.tsv"
done
touch "$tmp/rows.tsv"

while IFS=$'\t' read -r category fix posn; do
	[ "$fix" = none ] || continue
	file=${posn%:*:*}
	line=${posn%:*}
	line=${line##*:}
	echo "$posn [$category]"
	printf '\t%s\n' "$(sed -n "${line}p" "$file" 2>/dev/null | sed 's/^[[:space:]]*//' | cut -c1-160)"
done <"$tmp/rows.tsv"
echo
awk -F'\t' '
	{ n[$1]++; if ($2 == "fix") f[$1]++; N++; if ($2 == "fix") F++ }
	END {
		printf "%-24s %8s %8s\n", "check", "findings", "with fix"
		for (c in n) printf "%-24s %8d %8d\n", c, n[c], f[c]
		r = N ? F / N : 0
		printf "fixcoverage: %d of %d findings with a fix (%.2f)\n", F, N, r
	}' "$tmp/rows.tsv"
