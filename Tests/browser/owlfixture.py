"""Hand-made owl-site builds for the browser tests.

A site is a dict of pages (path -> Page). `Builds.build` renders one build the way the
`Owl` directors do (docs/formats.md §1), each page with its version and state (§2),
then has `owl-site diff OLD NEW --write` write the per-page patches (§4) from the recent
builds to it.
"""
import html
import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field

PACKAGE = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
CLIENT = os.path.join(PACKAGE, 'client', 'owl.js')
# What owl.js loads on pages that `serve` marks live: the event stream and the overlay.
CLIENT_LIVE = os.path.join(PACKAGE, 'client', 'owl-live.js')
BINARY = os.environ.get('OWL_SITE', os.path.join(PACKAGE, '.build', 'debug', 'owl-site'))

STYLE = """
body { margin: 0; font: 16px/1.4 sans-serif; }
nav, footer { padding: 8px; background: #eef; }
.owl-section { margin: 8px; border: 1px solid #ccd; }
.owl-header { font-weight: bold; padding: 4px; background: #f4f4ff; }
.owl-cells { margin: 0; padding: 0; list-style: none; }
.owl-cell { height: 28px; padding: 2px 8px; border-bottom: 1px solid #eee; background: #fff; }
.owl-grid .owl-cells { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4px; }
.owl-grid .owl-cell { height: 60px; border: 1px solid #ddd; }
.tag { color: #a00; margin-left: 6px; }
"""


_MASK = 0xFFFFFFFFFFFFFFFF
_P1, _P2, _P3, _P4, _P5 = (0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9,
                           0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5)


def _rotate(value, count):
    return ((value << count) | (value >> (64 - count))) & _MASK


def _round(accumulator, word):
    return _rotate((accumulator + word * _P2) & _MASK, 31) * _P1 & _MASK


def xxh64(text):
    """The manifest's content hash (XXH64, seed 0) of text's UTF-8 bytes, in hex."""
    data = text.encode()
    count, offset = len(data), 0
    word = lambda at, size=8: int.from_bytes(data[at:at + size], 'little')
    if count >= 32:
        lanes = [(_P1 + _P2) & _MASK, _P2, 0, (-_P1) & _MASK]
        while offset + 32 <= count:
            lanes = [_round(lane, word(offset + 8 * k)) for k, lane in enumerate(lanes)]
            offset += 32
        h = (_rotate(lanes[0], 1) + _rotate(lanes[1], 7) + _rotate(lanes[2], 12) + _rotate(lanes[3], 18)) & _MASK
        for lane in lanes:
            h = ((h ^ _round(0, lane)) * _P1 + _P4) & _MASK
    else:
        h = _P5
    h = (h + count) & _MASK
    while offset + 8 <= count:
        h = (_rotate(h ^ _round(0, word(offset)), 27) * _P1 + _P4) & _MASK
        offset += 8
    if offset + 4 <= count:
        h = (_rotate(h ^ (word(offset, 4) * _P1 & _MASK), 23) * _P2 + _P3) & _MASK
        offset += 4
    for byte in data[offset:]:
        h = _rotate(h ^ (byte * _P5 & _MASK), 11) * _P1 & _MASK
    h = (h ^ (h >> 33)) * _P2 & _MASK
    h = (h ^ (h >> 29)) * _P3 & _MASK
    return f'{h ^ (h >> 32):016x}'


@dataclass
class Cell:
    id: str
    text: str
    tags: list = field(default_factory=list)


@dataclass
class Section:
    id: str
    header: str
    cells: list


@dataclass
class Page:
    title: str
    sections: list
    list_id: str = 'posts'
    grid: bool = False
    nav: str = 'Home'
    shell: str = ''
    head: str = ''  # extra <head> markup, e.g. owl-live and owl-refresh meta tags


def esc(s):
    return html.escape(s, quote=True)


def cell_html(c, grid):
    tag = 'div' if grid else 'li'
    tags = ''.join(f'<span class="tag">{esc(t)}</span>' for t in c.tags)
    return (f'<{tag} class="owl-cell" data-owl-cell="{esc(c.id)}">'
            f'<a href="#{esc(c.id)}" id="link-{esc(c.id)}">{esc(c.text)}</a>{tags}</{tag}>')


def section_parts(s, grid):
    """(section HTML before the cells, after the cells)."""
    box = 'div' if grid else 'ol'
    tag = 'div' if grid else 'section'
    head = (f'<{tag} class="owl-section" data-owl-section="{esc(s.id)}">'
            f'<header class="owl-header" data-owl-header>{esc(s.header)}</header>'
            f'<{box} class="owl-cells" data-owl-cells>')
    return head, f'</{box}></{tag}>'


def region(name, inner, tag):
    return f'<{tag} data-owl-region="{name}">{inner}</{tag}>'


def page_key(path):
    """The page key (docs/formats.md §2): FNV-1a 64 of the path's UTF-8 bytes, in hex."""
    h = 0xcbf29ce484222325
    for byte in path.encode():
        h = ((h ^ byte) * 0x100000001b3) & _MASK
    return f'{h:016x}'


