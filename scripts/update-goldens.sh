#!/usr/bin/env bash
# update-goldens.sh testdata/src/ANALYZER...: regenerate the .golden files of fixture
# directories under testdata/src by applying leasevet's fixes to a copy.
# Review the diff of the goldens before committing: they are the expected
# output, and a wrong fix must not slip in through them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d)/leasevet
go -C "$root" build -o "$bin" ./cmd/leasevet
for dir in "$@"; do
	rel=${dir#testdata/src/}
	tmp=$(mktemp -d)
	cp -r "$root/testdata/src/." "$tmp/"
	find "$tmp" -name '*.golden' -delete
	# Only the analyzer the directory is named after: its test applies only its fixes.
	(cd "$tmp" && "$bin" "-${rel%%/*}" -fix "./$rel/..." >/dev/null 2>&1 || true)
	(cd "$root/testdata/src" && find "$rel" -name '*.go' | while read -r f; do
		if ! cmp -s "$f" "$tmp/$f"; then cp "$tmp/$f" "$f.golden"; echo "updated $f.golden"; fi
	done)
	rm -rf "$tmp"
done
