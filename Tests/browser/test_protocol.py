"""Owl.refresh() speaking the page-version protocol (the BRIEF's §4): a page's state file,
its per-page patches, the not-found page standing in for a missing page, reloads on
anything that does not check out. Every patched page ends equal to a fresh load."""
import json
import os
import unittest

from clientharness import ClientTest, edit, posts
from owlfixture import Cell, Section
from owlfixture import Builds, page_key


def insert_cell(p):
    p.sections[0].cells.insert(1, Cell('new', 'New post'))


class ProtocolTest(ClientTest):
    def test_same_version_is_current(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.assertRefresh('current')

    def test_other_pages_changing_leaves_the_page_current(self):
        self.serve(self.builds.build(posts()))
        self.open('/about/')
        self.serve(self.builds.build(edit(posts(), insert_cell)))
        self.assertRefresh('current')

    def test_patched_from_the_previous_version(self):
        html = self.assertPatches(posts(), edit(posts(), insert_cell))
        key = page_key('/posts/')
        self.assertIn(f'content="{key} {self.builds.version("/posts/")}"', html)

    def test_patched_from_several_versions_back(self):
        middle = edit(posts(), lambda p: p.sections[0].cells.pop(0))
        newest = edit(middle, lambda p: p.sections.insert(1, Section('x', 'X', [Cell('x1', 'x1')])))
        self.assertPatches(posts(), newest, via=[middle, edit(middle, insert_cell)])

    def test_reloaded_past_history(self):
        self.builds = Builds(os.path.join(self.tmp, 'short'), history=1)
        middle = edit(posts(), lambda p: p.sections[0].cells.pop(0))
        self.assertPatches(posts(), edit(middle, insert_cell), via=[middle], expect='reloaded')

    def test_corrupted_patch_reloads_and_changes_nothing_first(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        new = self.builds.build(edit(posts(), insert_cell))
        key, old, to = page_key('/posts/'), self.builds.version('/posts/', 0), self.builds.version('/posts/')
        name = os.path.join(new, '_owl', 'patches', f'{key}-{old}-{to}.json')
        patch = json.load(open(name))
        # A valid first stage, then an id that does not match: nothing may change before the reload.
        patch['lists'][0]['stages'].append({'elementDeleted': [{'at': [0, 0], 'id': 'not-there'}]})
        json.dump(patch, open(name, 'w'))
        self.serve(new)
        # Any change to the list before the reload is written down where the reload keeps it.
        self.driver.execute_script("""
            sessionStorage.clear();
            new MutationObserver(() => sessionStorage.touched = 'yes').observe(
                document.querySelector('[data-owl-list]'), {subtree: true, childList: true, attributes: true});""")
        self.assertRefresh('reloaded')
        self.assertIsNone(self.driver.execute_script('return sessionStorage.touched'))
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_unparseable_patch_or_state_reloads(self):
        for broken in ('patch', 'state'):
            with self.subTest(broken):
                self.builds = Builds(os.path.join(self.tmp, broken))
                self.serve(self.builds.build(posts()))
                self.open('/posts/')
                new = self.builds.build(edit(posts(), insert_cell))
                key = page_key('/posts/')
                name = (f'patches/{key}-{self.builds.version("/posts/", 0)}-{self.builds.version("/posts/")}.json'
                        if broken == 'patch' else f'pages/{key[13:]}.json')
                with open(os.path.join(new, '_owl', name), 'w') as fh:
                    fh.write('{"format": "owl-')
                self.serve(new)
                self.assertRefresh('reloaded')

    def test_patch_for_another_version_reloads(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        new = self.builds.build(edit(posts(), insert_cell))
        key, old, to = page_key('/posts/'), self.builds.version('/posts/', 0), self.builds.version('/posts/')
        name = os.path.join(new, '_owl', 'patches', f'{key}-{old}-{to}.json')
        patch = json.load(open(name))
        patch['to'] = '0' * 16
        json.dump(patch, open(name, 'w'))
        self.serve(new)
        self.assertRefresh('reloaded')

    def test_removed_page_reloads_to_the_not_found_page(self):
        self.serve(self.builds.build(posts()))
        self.open('/about/')
        site = posts()
        del site['/about/']
        self.serve(self.builds.build(site))
        self.assertRefresh('reloaded')
        self.assertEqual(self.driver.title, 'Not found')
        self.assertRefresh('current')  # the not-found page, current, standing in

    def test_new_page_replaces_the_not_found_page(self):
        self.serve(self.builds.build(posts()))
        self.open('/later/')
        self.assertEqual(self.driver.title, 'Not found')
        self.assertRefresh('current')
        site = posts()
        site['/later/'] = posts()['/about/']
        site['/later/'].title = 'Later'
        self.serve(self.builds.build(site))
        self.assertRefresh('reloaded')
        self.assertEqual(self.driver.title, 'Later')

    def test_the_not_found_page_itself_is_patched(self):
        self.serve(self.builds.build(posts()))
        self.open('/missing/')

        def renamed(p):
            p.nav = 'Nothing at all here'
        self.serve(self.builds.build(edit(posts(), renamed, path='/404.html')))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script("return document.querySelector('nav').textContent"),
                         'Nothing at all here')

    def test_index_html_address_and_percent_escapes(self):
        site = posts()
        site['/café/'] = site['/about/']
        self.serve(self.builds.build(site))
        for path in ('/posts/index.html', '/caf%C3%A9/'):
            with self.subTest(path):
                self.open(path)
                self.assertRefresh('current')

    def test_server_down_is_current(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.server.close()
        self.assertRefresh('current')

    def test_calls_queue(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.serve(self.builds.build(edit(posts(), insert_cell)))
        outcomes = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            Promise.all([Owl.refresh(), Owl.refresh(), Owl.refresh()]).then(done);""")
        self.assertEqual(outcomes, ['patched', 'current', 'current'])
        self.assertEqual(self.html(), self.fresh('/posts/'))


class ModelTest(ClientTest):
    """Every kind of change to a list ends on the DOM of a fresh load (with motion)."""

    def test_cell_moved_within_and_across_sections(self):
        def change(p):
            c = p.sections[0].cells
            c.insert(0, c.pop(3))
            moved = p.sections[2].cells.pop(1)
            moved.text = 'Re-dated'
            p.sections[0].cells.insert(2, moved)
        self.assertPatches(posts(), edit(posts(), change))

    def test_sections_inserted_deleted_moved_and_updated(self):
        def change(p):
            p.sections.insert(0, Section('2025', 'Year 2025', [Cell('fresh-a', 'A'), Cell('fresh-b', 'B')]))
            p.sections.pop(2)
            p.sections.append(p.sections.pop(1))
            p.sections[1].header = 'The year 2022'
            p.sections[1].cells[0].text = 'and a cell'
        self.assertPatches(posts(), edit(posts(), change))

    def test_duplicate_ids(self):
        def dupes(p):
            p.sections[0].cells = [Cell('same', 'one'), Cell('same', 'two'), Cell('other', 'x'), Cell('same', 'three')]
        old = edit(posts(), dupes)

        def change(p):
            c = p.sections[0].cells
            c.pop(1)
            c[1].text = 'three edited'
            c.append(Cell('same', 'four'))
        self.assertPatches(old, edit(old, change))

    def test_region_change(self):
        def change(p):
            p.nav = 'Home · Posts'
            p.sections[0].cells.pop()
        self.assertPatches(posts(), edit(posts(), change))

    def test_region_and_title_change(self):
        def change(p):
            p.nav = 'Home · Posts'
            p.title = 'All posts'
            p.sections[0].cells.pop()
        self.assertPatches(posts(), edit(posts(), change))

    def test_grid_page(self):
        def grid(p):
            p.grid = True
        old = edit(posts(per=8), grid)

        def change(p):
            c = p.sections[0].cells
            c.insert(5, c.pop(0))
            c.pop(2)
            c.insert(0, Cell('g-new', 'new tile'))
            p.sections[1].cells[1].text = 'retitled'
        self.assertPatches(old, edit(old, change))

    def test_emptied_and_refilled_sections(self):
        def empty(p):
            p.sections[1].cells = []
        middle = edit(posts(), empty)
        self.assertPatches(posts(), middle)
        self.assertPatches(middle, edit(middle, lambda p: p.sections[1].cells.append(Cell('back', 'Back'))))


class SubPathProtocolTest(ClientTest):
    root = '/blog/'

    def setUp(self):
        super().setUp()
        self.site_root = self.site
        self.site = os.path.join(self.site_root, 'blog')
        os.makedirs(self.site)

    def test_root_below_a_sub_path(self):
        self.assertPatches(posts(), edit(posts(), insert_cell))


if __name__ == '__main__':
    unittest.main()
