"""How a patch moves: animations while it runs (a screenshot mid-way), none under
reduced motion, no leftovers after, scroll position and focus kept, aria-busy."""
import os
import time

from harness import ARTIFACTS, BrowserTest
from owlfixture import Cell, Section
from test_refresh import edit, posts

# Starts a refresh, waits until cells slide, and returns how many animations run.
START = """
const done = arguments[arguments.length - 1];
window.__owlDone = null;
window.Owl.refresh().then(r => window.__owlDone = r);
const slides = () => document.getAnimations().some(a => a.effect.getKeyframes().some(k => k.transform)
    && a.currentTime > 60);
const wait = () => slides() ? done({
    running: document.getAnimations().length,
    busy: document.querySelector('[data-owl-list]').getAttribute('aria-busy')
}) : window.__owlDone ? done({running: 0}) : requestAnimationFrame(wait);
wait();
"""


def shuffle(p):
    s = p.sections
    s[0].cells.insert(0, s[0].cells.pop(3))
    s[0].cells.pop(1)
    s[1].cells.insert(1, Cell('arrived', 'A new post'))
    s[2].cells[0].text = 'Changed'
    s.insert(1, Section('2023b', 'Inserted', [Cell('i1', 'i1')]))


class MotionTest(BrowserTest):
    def test_screenshot_mid_animation(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.serve(self.builds.build(edit(posts(), shuffle)))
        state = self.driver.execute_async_script(START)
        os.makedirs(ARTIFACTS, exist_ok=True)
        shot = os.path.join(ARTIFACTS, 'mid-animation.png')
        self.driver.save_screenshot(shot)
        self.assertGreater(state['running'], 0)
        self.assertEqual(state['busy'], 'true')
        self.assertGreater(os.path.getsize(shot), 1000)
        self.driver.set_script_timeout(10)
        self.assertEqual(self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const wait = () => window.__owlDone ? done(window.__owlDone) : setTimeout(wait, 20);
            wait();"""), 'patched')
        self.assertEqual(self.driver.execute_script('return document.getAnimations().length'), 0)
        self.assertNotIn(' style=', self.html())
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_animates_without_reduced_motion(self):
        self.assertMoves(posts(), edit(posts(), shuffle))
        self.assertGreater(self.outcome['most'], 0)

    def test_reduced_motion_same_end_state_without_animation(self):
        self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [
            {'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        started = time.monotonic()
        self.assertMoves(posts(), edit(posts(), shuffle))
        self.assertEqual(self.outcome['most'], 0)
        self.assertLess(time.monotonic() - started, 10)

    def test_keeps_scroll_and_focus(self):
        def long(p):
            for s in p.sections:
                s.cells += [Cell(f'{s.id}-more-{i}', f'More {i}') for i in range(15)]
        old = edit(posts(), long)

        def change(p):
            p.sections[0].cells.insert(0, Cell('top', 'On top'))
            p.sections[0].cells.pop(3)
            p.sections[2].cells[5].text = 'focused and edited'
        self.serve(self.builds.build(old))
        self.open('/posts/')
        self.driver.execute_script("window.scrollTo(0, 700); document.getElementById('link-2024-more-3').focus({preventScroll: true})")
        y = self.driver.execute_script('return scrollY')
        self.assertEqual(y, 700)
        self.serve(self.builds.build(edit(old, change)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return scrollY'), y)
        self.assertEqual(self.driver.execute_script('return document.activeElement.id'), 'link-2024-more-3')

    def test_focus_follows_an_updated_cell(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.driver.execute_script("document.getElementById('link-post-2023-1').focus()")

        def change(p):
            p.sections[1].cells[1].text = 'new text'
        self.serve(self.builds.build(edit(posts(), change)))
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return document.activeElement.id'), 'link-post-2023-1')
        self.assertEqual(self.driver.execute_script('return document.activeElement.textContent'), 'new text')
