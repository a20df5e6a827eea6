#!/usr/bin/env bash
# Bundles and minifies owl.js's readable source (client/src/, ES modules) with Debian's
# esbuild (scripts/setup.sh installs it) into the two files served below ROOT/_owl/:
#   owl.js       client/src/owl.js: refresh, patches, motion (every page)
#   owl-live.js  client/src/live.js: live builds, error overlay (pages of `owl-site serve`)
# usage: scripts/build-owl-js.sh [OUTPUT-FOLDER]   (default client/)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-client}"
# Properties of owl.js's own objects (models, plans), shortened like local names. Never a
# name that a patch's JSON or the DOM uses (id, at, from, to, html, title, regions…);
# the browser tests catch one that slips in.
internal='^(sections|cells|old|el|moved|container|fades|first|last|start|end|parent|models)$'
for entry in owl:owl live:owl-live; do
    esbuild "client/src/${entry%%:*}.js" --bundle --minify --format=iife --target=es2020 \
        --mangle-props="$internal" --charset=utf8 --log-level=warning --outfile="$out/${entry##*:}.js"
done
