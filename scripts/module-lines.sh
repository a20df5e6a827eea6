#!/usr/bin/env bash
# Lines of Swift per module, now and at an earlier commit, side by side (the generated
# EmbeddedTheme.swift left out): how big each part of the house is, and how that moved.
# usage: scripts/module-lines.sh [BASE]   (BASE: a commit; default 4a18062, before OwlServer moved to Hummingbird)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-4a18062}

count_now() {
    find "Sources/$1" -name '*.swift' ! -name EmbeddedTheme.swift -print0 | xargs -0 -r cat | wc -l
}

count_then() {
    git ls-tree -r --name-only "$base" "Sources/$1" | grep '\.swift$' | grep -v EmbeddedTheme.swift |
        while read -r file; do git show "$base:$file"; done | wc -l
}

printf '%-12s %10s %10s %8s\n' module "at $base" now ratio
for module in OwlDiff Owl OwlSite OwlServer owl-site; do
    then_lines=$(count_then "$module")
    now_lines=$(count_now "$module")
    printf '%-12s %10d %10d %7.2fx\n' "$module" "$then_lines" "$now_lines" "$(awk -v a="$now_lines" -v b="$then_lines" 'BEGIN { print a / b }')"
done
