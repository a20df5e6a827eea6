"""The demo site built by the real `owl-site build`, edited, rebuilt, diffed by
`owl-site diff --write`, and patched in the browser."""
import json
import os
import re
import shutil
import subprocess

from harness import BrowserTest
from owlfixture import PACKAGE, owl_site, page_version, patch_file


class RealSiteTest(BrowserTest):
    def setUp(self):
        super().setUp()
        self.source = os.path.join(self.tmp, 'source')
        os.makedirs(self.source)
        for name in ('content', 'static', 'owl.yml'):
            path = os.path.join(PACKAGE, name)
            if os.path.isdir(path):
                shutil.copytree(path, os.path.join(self.source, name))
            elif os.path.exists(path):
                shutil.copy(path, self.source)
        self.outputs = []

    def build(self):
        """Builds the source into a new folder, writes patches from every earlier build."""
        out = os.path.join(self.tmp, f'out-{len(self.outputs)}')
        subprocess.run([owl_site(), 'build', '--source', self.source, '--output', out, '--quiet'], check=True)
        for old in self.outputs:
            subprocess.run([owl_site(), 'diff', old, out, '--write'], check=True, capture_output=True)
        self.outputs.append(out)
        return out

    def edit(self, path, old, new, count=1):
        file = os.path.join(self.source, 'content', path)
        with open(file) as fh:
            text = fh.read()
        changed = re.sub(old, new, text, count=count)
        self.assertNotEqual(changed, text, f'{path}: {old}')
        with open(file, 'w') as fh:
            fh.write(changed)

    def write(self, path, text):
        with open(os.path.join(self.source, 'content', path), 'w') as fh:
            fh.write(text)

    def check(self, pages, patched):
        """Opens each page on the first build, serves the last one, refreshes, compares.
        The pages in `patched` must be patched; the others do what their patch says."""
        for page in pages:
            with self.subTest(page=page):
                old = page_version(self.outputs[0], page)
                expect = 'patched' if os.path.exists(patch_file(self.outputs[-1], page, old)) else 'reloaded'
                if page in patched:
                    self.assertEqual(expect, 'patched')
                self.serve(self.outputs[0])
                self.open(page)
                self.serve(self.outputs[-1])
                self.assertRefresh(expect)
                got = self.html()
                self.assertEqual(got, self.fresh(page))

    def test_post_changes_year_and_title(self):
        self.build()
        self.edit('posts/diffing-lists.md', r'date: 2024-03-08', 'date: 2025-02-01')
        self.edit('posts/grids.md', r'title: "[^"]*"', 'title: "Grids, revisited"')
        self.build()
        # /posts/theme-notes/ links the retitled post as its neighbour.
        self.check(['/posts/', '/', '/tags/css/', '/tags/lists/', '/posts/theme-notes/'],
                   patched=['/posts/', '/', '/tags/css/', '/posts/theme-notes/'])

    def test_post_added_deleted_and_tags_changed(self):
        self.build()
        self.write('posts/brand-new.md', '---\ntitle: "Brand new"\ndate: 2024-09-09\ntags: [swift, lists]\n'
                   'summary: "Just arrived."\n---\n\nHello.\n')
        os.remove(os.path.join(self.source, 'content', 'posts', 'theme-notes.md'))
        self.edit('posts/hello-owl.md', r'tags: \[swift, release\]', 'tags: [release, lists]')
        self.build()
        self.check(['/posts/', '/tags/swift/', '/tags/lists/', '/tags/'], patched=['/posts/'])

    def test_grid_reordered(self):
        self.build()
        self.edit('projects/owl-js.md', r'weight: 3', 'weight: 0')
        self.edit('projects/owl-js.md', r'summary: "[^"]*"', 'summary: "Now first, and rewritten."')
        self.build()
        self.check(['/projects/'], patched=['/projects/'])

    def test_summary_edited(self):
        """A post's summary is its meta description, a region in <head>: an edit is patched there too."""
        self.build()
        self.edit('posts/grids.md', r'summary: "[^"]*"', 'summary: "Grids, summed up again."')
        self.build()
        self.check(['/posts/grids/', '/posts/'], patched=['/posts/grids/', '/posts/'])
        self.open('/posts/grids/')
        self.assertEqual(self.driver.execute_script('return document.querySelector("meta[name=description]").content'),
                         'Grids, summed up again.')

    def test_long_and_short_pages_line_up(self):
        """A page that scrolls and one that does not put the header in the same place (the
        theme keeps the scrollbar's room), so that going from one to the other, or a patch
        that makes a page scroll, does not shift the page sideways."""
        self.serve(self.build())
        place = {}
        for page in ('/posts/', '/projects/'):
            self.open(page)
            place[page] = self.driver.execute_script(
                'return [document.documentElement.scrollHeight > window.innerHeight,'
                ' document.querySelector(".site-header").getBoundingClientRect().left]')
        self.assertEqual((place['/posts/'][0], place['/projects/'][0]), (True, False), 'one page scrolls, the other fits')
        self.assertEqual(place['/posts/'][1], place['/projects/'][1])

    def test_two_builds_behind(self):
        self.build()
        self.edit('posts/grids.md', r'date: 2024-07-19', 'date: 2023-07-19')
        self.build()
        self.edit('posts/live-reload.md', r'title: "[^"]*"', 'title: "Live, again"')
        self.build()
        self.check(['/posts/'], patched=['/posts/'])
