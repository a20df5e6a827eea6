"""How a patch moves (issue 32): with every animation paused at several points, no two
visible text boxes of a list overlap; an updated cell never blinks empty; the reader keeps
their place (scroll anchoring, focus, selection); reduced motion; no leftovers after."""
import os
import time
import unittest

from harness import ARTIFACTS
from clientharness import ClientTest, edit, overlaps, posts
from owlfixture import Cell, Section
from selenium.webdriver.support.ui import WebDriverWait

SAMPLES = (0, 40, 90, 140, 180, 230, 280, 330, 380, 420, 470, 520, 600)


def long_posts():
    def more(p):
        for s in p.sections:
            s.cells += [Cell(f'{s.id}-more-{i}', f'More {i} of {s.id}') for i in range(15)]
    return edit(posts(), more)


def retitle(p):
    p.sections[0].cells[2].text = 'A retitled post with a longer title'


def add(p):
    p.sections[1].cells.insert(1, Cell('added', 'An added post'))


def delete(p):
    p.sections[1].cells.pop(2)


def move_to_another_year(p):
    moved = p.sections[2].cells.pop(1)
    moved.text = 'Re-dated'
    p.sections[0].cells.insert(2, moved)


def add_above(p):
    p.sections[0].cells[0:0] = [Cell(f'top-{i}', f'On top {i}') for i in range(3)]


def mixed(p):
    s = p.sections
    s[0].cells.insert(0, s[0].cells.pop(3))
    s[0].cells.pop(1)
    s[1].cells.insert(1, Cell('arrived', 'A new post'))
    s[2].cells[0].text = 'Changed'
    s.insert(1, Section('2023b', 'Inserted', [Cell('i1', 'i1')]))
    s[1].header = 'Inserted, renamed'


