"""Builds for the page-version protocol (the BRIEF's §1–3), with the state files and patches
written by this branch's `owl-site` binary.

Each build of a site (path -> owlfixture.Page) is rendered into its own served folder the
way the `Owl` directors render it (docs/formats.md §1): every page with
`<meta name="owl-page" content="KEY VERSION">` (KEY: FNV-1a 64 of its path, VERSION: XXH64
of its bytes with VERSION written as 16 `0`s) and a state file `_owl/pages/KEY.json` with
no older versions. Then `owl-site diff OLD NEW --write` (the BRIEF's §6), from each of the
last `history` builds, oldest first, writes the per-page patches `_owl/patches/KEY-FROM-TO.json`
and puts their versions into the state files, most recent first: every patch and every `from`
the tests serve is the binary's own output. The not-found page is the page at `/404.html`
(written to `404.html`), which `NotFoundHandler` serves for missing paths.
"""
import json
import os
import shutil
import subprocess

from harness import Handler
from owlfixture import CLIENT, STYLE, cell_html, esc, owl_site, region, section_parts, xxh64

ZEROS = '0' * 16


def page_key(path):
    """FNV-1a 64-bit of the path's UTF-8 bytes, 16 lowercase hex digits."""
    h = 0xcbf29ce484222325
    for byte in path.encode():
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f'{h:016x}'


def render(page, path, root='/'):
    """(version, HTML) of `page` at `path`: its list, sections, cells and regions as the
    directors write them (its `<title>` a region, as the theme's is: outside a region a
    retitled page's shell changes, and it has no patch), its meta carrying its key and version."""
    key = page_key(path)
    cls = 'owl-grid' if page.grid else 'owl-list'
    text = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<title data-owl-region="title">{esc(page.title)}</title>'
            f'<meta name="owl-page" content="{key} {ZEROS}">{page.head}'
            f'<link rel="stylesheet" href="{root}style.css">'
            f'<script src="{root}_owl/owl.js" defer></script></head><body>')
    text += region('nav', esc(page.nav), 'nav')
    text += f'<main>{esc(page.shell)}<div class="{cls}" data-owl-list="{esc(page.list_id)}">'
    for s in page.sections:
        head, tail = section_parts(s, page.grid)
        text += head + ''.join(cell_html(c, page.grid) for c in s.cells) + tail
    text += '</div></main>'
    text += region('foot', f'{sum(len(s.cells) for s in page.sections)} posts', 'footer')
    text += '</body></html>\n'
    version = xxh64(text)
    return version, text.replace(f'content="{key} {ZEROS}"', f'content="{key} {version}"', 1)


def out_file(path):
    if path == '/404.html':
        return '404.html'
    return path.strip('/') + '/index.html' if path != '/' else 'index.html'


class Versions:
    """A sequence of builds of one site in the page-version protocol."""

    def __init__(self, folder, root='/', history=5):
        self.folder, self.root, self.history = folder, root, history
        self.folders = []  # per build: its served folder
        self.pages = []  # per build: {path: (version, html)}

    def build(self, site):
        """Writes the next build of `site`; returns its served folder."""
        out = os.path.join(self.folder, f'out-{len(self.folders):03d}')
        os.makedirs(os.path.join(out, '_owl', 'pages'))
        pages = {path: render(page, path, self.root) for path, page in site.items()}
        for path, (version, text) in pages.items():
            target = os.path.join(out, out_file(path))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, 'w') as fh:
                fh.write(text)
            state = {'format': 'owl-page', 'page': path, 'version': version, 'from': []}
            with open(os.path.join(out, '_owl', 'pages', f'{page_key(path)}.json'), 'w') as fh:
                json.dump(state, fh)
        with open(os.path.join(out, 'style.css'), 'w') as fh:
            fh.write(STYLE)
        for name in ('owl.js', 'owl-live.js'):
            shutil.copy(os.path.join(os.path.dirname(CLIENT), name), os.path.join(out, '_owl', name))
        # Oldest first: each write puts its version first in a page's `from`.
        for old in (self.folders[-self.history:] if self.history else []):
            done = subprocess.run([owl_site(), 'diff', old, out, '--write'], capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f'owl-site diff {old} {out} --write: exit {done.returncode}\n{done.stderr}')
        self.folders.append(out)
        self.pages.append(pages)
        return out

    def version(self, path, build=-1):
        return self.pages[build][path][0]

    def state(self, path, build=-1):
        """The state file the binary left for `path` in a build."""
        with open(os.path.join(self.folders[build], '_owl', 'pages', f'{page_key(path)}.json')) as fh:
            return json.load(fh)


class NotFoundHandler(Handler):
    """Serves the site's 404.html, with status 404, for a missing page (as a static host does)."""

    def send_error(self, code, message=None, explain=None):
        page = os.path.join(self.directory, '404.html')
        if code != 404 or not os.path.exists(page) or '/_owl/' in self.path:
            return super().send_error(code, message, explain)
        with open(page, 'rb') as fh:
            body = fh.read()
        self.send_response(404)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)
