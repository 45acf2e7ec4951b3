#!/usr/bin/env bash
# run.sh measures standalone `leasevet ./...` on large modules: peak RSS, CPU
# and wall time of a first run (cold vet cache, warm build cache) and of a
# rerun with nothing changed, beside the same two runs of `go vet` with a
# vet tool that does nothing (bench/vetcost/noop), and checks that the rerun
# prints the same findings. Standalone leasevet drives go vet with itself as
# the vet tool, so the no-op tool's figures are the floor it can approach.
#
# Targets: go-zero v1.10.3 from the module proxy, and one large module of
# the wild set (dapr/components-contrib by default, or the directory -w
# names). The goals (issue 25) are printed with each figure: go-zero peak
# RSS <= 1.5 GiB, rerun wall <= 30 % of the first run's, identical findings;
# the wild module peak RSS <= 3 GiB. A missed goal is printed as MISSED and
# is a measurement, not a failure: exit status 0 when every run ran, 2 when
# something could not be built, fetched or run.
#
# A benchmark, not a test: on a shared machine wall times swing by tens of
# per cent; peak RSS and the rerun ratio are the stable figures.
set -euo pipefail

usage() {
	cat <<'USAGE'
usage: bench/scale/run.sh [-l leasevet] [-b leasevet] [-t "go-zero wild"] [-w dir] [-c dir]

  -l path   leasevet to measure (default: go build ./cmd/leasevet)
  -b path   also time this leasevet's first run and compare its findings
            with -l's (e.g. a build of an earlier commit)
  -t list   targets, space-separated (default "go-zero wild")
  -w dir    the wild module (default /work/eval/wild/dapr+components-contrib)
  -c dir    cache for sources, tools and logs (env SCALE_CACHE; default
            ${XDG_CACHE_HOME:-$HOME/.cache}/leasevet-scale)
  env SCALE_NICE=n runs every timed command under nice -n n.
USAGE
}

die() {
	echo "scale: $*" >&2
	exit 2
}

repo=$(cd "$(dirname "$0")/../.." && pwd)
leasevet="" baseline=""
targets=${SCALE_TARGETS:-"go-zero wild"}
wild=/work/eval/wild/dapr+components-contrib
cache=${SCALE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/leasevet-scale}
while getopts "l:b:t:w:c:h" opt; do
	case $opt in
	l) leasevet=$OPTARG ;;
	b) baseline=$OPTARG ;;
	t) targets=$OPTARG ;;
	w) wild=$OPTARG ;;
	c) cache=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
[[ -x /usr/bin/time ]] || die "GNU time (/usr/bin/time) is needed for peak RSS"
export GOWORK=off GOTOOLCHAIN=local GOFLAGS="-mod=mod -buildvcs=false"
nice_cmd=()
[[ -n ${SCALE_NICE:-} ]] && nice_cmd=(nice -n "$SCALE_NICE")
mkdir -p "$cache/bin" "$cache/src" "$cache/logs" "$cache/out"

# source_of prints the directory of a target, fetching go-zero once: the
# module cache is read-only, so its copy is made writable.
source_of() {
	case $1 in
	go-zero)
		local dir=$cache/src/go-zero@v1.10.3 src
		if [[ ! -f $dir/.scale-ready ]]; then
			src=$(cd "$cache" && go mod download -json github.com/zeromicro/go-zero@v1.10.3 |
				sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p') || die "go mod download go-zero failed"
			[[ -d $src ]] || die "go mod download go-zero gave no directory"
			rm -rf "$dir" && cp -r "$src" "$dir" && chmod -R u+w "$dir"
			(cd "$dir" && go mod download) >"$cache/logs/go-zero-download.log" 2>&1 ||
				die "go mod download in $dir failed; see $cache/logs/go-zero-download.log"
			touch "$dir/.scale-ready"
		fi
		echo "$dir" ;;
	wild)
		[[ -f $wild/go.mod ]] || die "$wild is not a module (-w names the wild module)"
		echo "$wild" ;;
	*) die "unknown target '$1' (want go-zero or wild)" ;;
	esac
}

# measure runs a command in dir with its stdout to out, and prints
# "wall_s cpu_s peak_MiB exit". CPU is user+sys of the command and every
# process it waited for (go, its vet tool processes, the compiler); peak is
# the largest single process's RSS. A non-zero exit is recorded, not fatal:
# leasevet exits 1 when a package does not load.
measure() {
	local dir=$1 out=$2 code=0
	shift 2
	local tf=$cache/logs/time.$$
	(cd "$dir" && /usr/bin/time -f '%e %U %S %M' -o "$tf" "${nice_cmd[@]}" "$@") >"$out" 2>"$out.err" || code=$?
	grep -q . "$tf" || die "$* in $dir did not run; see $out.err"
	awk -v code="$code" 'END {printf "%.1f %.1f %.0f %d\n", $1, $2 + $3, $4 / 1024, code}' "$tf"
	rm -f "$tf"
}

