#!/usr/bin/env bash
# wildscan.sh: run leasevet -json over whole module trees and print, for a
# person to judge, every finding with its line of code, every crash and
# every package that was not analysed, with the peak memory and wall time
# of each run.
#
#   ./scripts/wildscan.sh ~/src/svc-a ~/src/svc-b      # ./... in each
#   ./scripts/wildscan.sh -f trees.txt                 # trees from a list
#   ./scripts/wildscan.sh -b /tmp/leasevet -f trees.txt
#
# -b BIN is the leasevet binary to run (default: $LEASEVET, else one built
# from this checkout). -f LIST reads trees from LIST, one per line:
#
#   DIR [PACKAGE...] [NAME=VALUE...]
#
# DIR is a module directory (relative to LIST's folder, or absolute); the
# PACKAGE patterns are passed to leasevet (default ./...); NAME=VALUE words
# (an upper-case name) set that tree's environment, such as GOWORK=off or
# GOFLAGS=-mod=mod. Words are split on blanks, without quoting; # starts
# a comment line. Trees given as arguments are scanned after the list's.
#
# Per tree it prints:
#   path:line:col [category] message      (paths relative to the tree)
#       the line of code
#       related path:line:col message
#           its line of code
#   crash: ...       a run that ended in a Go panic, fatal error (stack
#                    overflow included) or signal, with stderr's first lines
#   skipped PKG: ... a package with load, parse or type errors, or an
#                    analyzer error; and each package of the tree that imports
#                    one, which leasevet skips without a word
#   failed: ...      a run that printed no JSON (nothing loaded); it
#                    counts as one skipped package
# then a line with its counts, peak RSS and wall time (GNU time; without
# /usr/bin/time, wall time only), and at the end one line:
#   wildscan: T trees, F findings, C crashes, S skipped packages
# Exit status: 0, or 1 when a run crashed, failed or skipped a package.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${LEASEVET:-}
list=
usage() {
	echo "usage: wildscan.sh [-b LEASEVET] [-f LIST] [DIR...]" >&2
	exit 2
}
while getopts b:f:h opt; do
	case $opt in
	b) bin=$OPTARG ;;
	f) list=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$list" ] || [ $# -gt 0 ] || usage
for tool in jq go; do
	command -v "$tool" >/dev/null || { echo "wildscan: $tool is needed" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
	bin=$tmp/leasevet
	go -C "$repo" build -o "$bin" ./cmd/leasevet || exit 2
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || { echo "wildscan: $bin is not an executable" >&2; exit 2; }

# trees writes the trees to scan, one "DIR WORD..." line each, DIR absolute.
trees() {
	local base dir rest
	if [ -n "$list" ]; then
		[ -r "$list" ] || { echo "wildscan: cannot read $list" >&2; exit 2; }
		base=$(cd "$(dirname "$list")" && pwd)
		while read -r dir rest; do
			case $dir in '' | '#'*) continue ;; esac
			case $dir in /*) ;; *) dir=$base/$dir ;; esac
			echo "$dir $rest"
		done <"$list"
	fi
	for dir in "$@"; do
		(cd "$dir" 2>/dev/null && pwd) || echo "$dir"
	done
}

# source prints the line of code at POSN (file:line:col), indented by $2.
source_line() {
	local file line
	[[ $1 =~ ^(.*):([0-9]+):[0-9]+$ ]] || return 0
	file=${BASH_REMATCH[1]} line=${BASH_REMATCH[2]}
	[ -r "$file" ] && printf '%s%s\n' "$2" "$(sed -n "${line}{s/^[[:space:]]*//;p;q}" "$file")"
}

