"""Many random content edits in a row, each patched in the browser and checked against
a fresh load of its build."""
import copy
import random

from harness import BrowserTest
from owlfixture import Cell, Page, Section

WORDS = 'owl swift list cell grid patch build diff stage move fade slide'.split()


def random_edit(rng, site, serial):
    new = copy.deepcopy(site)
    page = new['/posts/']
    for _ in range(rng.randint(1, 6)):
        sections = page.sections
        kind = rng.choice(['insert', 'delete', 'update', 'move', 'cross', 'section+', 'section-',
                           'section~', 'header', 'tag', 'dup', 'nav'])
        cells = [(s, i) for s in sections for i in range(len(s.cells))]
        if kind == 'insert' and sections:
            s = rng.choice(sections)
            s.cells.insert(rng.randint(0, len(s.cells)), Cell(f'c{serial}-{rng.randrange(10**6)}', rng.choice(WORDS)))
        elif kind == 'delete' and cells:
            s, i = rng.choice(cells)
            s.cells.pop(i)
        elif kind == 'update' and cells:
            s, i = rng.choice(cells)
            s.cells[i].text = ' '.join(rng.sample(WORDS, 2))
        elif kind == 'move' and cells:
            s, i = rng.choice(cells)
            s.cells.insert(rng.randint(0, len(s.cells) - 1), s.cells.pop(i))
        elif kind == 'cross' and cells:
            s, i = rng.choice(cells)
            t = rng.choice(sections)
            c = s.cells.pop(i)
            t.cells.insert(rng.randint(0, len(t.cells)), c)
        elif kind == 'section+':
            sections.insert(rng.randint(0, len(sections)), Section(
                f's{serial}-{rng.randrange(10**6)}', rng.choice(WORDS),
                [Cell(f'n{serial}-{k}-{rng.randrange(10**6)}', rng.choice(WORDS)) for k in range(rng.randint(0, 3))]))
        elif kind == 'section-' and len(sections) > 1:
            sections.pop(rng.randrange(len(sections)))
        elif kind == 'section~' and sections:
            sections.insert(rng.randint(0, len(sections) - 1), sections.pop(rng.randrange(len(sections))))
        elif kind == 'header' and sections:
            rng.choice(sections).header = rng.choice(WORDS).title()
        elif kind == 'tag' and cells:
            s, i = rng.choice(cells)
            tags = s.cells[i].tags
            tags.pop() if tags else tags.append(rng.choice(WORDS))
        elif kind == 'dup' and cells:
            s, i = rng.choice(cells)
            s.cells.insert(rng.randint(0, len(s.cells)), Cell(s.cells[i].id, 'duplicate'))
        elif kind == 'nav':
            page.nav = rng.choice(WORDS)
    return new


class RandomTest(BrowserTest):
    def test_random_edits(self):
        rng = random.Random(20261122)
        site = {'/posts/': Page('Posts', [
            Section(str(y), str(y), [Cell(f'p{y}-{i}', f'post {i}') for i in range(rng.randint(2, 6))])
            for y in range(2026, 2020, -1)])}
        self.serve(self.builds.build(site))
        self.open('/posts/')
        for serial in range(40):
            site = random_edit(rng, site, serial)
            self.serve(self.builds.build(site))
            same = self.builds.builds[-1][0]['/posts/'][1] == self.builds.builds[-2][0]['/posts/'][1]
            with self.subTest(edit=serial):
                self.assertRefresh('current' if same else 'patched')
                self.assertEqual(self.html(), self.fresh('/posts/'))