class MotionTest(ClientTest):
    def run_paused(self, old, new, scroll=0, check=None):
        """Serves old, opens /posts/, serves new, starts a refresh; at each sample point checks
        that no text boxes overlap (and `check(boxes, at)`); returns the samples."""
        self.serve(self.builds.build(old))
        self.open('/posts/')
        if scroll:
            self.driver.execute_script(f'window.scrollTo(0, {scroll})')
        self.serve(self.builds.build(new))
        self.start_refresh()
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script('return window.__owlPaused || !!window.__owlDone'))
        self.assertGreater(self.driver.execute_script('return document.getAnimations().length'), 0, 'no animation ran')
        samples = []
        for at in SAMPLES:
            (boxes,) = self.boxes(at)
            self.assertEqual(overlaps(boxes), [], f'at {at} ms')
            if check:
                check(boxes, at)
            samples.append(boxes)
        self.assertEqual(self.finish_refresh(), 'patched')
        self.assertEqual(self.driver.execute_script('return document.getAnimations().length'), 0)
        got = self.html()
        self.assertNotIn(' style=', got)
        self.assertEqual(got, self.fresh('/posts/'))
        return samples

    def test_no_overlap_retitle(self):
        def never_blank(boxes, at):
            visible = [b['opacity'] for b in boxes if b['owner'] == 'cell:post-2024-2']
            self.assertTrue(visible and max(visible) >= 0.5, f'updated cell blank at {at} ms: {visible}')
        self.run_paused(posts(), edit(posts(), retitle), check=never_blank)

    def test_no_overlap_add(self):
        self.run_paused(posts(), edit(posts(), add))

    def test_no_overlap_delete(self):
        self.run_paused(posts(), edit(posts(), delete))

    def test_no_overlap_move_to_another_year(self):
        self.run_paused(posts(), edit(posts(), move_to_another_year))

    def test_no_overlap_section_changes(self):
        self.run_paused(posts(), edit(posts(), mixed))

    def test_no_overlap_add_above_viewport(self):
        self.run_paused(long_posts(), edit(long_posts(), add_above), scroll=700)

    def test_no_overlap_grid(self):
        def grid(p):
            p.grid = True
        old = edit(posts(per=8), grid)

        def change(p):  # tiles shift along their rows, one wraps to the next row
            c = p.sections[0].cells
            c.pop(2)
            c.insert(0, Cell('g-new', 'new tile'))
            p.sections[1].cells[1].text = 'retitled'
        self.run_paused(old, edit(old, change))

    def test_a_growing_section_pushes_the_next_one_smoothly(self):
        samples = self.run_paused(posts(), edit(posts(), add))
        tops = [next(b['top'] for b in boxes if b['owner'] == 'section:2022:HEADER') for boxes in samples]
        self.assertLess(tops[0], tops[-1])
        self.assertTrue(any(tops[0] < t < tops[-1] for t in tops), f'no frame in between: {tops}')

    def test_mid_animation_screenshot_and_busy(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.serve(self.builds.build(edit(posts(), mixed)))
        self.start_refresh()
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script('return window.__owlPaused'))
        self.boxes(300)
        os.makedirs(ARTIFACTS, exist_ok=True)
        shot = os.path.join(ARTIFACTS, 'mid-animation.png')
        self.driver.save_screenshot(shot)
        self.assertEqual(self.driver.execute_script(
            "return document.querySelector('[data-owl-list]').getAttribute('aria-busy')"), 'true')
        self.assertEqual(self.finish_refresh(), 'patched')
        self.assertIsNone(self.driver.execute_script(
            "return document.querySelector('[data-owl-list]').getAttribute('aria-busy')"))

    def test_events_patching_then_patched(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.serve(self.builds.build(edit(posts(), add)))
        self.driver.execute_script("""
            window.__seen = [];
            for (const name of ['owl:patching', 'owl:patched'])
              document.addEventListener(name, e => window.__seen.push({name, detail: e.detail,
                added: !!document.querySelector('[data-owl-cell="added"]'),
                meta: document.querySelector('meta[name="owl-page"]').content,
                time: performance.now()}));""")
        self.assertRefresh('patched')
        seen = self.driver.execute_script('return window.__seen')
        self.assertEqual([s['name'] for s in seen], ['owl:patching', 'owl:patched'])
        self.assertTrue(all(s['added'] for s in seen))
        self.assertEqual(seen[0]['detail']['to'], self.builds.version('/posts/'))
        self.assertEqual(seen[0]['detail']['from'], self.builds.version('/posts/', 0))
        self.assertEqual(seen[0]['detail']['page'], '/posts/')
        self.assertGreater(seen[1]['time'] - seen[0]['time'], 200)  # the animation ran in between

    def test_reduced_motion_same_end_state_without_animation(self):
        self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [
            {'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        started = time.monotonic()
        self.assertPatches(posts(), edit(posts(), mixed))
        self.assertEqual(self.outcome['most'], 0)
        self.assertLess(time.monotonic() - started, 10)

    def test_animates_without_reduced_motion(self):
        self.assertPatches(posts(), edit(posts(), mixed))
        self.assertGreater(self.outcome['most'], 0)


ANCHOR = "return document.querySelector('[data-owl-cell=\"2023-more-3\"]').getBoundingClientRect().top"


class PlaceTest(ClientTest):
    """The reader's place: scroll anchoring, focus, selection."""

    def anchored(self, change, reduce=False):
        if reduce:
            self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [
                {'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        self.serve(self.builds.build(long_posts()))
        self.open('/posts/')
        self.driver.execute_script("document.querySelector('[data-owl-cell=\"2023-more-3\"]').scrollIntoView()")
        before = self.driver.execute_script(ANCHOR)
        self.serve(self.builds.build(edit(long_posts(), change)))
        self.assertRefresh('patched')
        self.assertAlmostEqual(self.driver.execute_script(ANCHOR), before, delta=3)

    def test_insert_above_the_viewport_keeps_the_place(self):
        self.anchored(add_above)

    def test_delete_above_the_viewport_keeps_the_place(self):
        self.anchored(lambda p: p.sections[0].cells.pop(2))

    def test_section_inserted_above_keeps_the_place_reduced_motion(self):
        self.anchored(lambda p: p.sections.insert(0, Section('2025', 'Year 2025', [Cell('n', 'n')])), reduce=True)

    def test_at_the_top_new_posts_show(self):
        self.serve(self.builds.build(long_posts()))
        self.open('/posts/')
        self.serve(self.builds.build(edit(long_posts(), add_above)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return scrollY'), 0)

    def test_focus_follows_a_retitled_cell(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.driver.execute_script("document.getElementById('link-post-2023-1').focus()")

        def change(p):
            p.sections[1].cells[1].text = 'new text'
        self.serve(self.builds.build(edit(posts(), change)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return document.activeElement.id'), 'link-post-2023-1')
        self.assertEqual(self.driver.execute_script('return document.activeElement.textContent'), 'new text')

    def test_focus_follows_by_position_when_the_link_changes(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.driver.execute_script("document.getElementById('link-post-2023-1').focus()")

        def change(p):  # same cell id, a new link target (owlfixture links to #id): same position
            p.sections[1].cells[1] = Cell('post-2023-1', 'moved elsewhere')
            p.sections[1].cells[1].tags.append('new tag')
        self.serve(self.builds.build(edit(posts(), change)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return document.activeElement.textContent'), 'moved elsewhere')

    def test_focus_kept_on_a_moved_cell_and_scroll_kept(self):
        self.serve(self.builds.build(long_posts()))
        self.open('/posts/')
        self.driver.execute_script("window.scrollTo(0, 700); document.getElementById('link-2024-more-3').focus({preventScroll: true})")

        def change(p):
            p.sections[0].cells.insert(3, p.sections[0].cells.pop(10))  # 2024-more-3 moves
        self.serve(self.builds.build(edit(long_posts(), change)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return document.activeElement.id'), 'link-2024-more-3')

    def test_selection_outside_changed_cells_survives(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.driver.execute_script("""
            const r = document.createRange();
            r.selectNodeContents(document.getElementById('link-post-2023-3'));
            getSelection().removeAllRanges(); getSelection().addRange(r);""")

        def change(p):
            p.sections[1].cells.pop(0)
            p.sections[1].cells.insert(1, Cell('x', 'inserted'))
            p.sections[0].cells[0].text = 'retitled'
        self.serve(self.builds.build(edit(posts(), change)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return getSelection().toString()'), 'Post 3 of 2023')


if __name__ == '__main__':
    unittest.main()
