"""Hand-made owl-site builds for the browser tests.

A site is a dict of pages (path -> Page). `Builds.build` renders one build the way the
`Owl` directors do (docs/formats.md §1) with its manifest (§2), then has
`owl-site diff OLD NEW --write` write the patches (§4) from the recent builds to it.
"""
import html
import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field

PACKAGE = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
CLIENT = os.path.join(PACKAGE, 'client', 'owl.js')
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


def render(page, build, root='/'):
    """The page's HTML and its manifest entry (§2), with byte ranges."""
    out = []
    size = 0
    regions = {}

    def put(text):
        nonlocal size
        out.append(text)
        start = size
        size += len(text.encode())
        return start, size

    def put_region(name, text):
        start, end = put(text)
        regions[name] = [xxh64(text), start, end]

    put('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<title>{esc(page.title)}</title><meta name="owl-build" content="{build}">{page.head}'
        f'<link rel="stylesheet" href="{root}style.css">'
        f'<script src="{root}_owl/owl.js" defer></script></head><body>')
    put_region('nav', region('nav', esc(page.nav), 'nav'))
    cls = 'owl-grid' if page.grid else 'owl-list'
    container = f'<main>{esc(page.shell)}<div class="{cls}" data-owl-list="{esc(page.list_id)}">'
    put(container)
    sections = []
    for s in page.sections:
        head, tail = section_parts(s, page.grid)
        s_start, _ = put(head)
        cells = []
        for c in s.cells:
            text = cell_html(c, page.grid)
            start, end = put(text)
            cells.append([c.id, xxh64(text), start, end])
        _, s_end = put(tail)
        sections.append({'id': s.id, 'hash': xxh64(head + tail), 'range': [s_start, s_end],
                         'cells': cells})
    put('</div></main>')
    put_region('foot', region('foot', f'{sum(len(s.cells) for s in page.sections)} posts', 'footer'))
    put('</body></html>\n')
    text = ''.join(out)
    entry = {'title': page.title, 'shell': xxh64(container),
             'lists': [{'id': page.list_id, 'shell': xxh64(container), 'sections': sections}],
             'regions': regions}
    return text, entry


def page_file(path):
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
        self.builds = []  # (build id, {path: (Page, (html, manifest entry))}, folder)

    def build(self, site):
        """Writes the next build of `site` into a new folder; returns that folder."""
        blank = {p: render(pg, '', self.root)[0] for p, pg in site.items()}
        with open(CLIENT) as fh:
            build = xxh64(json.dumps(sorted(blank.items())) + fh.read())
        pages = {p: (pg, render(pg, build, self.root)) for p, pg in site.items()}
        out = os.path.join(self.folder, f'{len(self.builds):03d}-{build}')
        os.makedirs(os.path.join(out, '_owl', 'patches'))
        for path, (pg, (text, entry)) in pages.items():
            f = os.path.join(out, page_file(path))
            os.makedirs(os.path.dirname(f), exist_ok=True)
            with open(f, 'w') as fh:
                fh.write(text)
        with open(os.path.join(out, 'style.css'), 'w') as fh:
            fh.write(STYLE)
        shutil.copy(CLIENT, os.path.join(out, '_owl', 'owl.js'))
        manifest = {'format': 'owl-build', 'version': 2, 'build': build,
                    'pages': {p: {'file': page_file(p), **e} for p, (_, (_, e)) in sorted(pages.items())}}
        with open(os.path.join(out, '_owl', 'build.json'), 'w') as fh:
            json.dump(manifest, fh)
        with open(os.path.join(out, '_owl', 'head.json'), 'w') as fh:
            json.dump({'format': 'owl-head', 'version': 1, 'build': build}, fh)
        for base, _, folder in (self.builds[-self.history:] if self.history else []):
            if base != build:
                subprocess.run([owl_site(), 'diff', folder, out, '--write'], check=True, capture_output=True)
        self.builds.append((build, pages, out))
        return out
