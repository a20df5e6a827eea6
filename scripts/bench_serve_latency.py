"""Save-to-build latency of a running `owl-site serve`.

Listens to /_owl/events, saves a post the way editors do (temporary file, rename),
and times the `build` event that follows (it must list the post's page key when it
lists pages), then the page's patch from its previous version (BRIEF §2, §3: the page's
state file, then `_owl/patches/KEY-FROM-TO.json`).
The server's log (its `built … in N ms` lines) splits each wait into the build itself
and the server's own part: noticing the save, waiting out the burst, announcing.
usage: bench_serve_latency.py PORT POST_FILE EDITS SERVE_LOG
"""
import http.client
import json
import os
import re
import socket
import statistics
import sys
import time

EVENT = re.compile(rb"event: (\w+)\ndata: (.*)\n\n")


class EventStream:
    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(b"GET /_owl/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.buffer = b""

    def next(self, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            match = EVENT.search(self.buffer)
            if match:
                self.buffer = self.buffer[match.end():]
                return match.group(1).decode(), json.loads(match.group(2))
            self.socket.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.socket.recv(65536)
            if not chunk:
                raise SystemExit("event stream closed")
            self.buffer += chunk


def save(path, text):
    temporary = path + ".tmp~"
    with open(temporary, "w") as file:
        file.write(text)
    os.rename(temporary, path)


def page_key(path):
    """The page key of the page at `path` (BRIEF §1): FNV-1a 64 of its UTF-8 bytes."""
    key = 0xcbf29ce484222325
    for byte in path.encode():
        key = ((key ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{key:016x}"


def fetch_json(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", path, headers={"Cache-Control": "no-store"})
    response = connection.getresponse()
    body = response.read()
    return json.loads(body) if response.status == 200 else None


def main():
    port, post, edits, log = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
    key = page_key(f"/posts/{os.path.basename(post)[:-3]}/")
    events = EventStream(port)
    events.next()  # the build on connecting
    original = open(post).read()
    to_event, to_patch, overhead = [], [], []
    for edit in range(edits):
        before = (fetch_json(port, f"/_owl/pages/{key[13:]}.json") or {}).get("pages", {}).get(key)
        builds = len(re.findall(r"built \S+ in \d+ ms", open(log).read()))
        started = time.perf_counter()
        save(post, original.replace('title: "', f'title: "Edit {edit}: ', 1))
        kind, data = events.next()
        if kind != "build":
            raise SystemExit(f"build failed: {data.get('message')}")
        if "pages" in data and key not in data["pages"]:
            raise SystemExit(f"the build event does not list the edited page {key}: {data}")
        to_event.append(time.perf_counter() - started)
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            built = re.findall(r"built \S+ in (\d+) ms", open(log).read())
            if len(built) > builds:
                overhead.append(to_event[-1] - int(built[-1]) / 1000)
                break
            time.sleep(0.01)
        # The patch a page open on the previous version fetches (BRIEF §2, §3).
        state = (fetch_json(port, f"/_owl/pages/{key[13:]}.json") or {}).get("pages", {}).get(key)
        if before and state and before.get("version") in state.get("from", []):
            if fetch_json(port, f"/_owl/patches/{key}-{before['version']}-{state['version']}.json"):
                to_patch.append(time.perf_counter() - started)
        time.sleep(0.3)
    save(post, original)

    def summary(name, samples, target=True):
        if not samples:
            print(f"{name:28} no samples (no patch files served)")
            return
        ms = sorted(s * 1000 for s in samples)
        p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
        verdict = f"   (target < 300 ms: {'ok' if statistics.median(ms) < 300 else 'ABOVE TARGET'})" if target else ""
        print(f"{name:28} median {statistics.median(ms):6.0f} ms   p90 {p90:6.0f} ms   max {ms[-1]:6.0f} ms{verdict}")

    summary("save → build event", to_event)
    summary("save → patch file fetched", to_patch)
    summary("  of which not the build", overhead, target=False)


main()