# findings prints the findings of JSON file $1, sorted by position, with
# paths relative to tree $2; it sets nfind.
findings() {
	local kind posn cat msg
	nfind=0
	jq -r '[to_entries[] | .value | to_entries[] | .key as $an | .value
		| select(type == "array") | .[]
		| {posn, cat: (.category // $an), message, related: (.related // [])}]
		| sort_by(.posn | capture("^(?<f>.*):(?<l>[0-9]+):(?<c>[0-9]+)$")
			| [.f, (.l | tonumber), (.c | tonumber)])
		| .[] | (["F", .posn, .cat, .message] | @tsv),
			(.related[] | ["R", .posn, "", .message] | @tsv)' "$1" >"$tmp/found" || return 0
	while IFS=$'\t' read -r kind posn cat msg; do
		if [ "$kind" = F ]; then
			nfind=$((nfind + 1))
			echo "${posn#"$2"/} [$cat] $msg"
			source_line "$posn" "    "
		else
			echo "    related ${posn#"$2"/}${msg:+ $msg}"
			source_line "$posn" "        "
		fi
	done <"$tmp/found"
}

# skipped prints the packages of JSON file $1 that were not analysed, and
# the packages of tree $2 (patterns: the rest) that import one of them,
# which leasevet skips without a word; it sets nskip. A package whose
# errors are all in its _test.go files breaks only its test variant, which
# no other package imports.
skipped() {
	local json=$1 dir=$2
	shift 2
	nskip=0
	jq -r 'to_entries[] | .key as $pkg | .value | to_entries[]
		| select(.value | type == "object") | (.value.error | split("\n")) as $errs
		| [$pkg, .key, $errs[0], ($errs | map(select(startswith("\t") | not)) | all(test("_test\\.go:[0-9]+")))] | @tsv' "$json" |
		sort -u -t$'\t' -k1,1 >"$tmp/broken"
	[ -s "$tmp/broken" ] || return 0
	awk -F'\t' '{ print "skipped " $1 ($4 == "true" ? " (its tests)" : "") ": " $3 ($2 == "leasevet" ? "" : " (analyzer " $2 ")") }' "$tmp/broken"
	(cd "$dir" && env "${envs[@]}" go list -e -test -f '{{.ImportPath}}|{{join .Deps "|"}}' "$@" </dev/null 2>/dev/null) |
		awk -F'|' 'NR == FNR { split($0, f, "\t"); listed[f[1]] = 1; if (f[4] != "true") bad[f[1]] = 1; next }
		{ sub(/ \[.*/, "", $1) }
		$1 ~ /\.test$/ || ($1 in listed) || ($1 in seen) { next }
		{ for (i = 2; i <= NF; i++) { d = $i; sub(/ \[.*/, "", d)
			if (d in bad) { seen[$1] = 1; print "skipped " $1 ": imports " d ", which was not analysed"; break } } }' \
			"$tmp/broken" - >"$tmp/importers"
	cat "$tmp/importers"
	nskip=$(($(wc -l <"$tmp/broken") + $(wc -l <"$tmp/importers")))
}

# crash prints the start of a Go runtime failure in stderr file $1, and the
# first frames of the goroutine that failed, or the signal that ended the
# run (GNU time's output $2), and succeeds when there was one.
crash() {
	local at run
	at=$(grep -n -m1 -E '^(panic: |fatal error: |runtime: goroutine stack exceeds)' "$1" | cut -d: -f1)
	if [ -n "$at" ]; then
		echo "crash: exit $rc"
		tail -n +"$at" "$1" | head -n 6 | sed 's/^/    | /'
		run=$(grep -n -m1 -E '^goroutine [0-9]+.*\[running\]:' "$1" | cut -d: -f1)
		[ -z "$run" ] || [ "$run" -lt "$at" ] || tail -n +"$run" "$1" | head -n 13 | sed 's/^/    | /'
		return 0
	fi
	grep -q 'Command terminated by signal' "$2" 2>/dev/null || return 1
	echo "crash: exit $rc, $(grep -m1 'Command terminated by signal' "$2" | sed 's/^[[:space:]]*//')"
	tail -n 6 "$1" | sed 's/^/    | /'
}

# measure prints peak RSS and wall time from GNU time's -v output in $1.
measure() {
	awk -F': ' '/Maximum resident set size/ { rss = sprintf("%.0f MB", $2 / 1024) }
		/Elapsed \(wall clock\)/ { wall = $2 }
		END { if (rss != "") print "peak RSS " rss ", wall " wall }' "$1"
}

# scan runs leasevet on one tree: $1 is the directory, then the packages
# and NAME=VALUE words of its line; it adds to the totals.
scan() {
	local dir=$1 word pkgs=() timing=() start=$SECONDS ncrash=0 usage
	envs=()
	shift
	for word in "$@"; do
		if [[ $word =~ ^[A-Z_][A-Z0-9_]*= ]]; then envs+=("$word"); else pkgs+=("$word"); fi
	done
	[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)
	echo "== $dir: ${envs[*]}${envs[*]:+ }leasevet -json ${pkgs[*]}"
	[ -x /usr/bin/time ] && timing=(/usr/bin/time -v -o "$tmp/time")
	: >"$tmp/time"
	(cd "$dir" && env "${envs[@]}" "${timing[@]}" "$bin" -json "${pkgs[@]}" </dev/null >"$tmp/out.json" 2>"$tmp/err")
	rc=$?
	nfind=0 nskip=0
	crash "$tmp/err" "$tmp/time" && ncrash=1
	if jq -e 'type == "object"' "$tmp/out.json" >/dev/null 2>&1; then
		findings "$tmp/out.json" "$dir"
		skipped "$tmp/out.json" "$dir" "${pkgs[@]}"
	elif [ $ncrash -eq 0 ]; then
		echo "failed: exit $rc, no JSON"
		head -n 12 "$tmp/err" | sed 's/^/    | /'
		nskip=1
	fi
	usage=$(measure "$tmp/time")
	echo "-- $nfind findings, $ncrash crashes, $nskip skipped packages, exit $rc, ${usage:-wall $((SECONDS - start))s}"
	echo
	trees_n=$((trees_n + 1)) find_n=$((find_n + nfind)) crash_n=$((crash_n + ncrash)) skip_n=$((skip_n + nskip))
}

trees_n=0 find_n=0 crash_n=0 skip_n=0
while read -r -a line; do
	scan "${line[@]}"
done < <(trees "$@")
echo "wildscan: $trees_n trees, $find_n findings, $crash_n crashes, $skip_n skipped packages"
[ $((crash_n + skip_n)) -eq 0 ]
