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
duration=${BENCH_SECONDS:-10}
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

# wrk prints "Requests/sec: N" and latency percentiles with --latency. The server's CPU
# time per request is measured too: on a shared machine it varies much less than requests
# per second, which other processes' load moves for one server and not the other.
measure() {  # URL PID... → "requests/s avg p50 p99 cpu-µs-per-request"
    local url=$1 before after report
    shift
    wrk -t 2 -c "$connections" -d 2s "$url" >/dev/null    # warm-up
    before=$(cpu_ticks "$@")
    report=$(wrk -t 2 -c "$connections" -d "${duration}s" --latency "$url")
    after=$(cpu_ticks "$@")
    awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
        /^    Latency/ { avg = $2 }
        /^     50%/ { p50 = $2 }
        /^     99%/ { p99 = $2 }
        / requests in / { requests = $1 }
        /^Requests\/sec/ { rps = $2 }
        END { printf "%s %s %s %s %.1fus\n", rps, avg, p50, p99, ticks / hz * 1e6 / requests }' <<<"$report"
}

nginx_workers=$(pgrep -P "$nginx_pid" | tr '\n' ' ')

echo
echo "serve vs nginx: wrk -t 2 -c $connections -d ${duration}s, loopback, $cores workers/event loops each"
printf "%-22s %-6s %12s %10s %10s %10s %12s\n" "path" "server" "requests/s" "avg" "p50" "p99" "CPU/request"
for path in /posts/ /posts/bench-0500/ /_owl/owl.js; do
    curl -fs -o /dev/null "http://127.0.0.1:$nginx_port$path" || continue
    read -r s_rps s_avg s_p50 s_p99 s_cpu < <(measure "http://127.0.0.1:$serve_port$path" "$serve_pid")
    # shellcheck disable=SC2086 # one argument per worker
    read -r n_rps n_avg n_p50 n_p99 n_cpu < <(measure "http://127.0.0.1:$nginx_port$path" $nginx_workers)
    printf "%-22s %-6s %12s %10s %10s %10s %12s\n" "$path" serve "$s_rps" "$s_avg" "$s_p50" "$s_p99" "$s_cpu"
    printf "%-22s %-6s %12s %10s %10s %10s %12s\n" "" nginx "$n_rps" "$n_avg" "$n_p50" "$n_p99" "$n_cpu"
    python3 -c "import sys; r = float(sys.argv[1]) / float(sys.argv[2]); c = float(sys.argv[4].rstrip('us')) / float(sys.argv[3].rstrip('us')); print(f'{\"\":22} ratio  {r:11.2f}x  (target >= 0.80x) {\"ok\" if r >= 0.8 else \"BELOW TARGET\"};  nginx CPU / serve CPU {c:.2f}x')" "$s_rps" "$n_rps" "$s_cpu" "$n_cpu"
done

echo
echo "save → build event → patch, one post edited in a 1,000-post site ($edits edits)"
python3 "$repo/scripts/bench_serve_latency.py" "$serve_port" "$work/site/content/posts/bench-0500.md" "$edits" "$work/serve.log"
