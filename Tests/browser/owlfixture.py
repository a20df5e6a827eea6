"""Hand-made owl-site builds for the browser tests.

A site is a dict of pages (path -> Page). `write_build` renders one build the way the
`Owl` directors do (docs/formats.md §1), writes its manifest (§2) and the patches (§4)
from the builds it is given as history. The patches come from a small staged differ
below: a valid staged changeset in DifferenceKit's stage order, so owl.js can be tested
before (and independently of) the Swift build.
"""
import html
import json
import os
import shutil
from dataclasses import dataclass, field

CLIENT = os.path.join(os.path.dirname(__file__), '..', '..', 'client', 'owl.js')

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


def fnv(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f'{h:016x}'


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
        regions[name] = [fnv(text), start, end]

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
            cells.append([c.id, fnv(text), start, end])
        _, s_end = put(tail)
        sections.append({'id': s.id, 'hash': fnv(head + tail), 'range': [s_start, s_end],
                         'cells': cells})
    put('</div></main>')
    put_region('foot', region('foot', f'{sum(len(s.cells) for s in page.sections)} posts', 'footer'))
    put('</body></html>\n')
    text = ''.join(out)
    entry = {'title': page.title, 'shell': fnv(container + page.title),
             'lists': [{'id': page.list_id, 'shell': fnv(container), 'sections': sections}],
             'regions': regions}
    return text, entry


def page_file(path):
    return path.strip('/') + '/index.html' if path != '/' else 'index.html'


def lis(seq):
    """Indices (into seq) of a longest strictly increasing subsequence."""
    tails, prev = [], [None] * len(seq)
    for i, v in enumerate(seq):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if seq[tails[mid]] < v:
                lo = mid + 1
            else:
                hi = mid
        prev[i] = tails[lo - 1] if lo else None
        if lo == len(tails):
            tails.append(i)
        else:
            tails[lo] = i
    out, i = [], tails[-1] if tails else None
    while i is not None:
        out.append(i)
        i = prev[i]
    return set(out)


def match(old_ids, new_ids):
    """Pairs k-th occurrences of equal ids: {old index: new index}."""
    seen, where = {}, {}
    for j, i in enumerate(new_ids):
        where.setdefault(i, []).append(j)
    pairs = {}
    for k, i in enumerate(old_ids):
        n = seen.get(i, 0)
        if n < len(where.get(i, [])):
            pairs[k] = where[i][n]
        seen[i] = n + 1
    return pairs


def stages(old, new, grid):
    """A staged changeset (§4) from old to new sections."""
    spairs = match([s.id for s in old], [s.id for s in new])
    kept_new = {j: i for i, j in spairs.items()}
    ocells = [(si, ei, c) for si, s in enumerate(old) if si in spairs for ei, c in enumerate(s.cells)]
    ncells = [(sj, ej, c) for sj, s in enumerate(new) if sj in kept_new for ej, c in enumerate(s.cells)]
    cpairs = match([c.id for *_, c in ocells], [c.id for *_, c in ncells])
    result = []
    updated = [{'at': [si, ei], 'id': c.id, 'html': cell_html(ncells[cpairs[k]][2], grid)}
               for k, (si, ei, c) in enumerate(ocells)
               if k in cpairs and cell_html(c, grid) != cell_html(ncells[cpairs[k]][2], grid)]
    if updated:
        result.append({'elementUpdated': updated})
    sd = [{'at': i, 'id': s.id} for i, s in enumerate(old) if i not in spairs]
    ed = [{'at': [si, ei], 'id': c.id} for k, (si, ei, c) in enumerate(ocells) if k not in cpairs]
    st = {}
    if sd:
        st['sectionDeleted'] = sd
    if ed:
        st['elementDeleted'] = ed
    if st:
        result.append(st)
    # after deletes: kept sections in old order
    order = [spairs[i] for i in range(len(old)) if i in spairs]  # new index of each
    stay = lis(order)
    sm = [{'from': k, 'to': j, 'id': new[j].id} for k, j in enumerate(order) if k not in stay]
    si_ = []
    for j, s in enumerate(new):
        if j not in kept_new:
            head, tail = section_parts(s, grid)
            si_.append({'at': j, 'html': head + ''.join(cell_html(c, grid) for c in s.cells) + tail})
    st = {}
    if si_:
        st['sectionInserted'] = si_
    if sm:
        st['sectionMoved'] = sm
    if st:
        result.append(st)
    # after section stage: new order; kept sections hold their kept cells in old order
    current = {}  # new section index -> list of (old cell k)
    for k, (si, ei, c) in enumerate(ocells):
        if k in cpairs:
            current.setdefault(spairs[si], []).append(k)
    ei_, em = [], []
    for sj, ks in current.items():
        same = [(pos, cpairs[k]) for pos, k in enumerate(ks) if ncells[cpairs[k]][0] == sj]
        stay = lis([ncells[n][1] for _, n in same])
        staying = {same[i][0] for i in stay}
        for pos, k in enumerate(ks):
            if pos not in staying:
                n = ncells[cpairs[k]]
                em.append({'from': [sj, pos], 'to': [n[0], n[1]], 'id': n[2].id})
    inverse = {n: k for k, n in cpairs.items()}
    for n, (sj, ej, c) in enumerate(ncells):
        if n not in inverse:
            ei_.append({'at': [sj, ej], 'html': cell_html(c, grid)})
    st = {}
    if ei_:
        st['elementInserted'] = ei_
    if em:
        st['elementMoved'] = em
    if st:
        result.append(st)
    su = []
    for j, s in enumerate(new):
        if j in kept_new:
            o = old[kept_new[j]]
            if section_parts(o, grid) != section_parts(s, grid):
                head, tail = section_parts(s, grid)
                su.append({'at': j, 'id': s.id, 'html': head + tail})
    if su:
        result.append({'sectionUpdated': su})
    return result


def page_patch(old, new, old_html, new_html):
    """The §4 entry of one page, or None when only the build id changed."""
    if old is None or new is None:
        return {'reload': True}
    if (old.shell, old.list_id, old.grid) != (new.shell, new.list_id, new.grid):
        return {'reload': True}
    entry = {}
    if old.title != new.title:
        entry['title'] = new.title
    st = stages(old.sections, new.sections, new.grid)
    if st:
        entry['lists'] = [{'id': new.list_id, 'stages': st}]
    regions = {}
    for name, (a, b) in {'nav': ('nav', 'nav'), 'foot': ('foot', 'footer')}.items():
        ra, rb = extract(old_html, name, b), extract(new_html, name, b)
        if ra != rb:
            regions[name] = rb
    if regions:
        entry['regions'] = regions
    return entry or None


def extract(text, name, tag):
    start = text.index(f'<{tag} data-owl-region="{name}">')
    end = text.index(f'</{tag}>', start) + len(f'</{tag}>')
    return text[start:end]


class Builds:
    """A sequence of builds of one site, each kept with its rendered pages."""

    def __init__(self, folder, root='/', history=5):
        self.folder, self.root, self.history = folder, root, history
        self.builds = []  # (build id, {path: (Page, html)})

    def build(self, site, patches=True):
        """Writes the next build of `site` into a new folder; returns that folder."""
        blank = {p: render(pg, '', self.root)[0] for p, pg in site.items()}
        with open(CLIENT) as fh:
            build = fnv(json.dumps(sorted(blank.items())) + fh.read())
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
        manifest = {'format': 'owl-build', 'version': 1, 'build': build,
                    'pages': {p: {'file': page_file(p), **e} for p, (_, (_, e)) in sorted(pages.items())}}
        with open(os.path.join(out, '_owl', 'build.json'), 'w') as fh:
            json.dump(manifest, fh)
        if patches:
            for base, old_pages in (self.builds[-self.history:] if self.history else []):
                if base == build:
                    continue
                entries = {}
                for p in sorted(set(old_pages) | set(pages)):
                    o, n = old_pages.get(p), pages.get(p)
                    e = page_patch(o and o[0], n and n[0], o and o[1][0], n and n[1][0])
                    if e is not None:
                        entries[p] = e
                patch = {'format': 'owl-patch', 'version': 1, 'base': base, 'target': build,
                         'pages': entries}
                with open(os.path.join(out, '_owl', 'patches', f'{base}.json'), 'w') as fh:
                    json.dump(patch, fh)
        self.builds.append((build, pages))
        return out
