#!/usr/bin/env bash
# run.sh measures what leasevet adds to `go vet`: it times
# `go vet -vettool=leasevet ./...` against the same command with a no-op vet
# tool (bench/vetcost/noop) on real modules, and prints median CPU and wall
# seconds and the paired CPU ratio against the goals of
# /work/shared/notes/performance.md (<= 1.10x on go-redis, <= 1.05x on go-zero).
#
# Every figure is for a cold vet cache and a warm build cache: each run passes
# a fresh value of a harmless analyzer flag, which changes vet's cache key for
# every package, and nothing is recompiled. `go clean -cache` or `go vet -a`
# would also recompile, which is not what a developer pays.
#
# Exit status: 0 when every series ran (a missed goal is a measurement and is
# printed as MISSED), 2 on any failure to build, fetch or run.
set -euo pipefail

usage() {
	cat <<'EOF'
usage: bench/vetcost/run.sh [-p] [-l leasevet] [-r n] [-z n] [-t "go-redis go-zero"] [-c dir] [-s flag]

  -p        prepare only: fetch the targets and warm the build cache, time nothing

  -l path   leasevet vet tool to measure (default: go build ./cmd/leasevet)
  -r n      runs per tool on go-redis (default 5; env VETCOST_RUNS_GOREDIS)
  -z n      runs per tool on go-zero  (default 3; env VETCOST_RUNS_GOZERO)
  -t list   targets, space-separated   (default "go-redis go-zero"; env VETCOST_TARGETS)
  -c dir    cache for sources, tools and logs (env VETCOST_CACHE;
            default ${XDG_CACHE_HOME:-$HOME/.cache}/leasevet-vetcost)
  -s flag   string flag of the leasevet tool used as the cache salt
            (default locktoken.token-funcs if the tool has it, else another
            *.token-funcs flag, else its first analyzer string flag;
            env VETCOST_SALT_FLAG)
  env VETCOST_NICE=n runs every timed command under nice -n n.
EOF
}

die() {
	echo "vetcost: $*" >&2
	exit 2
}

repo=$(cd "$(dirname "$0")/../.." && pwd)
leasevet=""
runs_goredis=${VETCOST_RUNS_GOREDIS:-5}
runs_gozero=${VETCOST_RUNS_GOZERO:-3}
targets=${VETCOST_TARGETS:-"go-redis go-zero"}
cache=${VETCOST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/leasevet-vetcost}
salt_flag=${VETCOST_SALT_FLAG:-}
prepare_only=""

while getopts "pl:r:z:t:c:s:h" opt; do
	case $opt in
	p) prepare_only=1 ;;
	l) leasevet=$OPTARG ;;
	r) runs_goredis=$OPTARG ;;
	z) runs_gozero=$OPTARG ;;
	t) targets=$OPTARG ;;
	c) cache=$OPTARG ;;
	s) salt_flag=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
for n in "$runs_goredis" "$runs_gozero"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "run count must be a positive integer, got '$n'"
done

# The measured modules never belong to a workspace, and must not switch
# toolchains behind our back.
export GOWORK=off GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
nice_cmd=()
if [[ -n ${VETCOST_NICE:-} ]]; then
	nice_cmd=(nice -n "$VETCOST_NICE")
fi

# Target table: module version and the CPU-ratio goal, with its reason in
# performance.md (every package of go-redis uses go-redis: 10 %; in go-zero a
# minority does: 5 %).
target_module() {
	case $1 in
	go-redis) echo github.com/redis/go-redis/v9@v9.23.0 ;;
	go-zero) echo github.com/zeromicro/go-zero@v1.10.3 ;;
	*) die "unknown target '$1' (want go-redis or go-zero)" ;;
	esac
}
target_goal() {
	case $1 in
	go-redis) echo 1.10 ;;
	go-zero) echo 1.05 ;;
	esac
}
target_runs() {
	case $1 in
	go-redis) echo "$runs_goredis" ;;
	go-zero) echo "$runs_gozero" ;;
	esac
}