rows=()
# row adds a line to the table: target, what ran, and its figures.
row() {
	rows+=("$(printf '%-8s %-26s %8s %8s %9s %5s  %s' "$@")")
}

# bench_target times the no-op tool and leasevet, first run and rerun, on
# one target.
bench_target() {
	local name=$1 dir salt res w c p x
	dir=$(source_of "$name") || exit 2
	# go vet gives up on the whole run when one package does not load;
	# leasevet leaves those out and names them, so the no-op tool is
	# given the packages that load.
	local -a loadable
	mapfile -t loadable < <(cd "$dir" && go list -e -f '{{if not (or .Error .DepsErrors)}}{{.ImportPath}}{{end}}' ./... | grep .) ||
		die "go list in $dir failed"
	echo "scale: $name in $dir: ${#loadable[@]} packages load; warming the build cache (go vet with the no-op tool)..." >&2
	measure "$dir" "$cache/out/$name-warm.json" go vet -json -vettool="$noop" -noop.salt=warm "${loadable[@]}" >&2 || exit 2
	salt=salt$(date +%s%N)
	local -a nv=(go vet -json -vettool="$noop" "-noop.salt=$salt" "${loadable[@]}")
	local -a lv=("$leasevet" -json "-locktoken.token-funcs=$salt.F" ./...)
	for run in first rerun; do
		echo "scale: $name: noop $run..." >&2
		res=$(measure "$dir" "$cache/out/$name-noop-$run.json" "${nv[@]}") || exit 2
		read -r w c p x <<<"$res"
		row "$name" "go vet, no-op tool, $run" "$w" "$c" "$p" "$x" ""
	done
	for run in first rerun; do
		echo "scale: $name: leasevet $run..." >&2
		res=$(measure "$dir" "$cache/out/$name-leasevet-$run.json" "${lv[@]}") || exit 2
		read -r w c p x <<<"$res"
		eval "lv_${run}_wall=$w lv_${run}_peak=$p"
		row "$name" "leasevet, $run" "$w" "$c" "$p" "$x" "$(goal_note "$name" "$run" "$p")"
	done
	local ratio same=no
	ratio=$(awk -v a="$lv_rerun_wall" -v b="$lv_first_wall" 'BEGIN {printf "%.3f", a / b}')
	cmp -s "$cache/out/$name-leasevet-first.json" "$cache/out/$name-leasevet-rerun.json" &&
		cmp -s "$cache/out/$name-leasevet-first.json.err" "$cache/out/$name-leasevet-rerun.json.err" && same=yes
	row "$name" "rerun/first wall" "$ratio" "" "" "" "$(ratio_note "$name" "$ratio")"
	row "$name" "rerun output identical" "$same" "" "" "" "$([[ $same == yes ]] && echo ok || echo MISSED)"
	[[ -z $baseline ]] && return
	echo "scale: $name: $baseline first run..." >&2
	res=$(measure "$dir" "$cache/out/$name-baseline.json" "$baseline" -json "-locktoken.token-funcs=$salt.F" ./...) || exit 2
	read -r w c p x <<<"$res"
	row "$name" "-b leasevet, first" "$w" "$c" "$p" "$x" ""
	same=no
	cmp -s "$cache/out/$name-baseline.json" "$cache/out/$name-leasevet-first.json" && same=yes
	row "$name" "same findings as -b" "$same" "" "" "" ""
}

# goal_note prints the peak RSS goal of a target's first leasevet run.
goal_note() {
	local name=$1 run=$2 peak=$3 limit
	[[ $run == first ]] || return 0
	limit=$([[ $name == go-zero ]] && echo 1536 || echo 3072)
	if ((peak <= limit)); then echo "peak <= $limit MiB: ok"; else echo "peak <= $limit MiB: MISSED"; fi
}

# ratio_note prints the rerun goal, which is go-zero's.
ratio_note() {
	[[ $1 == go-zero ]] || return 0
	awk -v r="$2" 'BEGIN {print (r <= 0.30 ? "<= 0.30: ok" : "<= 0.30: MISSED")}'
}

cd "$repo"
noop=$cache/bin/noop
go build -o "$noop" ./bench/vetcost/noop || die "building the no-op vet tool failed"
if [[ -z $leasevet ]]; then
	leasevet=$cache/bin/leasevet
	go build -o "$leasevet" ./cmd/leasevet || die "building ./cmd/leasevet failed (use -l to pass a binary)"
fi
echo "scale $(date -u +%FT%TZ): leasevet=$leasevet; $(go version); $(nproc) CPUs" >&2
for t in $targets; do
	bench_target "$t"
done
printf '%-8s %-26s %8s %8s %9s %5s  %s\n' target run wall_s cpu_s peak_MiB exit goal
printf '%s\n' "${rows[@]}"
echo "(outputs and stderr of every run in $cache/out)"
