"""Owl.refresh() against real builds, per the page-version protocol (docs/formats.md §2,
§4): every change the issue lists ends on exactly the DOM that a fresh load of the new
build gives, under `script-src 'self'`; pages a few versions behind are patched, pages past
the history, with a damaged patch, new or removed are loaded again."""
import copy
import os
import json
import unittest

from harness import BrowserTest, Server
from owlfixture import Cell, Page, Section, page_key, page_version, patch_file, state_file, write_states
from pagefixture import NotFoundHandler


def posts(years=(2024, 2023, 2022), per=4):
    sections = [Section(str(y), f'Year {y}', [Cell(f'post-{y}-{i}', f'Post {i} of {y}') for i in range(per)])
                for y in years]
    return {'/posts/': Page('Posts', sections), '/about/': Page('About', [])}


def edit(site, change, path='/posts/'):
    new = copy.deepcopy(site)
    change(new[path])
    return new


class RefreshTest(BrowserTest):
    def test_same_build_is_current(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.assertRefresh('current')

    def test_cell_inserted(self):
        self.assertMoves(posts(), edit(posts(), lambda p: p.sections[0].cells.insert(1, Cell('new', 'New post'))))

    def test_cell_deleted(self):
        self.assertMoves(posts(), edit(posts(), lambda p: p.sections[1].cells.pop(2)))

    def test_cell_updated(self):
        def change(p):
            p.sections[0].cells[2].text = 'Edited title'
        self.assertMoves(posts(), edit(posts(), change))

    def test_cell_moved_within_section(self):
        def change(p):
            c = p.sections[0].cells
            c.insert(0, c.pop(3))
        self.assertMoves(posts(), edit(posts(), change))

    def test_cell_moved_across_sections(self):
        def change(p):  # a post whose date changes year
            moved = p.sections[2].cells.pop(1)
            moved.text = 'Re-dated'
            p.sections[0].cells.insert(2, moved)
        self.assertMoves(posts(), edit(posts(), change))

    def test_section_inserted(self):
        def change(p):
            p.sections.insert(0, Section('2025', 'Year 2025', [Cell('fresh-a', 'A'), Cell('fresh-b', 'B')]))
        self.assertMoves(posts(), edit(posts(), change))

    def test_section_deleted(self):
        self.assertMoves(posts(), edit(posts(), lambda p: p.sections.pop(1)))

    def test_section_moved(self):
        def change(p):
            p.sections.append(p.sections.pop(0))
        self.assertMoves(posts(), edit(posts(), change))

    def test_section_updated_keeps_cells(self):
        def change(p):
            p.sections[1].header = 'The year 2023'
            p.sections[1].cells[0].text = 'and a cell'
        self.assertMoves(posts(), edit(posts(), change))

    def test_duplicate_ids(self):
        def dupes(p):
            p.sections[0].cells = [Cell('same', 'one'), Cell('same', 'two'), Cell('other', 'x'), Cell('same', 'three')]
        old = edit(posts(), dupes)

        def change(p):
            c = p.sections[0].cells
            c.pop(1)
            c[1].text = 'three edited'
            c.append(Cell('same', 'four'))
        self.assertMoves(old, edit(old, change))

    def test_tag_gained_and_lost(self):
        old = edit(posts(), lambda p: p.sections[0].cells[0].tags.append('swift'))

        def change(p):
            p.sections[0].cells[0].tags.clear()
            p.sections[1].cells[3].tags.append('swift')
        self.assertMoves(old, edit(old, change))

    def test_region_and_title_change(self):
        def change(p):
            p.nav = 'Home · Posts'
            p.title = 'All posts'
            p.sections[0].cells.pop()  # the footer region counts posts
        self.assertMoves(posts(), edit(posts(), change))

    def test_an_unchanged_page_is_current(self):
        self.serve(self.builds.build(posts()))
        self.open('/about/')
        before = self.html()
        self.serve(self.builds.build(edit(posts(), lambda p: p.sections[0].cells.pop())))
        self.assertRefresh('current')
        self.assertEqual(self.html(), before)

    def test_patch_two_builds_behind(self):
        middle = edit(posts(), lambda p: p.sections[0].cells.pop(0))
        newest = edit(middle, lambda p: p.sections.insert(1, Section('x', 'X', [Cell('x1', 'x1')])))
        self.assertMoves(posts(), newest, via=[middle])

    def test_patch_several_builds_behind(self):
        sites = [posts()]
        for change in (lambda p: p.sections[0].cells.pop(0), lambda p: p.sections.pop(), lambda p: p.sections[0].cells.insert(0, Cell('n', 'n')),
                       lambda p: setattr(p.sections[1], 'header', 'Renamed')):
            sites.append(edit(sites[-1], change))
        self.assertMoves(sites[0], sites[-1], via=sites[1:-1])

    def test_reloaded_past_the_history(self):
        self.builds.history = 2
        sites = [posts()]
        for number in range(3):
            sites.append(edit(sites[-1], lambda p: p.sections[0].cells.pop(0)))
        self.assertMoves(sites[0], sites[-1], via=sites[1:-1], expect='reloaded')

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
        self.assertMoves(old, edit(old, change))

    def test_shell_change_reloads(self):
        self.assertMoves(posts(), edit(posts(), lambda p: setattr(p, 'shell', 'A new banner')), expect='reloaded')

    def open_then_build(self, change=lambda p: p.sections[0].cells.pop(0)):
        """Serves and opens /posts/ of a first build, then builds (not serves) one with `change`."""
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        return self.builds.build(edit(posts(), change))

    def rewrite_patch(self, folder, change):
        """Lets `change` edit the patch of /posts/ from the first build's version in `folder`."""
        path = patch_file(folder, '/posts/', page_version(self.builds.builds[0][1], '/posts/'))
        with open(path) as fh:
            data = json.load(fh)
        change(data)
        with open(path, 'w') as fh:
            json.dump(data, fh)

    def test_a_patch_from_another_version_reloads(self):
        self.open_then_build(lambda p: p.sections.pop())
        new = self.builds.build(edit(posts(), lambda p: p.sections.pop(0)))
        self.rewrite_patch(new, lambda data: data.update({'from': page_version(self.builds.builds[1][1], '/posts/')}))
        self.serve(new)
        self.assertRefresh('reloaded')
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_mismatched_id_reloads_untouched(self):
        new = self.open_then_build()
        self.rewrite_patch(new, lambda data: data['lists'][0]['stages'].append(
            {'elementUpdated': [{'at': [2, 0], 'id': 'nobody', 'html': '<li data-owl-cell="nobody"></li>'}]}))
        self.serve(new)
        # Any mutation before the reload is counted where the reload cannot erase it.
        self.driver.execute_script("""
            sessionStorage.owlMutations = 0;
            new MutationObserver(r => sessionStorage.owlMutations = +sessionStorage.owlMutations + r.length)
                .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
        """)
        self.assertRefresh('reloaded')
        self.assertEqual(self.driver.execute_script('return sessionStorage.owlMutations'), '0')

    def test_reads_only_its_own_state_file(self):
        new = self.open_then_build()
        for name in os.listdir(os.path.join(new, '_owl', 'pages')):
            if name != os.path.basename(state_file(new, '/posts/')):
                os.remove(os.path.join(new, '_owl', 'pages', name))
        self.serve(new)
        self.assertRefresh('patched')
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_a_page_without_a_state_file_is_gone_and_reloads(self):
        new = self.open_then_build()
        os.remove(state_file(new, '/posts/'))
        self.serve(new)
        self.assertRefresh('reloaded')

    def test_a_page_its_state_file_does_not_name_is_gone_and_reloads(self):
        new = self.open_then_build()
        # The group's file names another page of the group only.
        os.remove(state_file(new, '/posts/'))
        other = {'page': '/elsewhere/', 'version': page_version(self.builds.builds[0][1], '/posts/'), 'from': []}
        write_states(new, {'0' * 13 + page_key('/posts/')[13:]: other})
        self.serve(new)
        self.assertRefresh('reloaded')

    def test_an_unreadable_state_file_reloads(self):
        new = self.open_then_build()
        with open(state_file(new, '/posts/'), 'w') as fh:
            fh.write('{"format": "owl-pages", "pag')
        self.serve(new)
        self.assertRefresh('reloaded')

    def test_corrupted_patch_reloads(self):
        new = self.open_then_build()
        path = patch_file(new, '/posts/', page_version(self.builds.builds[0][1], '/posts/'))
        with open(path, 'w') as fh:
            fh.write('{"format": "owl-patch", "version": 2, "page": "/posts/", "li')
        self.serve(new)
        self.assertRefresh('reloaded')
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_missing_patch_reloads(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.builds.history = 0
        self.serve(self.builds.build(edit(posts(), lambda p: p.sections.pop(0))))
        self.assertRefresh('reloaded')
        self.assertEqual(self.html(), self.fresh('/posts/'))


class NewAndRemovedPagesTest(BrowserTest):
    """A visitor on the not-found page at an address that gets a page, and one on a page
    that is removed, load the new build; the not-found page at its own address patches."""

    def setUp(self):
        super().setUp()
        self.server.close()
        self.server = Server(self.site, handler=NotFoundHandler)

    def pages(self, *extra):
        pages = posts()
        pages['/404.html'] = Page('Not found', [])
        for path in extra:
            pages[path] = Page('New', [Section('s', 'S', [Cell('c', 'c')])])
        return pages


    def test_a_new_page_replaces_the_not_found_page(self):
        self.serve(self.builds.build(self.pages()))
        self.open('/fresh/')
        self.assertIn('Not found', self.html())
        self.serve(self.builds.build(self.pages('/fresh/')))
        self.assertRefresh('reloaded')
        self.assertIn('data-owl-cell="c"', self.html())

    def test_the_not_found_page_stays_current_while_no_page_comes(self):
        self.serve(self.builds.build(self.pages()))
        self.open('/missing/')
        self.serve(self.builds.build(self.pages()))
        self.assertRefresh('current')

    def test_a_removed_page_reloads(self):
        self.serve(self.builds.build(self.pages('/fresh/')))
        self.open('/fresh/')
        self.serve(self.builds.build(self.pages()))
        self.assertRefresh('reloaded')
        self.assertIn('Not found', self.html())


if __name__ == '__main__':
    unittest.main()