def render(page, path, root='/'):
    """The page's HTML, carrying its key and version (docs/formats.md §2)."""
    blank = '0' * 16
    text = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<title data-owl-region="title">{esc(page.title)}</title><meta name="owl-page" content="{page_key(path)} {blank}">{page.head}'
            f'<link rel="stylesheet" href="{root}style.css">'
            f'<script src="{root}_owl/owl.js" defer></script></head><body>')
    text += region('nav', esc(page.nav), 'nav')
    cls = 'owl-grid' if page.grid else 'owl-list'
    text += f'<main>{esc(page.shell)}<div class="{cls}" data-owl-list="{esc(page.list_id)}">'
    for s in page.sections:
        head, tail = section_parts(s, page.grid)
        text += head + ''.join(cell_html(c, page.grid) for c in s.cells) + tail
    text += '</div></main>'
    text += region('foot', f'{sum(len(s.cells) for s in page.sections)} posts', 'footer')
    text += '</body></html>\n'
    return text.replace(f'{page_key(path)} {blank}', f'{page_key(path)} {xxh64(text)}', 1)


def state_file(folder, path):
    """The state file of the page at `path` in the build `folder`: that of its group, named
    by the last three hex digits of its key (docs/patch-format.md)."""
    return os.path.join(folder, '_owl', 'pages', page_key(path)[13:] + '.json')


def page_state(folder, path):
    """The state of the page at `path` in the build `folder` ({page, version, from}), from
    its state file; None when the file names no such page."""
    with open(state_file(folder, path)) as fh:
        return json.load(fh)['pages'].get(page_key(path))


def write_states(folder, states):
    """Writes `states` (page key -> {page, version, from}) into their state files in
    `folder`, as owl-site writes them: by key, one page to a line."""
    groups = {}
    for key, state in states.items():
        groups.setdefault(key[13:], {})[key] = state
    os.makedirs(os.path.join(folder, '_owl', 'pages'), exist_ok=True)
    for group, pages in groups.items():
        lines = [json.dumps(k) + ':' + json.dumps(pages[k], separators=(',', ':'), ensure_ascii=False) for k in sorted(pages)]
        with open(os.path.join(folder, '_owl', 'pages', group + '.json'), 'w') as fh:
            fh.write('{"format":"owl-pages","pages":{\n' + ',\n'.join(lines) + '\n}}\n')


def page_version(folder, path):
    """The version of the page at `path` in the build `folder`, from its state file."""
    return page_state(folder, path)['version']


def patch_file(folder, path, old):
    """The patch of the page at `path` in `folder` from its version `old` to its current one."""
    return os.path.join(folder, '_owl', 'patches', f'{page_key(path)}-{old}-{page_version(folder, path)}.json')


def page_file(path):
    """The file of the page at `path`: a folder's `index.html`, or the file an `.html` path names (`/404.html`)."""
    if path.endswith('.html'):
        return path.lstrip('/')
    return path.strip('/') + '/index.html' if path != '/' else 'index.html'


def owl_site():
    """The debug `owl-site` binary (or the one `OWL_SITE` names), built when missing."""
    if not os.path.exists(BINARY):
        subprocess.run(['swift', 'build', '--product', 'owl-site'], cwd=PACKAGE, check=True)
    return BINARY


class Builds:
    """A sequence of builds of one site, each kept with its rendered pages."""

    def __init__(self, folder, root='/', history=5):
        self.folder, self.root, self.history = folder, root, history
        self.builds = []  # ({path: (Page, html)}, folder)

    def build(self, site):
        """Writes the next build of `site` into a new folder; returns that folder."""
        pages = {p: (pg, render(pg, p, self.root)) for p, pg in site.items()}
        out = os.path.join(self.folder, f'{len(self.builds):03d}')
        states = {}
        for path, (pg, text) in pages.items():
            f = os.path.join(out, page_file(path))
            os.makedirs(os.path.dirname(f), exist_ok=True)
            with open(f, 'w') as fh:
                fh.write(text)
            version = text.split('<meta name="owl-page" content="', 1)[1][17:33]
            states[page_key(path)] = {'page': path, 'version': version, 'from': []}
        write_states(out, states)
        with open(os.path.join(out, 'style.css'), 'w') as fh:
            fh.write(STYLE)
        shutil.copy(CLIENT, os.path.join(out, '_owl', 'owl.js'))
        shutil.copy(CLIENT_LIVE, os.path.join(out, '_owl', 'owl-live.js'))
        # Oldest first: each write puts its version first in a page's `from`.
        for _, folder in (self.builds[-self.history:] if self.history else []):
            done = subprocess.run([owl_site(), 'diff', folder, out, '--write'], capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f'owl-site diff {folder} {out} --write: exit {done.returncode}\n{done.stderr}')
        self.builds.append((pages, out))
        return out

    def version(self, path, build=-1):
        """The version of the page at `path` in a build (the newest by default)."""
        return page_version(self.builds[build][1], path)

    def state(self, path, build=-1):
        """The state the binary left for `path` in a build."""
        return page_state(self.builds[build][1], path)