# fetch_target copies a module from the module cache into a writable tree
# (the module cache is read-only) and downloads its dependencies once.
fetch_target() {
	local name=$1 mod dir src
	mod=$(target_module "$name")
	dir=$cache/src/${mod//[\/@]/_}
	if [[ ! -f $dir/.vetcost-ready ]]; then
		src=$(cd "$cache" && go mod download -json "$mod" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p') ||
			die "go mod download $mod failed"
		[[ -d $src ]] || die "go mod download $mod gave no directory"
		rm -rf "$dir"
		cp -r "$src" "$dir"
		chmod -R u+w "$dir"
		(cd "$dir" && go mod download) >"$cache/logs/$name-download.log" 2>&1 ||
			die "go mod download in $dir failed, see $cache/logs/$name-download.log"
		touch "$dir/.vetcost-ready"
	fi
	echo "$dir"
}

# salt_flag_of prints the analyzer string flag of tool to salt with: the
# preferred one if the tool has it, else its first analyzer string flag
# (analyzer flags are the ones with a dot, "analyzer.flag").
salt_flag_of() {
	local tool=$1 preferred=$2 names
	names=$("$tool" -flags | awk -F'"' '/"Name":/ {name=$4} /"Bool": false/ && name ~ /\./ {print name}') ||
		die "$tool -flags failed"
	if [[ -n $preferred ]] && grep -qxF "$preferred" <<<"$names"; then
		echo "$preferred"
		return
	fi
	# A list of function names is harmless to salt: a function called
	# "salt<N>.F" exists nowhere.
	if grep -q '\.token-funcs$' <<<"$names"; then
		grep -m1 '\.token-funcs$' <<<"$names"
		return
	fi
	[[ -n $names ]] || die "$tool has no analyzer string flag to salt vet's cache with"
	head -n1 <<<"$names"
}

# measure runs one command in dir and prints "cpu_s wall_s peak_MiB" (peak
# "-" without GNU time). CPU is user+sys of the go command and every vet tool
# process it waited for.
measure() {
	local dir=$1 log=$2
	shift 2
	local tf=$cache/logs/time.$$
	if [[ -x /usr/bin/time && -z ${VETCOST_NO_GNU_TIME:-} ]]; then
		(cd "$dir" && /usr/bin/time -f '%U %S %e %M' -o "$tf" "${nice_cmd[@]}" "$@") >"$log" 2>&1 ||
			die "failed ($?): $* in $dir; see $log"
		awk '{printf "%.3f %.3f %.1f\n", $1 + $2, $3, $4 / 1024}' "$tf"
	else
		measure_with_times "$dir" "$log" "$tf" "$@"
	fi
	rm -f "$tf"
}

# measure_with_times is the fallback without /usr/bin/time: bash's `times`
# in a subshell reports the CPU of the children that subshell waited for.
measure_with_times() {
	local dir=$1 log=$2 tf=$3 t0 t1
	shift 3
	t0=$(date +%s%N)
	(cd "$dir" && { "${nice_cmd[@]}" "$@" >"$log" 2>&1 || exit; } && times >"$tf") ||
		die "failed ($?): $* in $dir; see $log"
	t1=$(date +%s%N)
	# Second line of `times`: children's user and sys, as 0m12.345s.
	awk -v wall="$(((t1 - t0) / 1000000))" 'NR == 2 {
		split($1, u, /[ms]/); split($2, s, /[ms]/)
		printf "%.3f %.3f -\n", u[1] * 60 + u[2] + s[1] * 60 + s[2], wall / 1000
	}' "$tf"
}

median() {
	printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {
		if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# vet_argv sets argv to a go vet command for tool with a fresh salt. -json
# makes a finding exit 0, so a non-zero status always means a failure to run.
vet_argv() {
	argv=(go vet -json -vettool="$1" "-$2=salt$(date +%s%N).F" ./...)
}

# timed_vet prints "cpu_s wall_s peak_MiB" of one vet run of tool on target.
timed_vet() {
	local name=$1 dir=$2 tool=$3 flag=$4 label=$5 i=$6
	local -a argv
	vet_argv "$tool" "$flag"
	measure "$dir" "$cache/logs/$name-$label.$i.log" "${argv[@]}"
}

# series times runs pairs of (noop, leasevet) on one target, alternating, and
# appends one result row per tool to $rows.
series() {
	local name=$1 dir runs goal i a b res ca wa ra cb wb rb
	local -a cpu_a=() cpu_b=() wall_a=() wall_b=() rss_a=() rss_b=() rcpu=() rwall=()
	dir=$(fetch_target "$name")
	runs=$(target_runs "$name")
	goal=$(target_goal "$name")
	echo "== $name: warming the build cache in $dir" >&2
	(cd "$dir" && go build ./...) >"$cache/logs/$name-warm.log" 2>&1 ||
		die "go build ./... failed in $dir, see $cache/logs/$name-warm.log"
	# One untimed vet pass compiles the test variants too. The build actions
	# are the same for both tools, so one warm-up pass serves both.
	timed_vet "$name" "$dir" "$noop" "$noop_flag" noop 0 >/dev/null
	if [[ -n $prepare_only ]]; then
		return
	fi
	for ((i = 1; i <= runs; i++)); do
		res=$(timed_vet "$name" "$dir" "$noop" "$noop_flag" noop "$i")
		read -r ca wa ra <<<"$res"
		res=$(timed_vet "$name" "$dir" "$leasevet" "$lv_flag" leasevet "$i")
		read -r cb wb rb <<<"$res"
		echo "   run $i/$runs: noop ${ca}s cpu ${wa}s wall | leasevet ${cb}s cpu ${wb}s wall" >&2
		printf '%s\t%s\tnoop\t%s\t%s\t%s\n%s\t%s\tleasevet\t%s\t%s\t%s\n' \
			"$stamp" "$name" "$ca" "$wa" "$ra" "$stamp" "$name" "$cb" "$wb" "$rb" >>"$raw"
		cpu_a+=("$ca") cpu_b+=("$cb") wall_a+=("$wa") wall_b+=("$wb") rss_a+=("$ra") rss_b+=("$rb")
		rcpu+=("$(awk -v a="$ca" -v b="$cb" 'BEGIN {printf "%.4f", b / a}')")
		rwall+=("$(awk -v a="$wa" -v b="$wb" 'BEGIN {printf "%.4f", b / a}')")
	done
	a=$(median "${rcpu[@]}")
	b=$(awk -v r="$a" -v g="$goal" 'BEGIN {print (r <= g) ? "OK" : "MISSED"}')
	rows+=("$(printf '%-9s %-9s %4d %9.2f %9.2f %8s %9s %10s %6s %-7s' "$name" noop "$runs" \
		"$(median "${cpu_a[@]}")" "$(median "${wall_a[@]}")" "$(peak "${rss_a[@]}")" - - - -)")
	rows+=("$(printf '%-9s %-9s %4d %9.2f %9.2f %8s %9.3f %10.3f %6s %-7s' "$name" leasevet "$runs" \
		"$(median "${cpu_b[@]}")" "$(median "${wall_b[@]}")" "$(peak "${rss_b[@]}")" "$a" \
		"$(median "${rwall[@]}")" "$goal" "$b")")
	rows+=("$(printf '%-9s %-9s %4s  cpu ratio per pair: %s' "" "" "" "${rcpu[*]}")")
}

# peak prints the median peak RSS in MiB, or "-" when it was not measured.
peak() {
	if [[ $1 == - ]]; then echo -; else printf '%.0f' "$(median "$@")"; fi
}

mkdir -p "$cache/bin" "$cache/logs" "$cache/src"
cd "$repo"
noop=$cache/bin/noop
go build -o "$noop" ./bench/vetcost/noop || die "building the noop vet tool failed"
if [[ -z $leasevet ]]; then
	leasevet=$cache/bin/leasevet
	go build -o "$leasevet" ./cmd/leasevet || die "building ./cmd/leasevet failed (use -l to pass a binary)"
	# Name the source measured: the commit, and whether the analyzers
	# differed from it when the binary was built.
	built="commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
	if [[ -n $(git status --porcelain -- cmd analyzers 2>/dev/null) ]]; then
		built+=" with uncommitted changes"
	fi
else
	built="given binary"
fi
leasevet=$(cd "$(dirname "$leasevet")" && pwd)/$(basename "$leasevet")
[[ -x $leasevet ]] || die "$leasevet is not an executable"
noop_flag=$(salt_flag_of "$noop" noop.salt)
lv_flag=$(salt_flag_of "$leasevet" "${salt_flag:-locktoken.token-funcs}")
if [[ -n $salt_flag && $lv_flag != "$salt_flag" ]]; then
	die "$leasevet has no string flag -$salt_flag"
fi

stamp=$(date -u +%Y-%m-%dT%H:%MZ)
raw=$cache/results.tsv
rows=()
echo "vetcost $stamp: leasevet=$leasevet (salt -$lv_flag), noop (salt -$noop_flag); $(go version)" >&2
for t in $targets; do
	target_module "$t" >/dev/null
	series "$t"
done
if [[ -n $prepare_only ]]; then
	echo "vetcost: prepared $targets in $cache" >&2
	exit 0
fi

echo
echo "vetcost $stamp, $(go version | cut -d' ' -f3), $(nproc) CPUs, leasevet from $built; cold vet cache, warm build cache"
printf '%-9s %-9s %4s %9s %9s %8s %9s %10s %6s %-7s\n' target tool runs "cpu s" "wall s" "peak MiB" \
	"cpu ratio" "wall ratio" goal verdict
printf '%s\n' "${rows[@]}"
echo "(medians; ratios are medians of per-pair leasevet/noop ratios; raw runs in $raw)"
