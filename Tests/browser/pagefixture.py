"""Builds for the page-version protocol (the BRIEF's §1–3), written by the tests themselves.

Each build of a site (path -> owlfixture.Page) is rendered by owlfixture (old format, with a
manifest) into a work folder, where today's `owl-site diff OLD NEW --write` writes the
build-wide patches. From those, `Versions.build` writes the served folder of the new
protocol: every page with `<meta name="owl-page" content="KEY VERSION">`, a state file
`_owl/pages/KEY.json` per page and a per-page patch `_owl/patches/KEY-FROM-TO.json` from
each of the page's last `history` versions that can be patched. The not-found page is the
page at `/404.html` (written to `404.html`), which `NotFoundHandler` serves for missing paths.
"""
import json
import os
import re
import shutil

from harness import Handler
from owlfixture import CLIENT, STYLE, Builds, xxh64

BUILD_META = re.compile(r'<meta name="owl-build" content="[0-9a-f]*">')
ZEROS = '0' * 16


def page_key(path):
    """FNV-1a 64-bit of the path's UTF-8 bytes, 16 lowercase hex digits."""
    h = 0xcbf29ce484222325
    for byte in path.encode():
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f'{h:016x}'


def versioned(path, html):
    """(version, page) with the build id replaced by the page's key and version."""
    key = page_key(path)
    blank = BUILD_META.sub(f'<meta name="owl-page" content="{key} {ZEROS}">', html)
    version = xxh64(blank)
    return version, blank.replace(f'content="{key} {ZEROS}"', f'content="{key} {version}"')


def out_file(path):
    if path == '/404.html':
        return '404.html'
    return path.strip('/') + '/index.html' if path != '/' else 'index.html'


class Versions:
    """A sequence of builds of one site in the page-version protocol."""

    def __init__(self, folder, root='/', history=5):
        self.folder, self.root, self.history = folder, root, history
        self.work = Builds(os.path.join(folder, 'work'), root=root, history=history)
        self.pages = []  # per build: {path: (version, html)}
        self.states = {}  # path -> 'from' list of the page's current state

    def build(self, site):
        """Writes the next build of `site`; returns its served folder."""
        work = self.work.build(site)
        n = len(self.pages)
        out = os.path.join(self.folder, f'out-{n:03d}')
        os.makedirs(os.path.join(out, '_owl', 'pages'))
        os.makedirs(os.path.join(out, '_owl', 'patches'))
        pages = {}
        for path, (_, (html, _)) in self.work.builds[-1][1].items():
            version, text = versioned(path, html)
            pages[path] = (version, text)
            target = os.path.join(out, out_file(path))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, 'w') as fh:
                fh.write(text)
        with open(os.path.join(out, 'style.css'), 'w') as fh:
            fh.write(STYLE)
        for name in ('owl.js', 'owl-live.js'):
            shutil.copy(os.path.join(os.path.dirname(CLIENT), name), os.path.join(out, '_owl', name))
        # Patches from each page's recent versions, most recent first.
        earlier = list(zip(self.work.builds[:-1], self.pages))[-self.history:] if self.history else []
        patches = {path: [] for path in pages}
        for (base, _, _), old_pages in reversed(earlier):
            if base == self.work.builds[-1][0]:
                continue  # the same build again: every page has the same version
            patch_file = os.path.join(work, '_owl', 'patches', f'{base}.json')
            if not os.path.exists(patch_file):
                raise RuntimeError(f'{patch_file} missing: pagefixture reads the build-wide patches of '
                                   '`owl-site diff --write` (docs/formats.md §4, version 1)')
            with open(patch_file) as fh:
                entries = json.load(fh)['pages']
            for path, (version, _) in pages.items():
                if path not in old_pages:
                    continue
                old_version = old_pages[path][0]
                entry = entries.get(path, {})
                if old_version == version or entry.get('reload') or old_version in patches[path]:
                    continue
                patches[path].append(old_version)
                self.write(out, {'format': 'owl-patch', 'version': 2, 'page': path,
                                 'from': old_version, 'to': version, **entry})
        for path, (version, _) in pages.items():
            state = {'format': 'owl-page', 'page': path, 'version': version, 'from': patches[path]}
            with open(os.path.join(out, '_owl', 'pages', f'{page_key(path)}.json'), 'w') as fh:
                json.dump(state, fh)
        self.pages.append(pages)
        return out

    @staticmethod
    def write(out, patch):
        name = f"{page_key(patch['page'])}-{patch['from']}-{patch['to']}.json"
        with open(os.path.join(out, '_owl', 'patches', name), 'w') as fh:
            json.dump(patch, fh)

    def version(self, path, build=-1):
        return self.pages[build][path][0]


class NotFoundHandler(Handler):
    """Serves the site's 404.html, with status 404, for a missing page (as a static host does)."""

    def send_error(self, code, message=None, explain=None):
        page = os.path.join(self.directory, '404.html')
        if code != 404 or not os.path.exists(page) or '/_owl/' in self.path:
            return super().send_error(code, message, explain)
        body = open(page, 'rb').read()
        self.send_response(404)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)
