#!/usr/bin/env bash
# `make bench`, part `serve`: requests per second and latency of `owl-site serve` next to
# nginx serving the same folder with the same settings (loopback, one worker per core,
# no access log, keep-alive), then save-to-build latency in a site with 1,000 posts.
#
# usage: scripts/bench-serve.sh [OWL_SITE_BINARY]   (default .build/release/owl-site)
set -euo pipefail

owl_site=$(realpath "${1:-.build/release/owl-site}")
repo=$(cd "$(dirname "$0")/.." && pwd)
cores=$(nproc)
rounds=${BENCH_ROUNDS:-5}
round_seconds=${BENCH_ROUND_SECONDS:-2}
connections=${BENCH_CONNECTIONS:-32}
edits=${BENCH_EDITS:-15}

work=$(mktemp -d "${TMPDIR:-/tmp}/owl-bench-serve.XXXXXX")
chmod 755 "$work"   # nginx workers run as another user when started as root
serve_pid=""
nginx_pid=""
cleanup() {
    [[ -n "$serve_pid" ]] && kill "$serve_pid" 2>/dev/null && wait "$serve_pid" 2>/dev/null || true
    [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_for() {  # URL
    for _ in $(seq 1 300); do
        curl -fs -o /dev/null "$1" && return 0
        sleep 0.1
    done
    echo "bench-serve: $1 did not answer" >&2
    return 1
}

# The demo site plus 1,000 generated posts.
mkdir -p "$work/site"
cp -r "$repo/owl.yml" "$repo/content" "$repo/Templates" "$repo/static" "$work/site/" 2>/dev/null || true
python3 - "$work/site/content/posts" <<'PY'
import os, sys
folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
words = "owl list cell section build patch diff animate static site swift linux".split()
for n in range(1000):
    year, month, day = 2016 + n % 9, 1 + n % 12, 1 + n % 28
    body = " ".join(words[(n + i) % len(words)] for i in range(120))
    with open(os.path.join(folder, f"bench-{n:04}.md"), "w") as f:
        f.write(f'---\ntitle: "Bench post {n}"\ndate: {year}-{month:02}-{day:02}\n'
                f'tags: [{words[n % 7]}]\nsummary: "Post number {n}."\n---\n\n{body}\n')
PY

serve_port=$(free_port)
"$owl_site" serve --source "$work/site" --output "$work/public" --port "$serve_port" >"$work/serve.log" 2>&1 &
serve_pid=$!
wait_for "http://127.0.0.1:$serve_port/"

nginx_port=$(free_port)
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes $cores;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_requests 1000000;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/public;
        index index.html;
        error_page 404 /404.html;
    }
}
CONF
nginx -e "$work/nginx/error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
wait_for "http://127.0.0.1:$nginx_port/"

# CPU time (user + system, in clock ticks) the processes PID... have used so far.
cpu_ticks() {  # PID...
    local total=0 user system
    for pid in "$@"; do
        read -r user system < <(awk '{ print $14, $15 }' "/proc/$pid/stat")
        total=$((total + user + system))
    done
    echo "$total"
}

# One wrk round: "requests seconds p50 p99 cpu-ticks" for URL, the CPU ticks being the
# servers' (PID...) user + system time during the round.
round() {  # URL PID...
    local url=$1 before after report
    shift
    before=$(cpu_ticks "$@")
    report=$(wrk -t 2 -c "$connections" -d "${round_seconds}s" --latency "$url")
    after=$(cpu_ticks "$@")
    awk -v ticks=$((after - before)) -v seconds="$round_seconds" '
        function us(value) {
            if (value ~ /us$/) return value + 0
            if (value ~ /ms$/) return value * 1000
            return value * 1000000
        }
        /^     50%/ { p50 = us($2) }
        /^     99%/ { p99 = us($2) }
        / requests in / { requests = $1 }
        END { print requests, seconds, p50, p99, ticks }' <<<"$report"
}

# The machine is shared, and its speed drifts over seconds: the two servers are measured
# in alternating rounds ($rounds of ${round_seconds}s each), so a slow stretch falls on
# both. Requests per second over all rounds; latency: the median of the rounds' p50 and
# p99; CPU time per request (it varies much less than requests per second).
compare() {  # PATH → prints the two rows and the ratio
    local path=$1 i
    local -a serve_rounds=() nginx_rounds=()
    wrk -t 2 -c "$connections" -d 2s "http://127.0.0.1:$serve_port$path" >/dev/null    # warm-up
    wrk -t 2 -c "$connections" -d 2s "http://127.0.0.1:$nginx_port$path" >/dev/null
    for ((i = 0; i < rounds; i++)); do
        serve_rounds+=("$(round "http://127.0.0.1:$serve_port$path" "$serve_pid")")
        # shellcheck disable=SC2086 # one argument per worker
        nginx_rounds+=("$(round "http://127.0.0.1:$nginx_port$path" $nginx_workers)")
    done
    python3 - "$path" "$(getconf CLK_TCK)" "$(printf '%s;' "${serve_rounds[@]}")" "$(printf '%s;' "${nginx_rounds[@]}")" <<'PY'
import statistics, sys
path, hz = sys.argv[1], float(sys.argv[2])
def summary(rounds):
    rows = [list(map(float, r.split())) for r in rounds.split(";") if r.strip()]
    requests = sum(r[0] for r in rows)
    return (requests / sum(r[1] for r in rows), statistics.median(r[2] for r in rows),
            statistics.median(r[3] for r in rows), sum(r[4] for r in rows) / hz * 1e6 / requests)
serve, nginx = summary(sys.argv[3]), summary(sys.argv[4])
# Each round, serve's then nginx's, as measured one after the other: how much the
# ratio varies is part of the result.
def per_round(rounds):
    return [float(r.split()[0]) / float(r.split()[1]) for r in rounds.split(";") if r.strip()]
for number, (s, n) in enumerate(zip(per_round(sys.argv[3]), per_round(sys.argv[4])), 1):
    print(f"{path if number == 1 else '':22} round {number}: serve {s:8.0f}/s  nginx {n:8.0f}/s  ratio {s / n:.2f}x")
for label, name, (rps, p50, p99, cpu) in (("", "serve", serve), ("", "nginx", nginx)):
    print(f"{label:22} {name:6} {rps:12.0f} {p50:8.0f}us {p99:8.0f}us {cpu:10.1f}us")
ratio = serve[0] / nginx[0]
print(f"{'':22} ratio  {ratio:11.2f}x  (target >= 0.50x) {'ok' if ratio >= 0.5 else 'BELOW TARGET'};"
      f"  nginx CPU / serve CPU {nginx[3] / serve[3]:.2f}x")
PY
}

nginx_workers=$(pgrep -P "$nginx_pid" | tr '\n' ' ')

echo
echo "serve vs nginx: wrk -t 2 -c $connections, $rounds alternating rounds of ${round_seconds}s each, loopback, $cores workers/event loops each"
printf "%-22s %-6s %12s %10s %10s %12s\n" "path" "server" "requests/s" "p50" "p99" "CPU/request"
for path in /posts/ /posts/bench-0500/ /_owl/owl.js; do
    curl -fs -o /dev/null "http://127.0.0.1:$nginx_port$path" || continue
    compare "$path"
done

echo
echo "save → build event → patch, one post edited in a 1,000-post site ($edits edits)"
python3 "$repo/scripts/bench_serve_latency.py" "$serve_port" "$work/site/content/posts/bench-0500.md" "$edits" "$work/serve.log"
