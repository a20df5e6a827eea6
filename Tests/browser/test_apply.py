"""Owl.apply(listPatch) on a page rendered by the Owl library alone (Examples/ListUpdate):
the patch made by `reload(afterUpdate:)` animates the page into exactly the list the
director renders after the update; a patch that does not match changes nothing."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from harness import BrowserTest, Server
from clientharness import BOXES, overlaps
from owlfixture import CLIENT, PACKAGE
from selenium.webdriver.support.ui import WebDriverWait

EXAMPLE = os.path.join(PACKAGE, '.build', 'debug', 'owl-list-example')

# Clicks the page's button (apply-update.js fetches update.patch and calls Owl.apply) and
# waits for the outcome it writes down; counts the animations seen on the way.
CLICK = """
const done = arguments[arguments.length - 1];
let most = 0;
const tick = () => { most = Math.max(most, document.getAnimations().length);
  document.body.dataset.applied ? done({applied: document.body.dataset.applied, most}) : requestAnimationFrame(tick); };
document.getElementById('update').click();
tick();
"""


def example_folder():
    """The example's output, with owl.js where its page loads it."""
    if not os.path.exists(EXAMPLE):
        subprocess.run(['swift', 'build', '--product', 'owl-list-example'], cwd=PACKAGE, check=True)
    folder = tempfile.mkdtemp(prefix='owl-example-')
    subprocess.run([EXAMPLE, folder], check=True)
    os.makedirs(os.path.join(folder, '_owl'))
    shutil.copy(CLIENT, os.path.join(folder, '_owl', 'owl.js'))
    return folder


class ApplyTest(BrowserTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.folder = example_folder()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        self.serve(self.folder)

    def list_html(self):
        return self.driver.execute_script("return document.querySelector('[data-owl-list]').outerHTML")

    def test_the_example_patch_animates_into_the_new_list(self):
        self.open('/after.html')
        want = self.list_html()
        self.open('/index.html')
        self.driver.execute_script("document.querySelector('[data-owl-cell=\"call\"] a').focus()")
        outcome = self.driver.execute_async_script(CLICK)
        self.assertEqual(outcome['applied'], 'true')
        self.assertGreater(outcome['most'], 0)
        self.assertEqual(self.driver.execute_script('return document.getAnimations().length'), 0)
        self.assertEqual(self.list_html(), want)
        self.assertEqual(self.driver.execute_script('return document.activeElement.textContent'), 'Call Ada')

    def test_no_overlap_while_sections_grow_shrink_and_cells_move_between_them(self):
        # The example's sections have footers ("3 tasks") that change with their section.
        self.open('/index.html')
        self.driver.execute_script("""
            document.addEventListener('owl:patching', () => queueMicrotask(() => {
              window.__owlAnimations = document.getAnimations();
              for (const a of window.__owlAnimations) a.pause();
            }), {once: true});
            document.getElementById('update').click();""")
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script('return window.__owlAnimations?.length > 0'))
        footers = []
        for at in range(0, 560, 40):
            (boxes,) = self.driver.execute_script(BOXES, at)
            self.assertEqual(overlaps(boxes), [], f'at {at} ms')
            footers.append([b['top'] for b in boxes if b['text'] == '2 tasks' and b['owner'] == 'section:today:FOOTER'])
        self.driver.execute_script('for (const a of window.__owlAnimations) a.finish()')
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script('return document.body.dataset.applied'))
        # The shrinking section's new footer ("2 tasks") slides up from the old one's place,
        # through frames in between, and is there at every frame (no blank).
        tops = [t[0] for t in footers]
        self.assertGreater(tops[0], tops[-1])
        self.assertTrue(any(tops[0] > t > tops[-1] for t in tops), footers)

    def test_the_patch_has_every_kind_of_change(self):
        patch = json.load(open(os.path.join(self.folder, 'update.patch')))
        kinds = {kind for stage in patch['stages'] for kind in stage}
        self.assertLessEqual({'elementDeleted', 'elementInserted', 'elementMoved', 'elementUpdated'}, kinds)

    def test_a_patch_for_another_page_changes_nothing(self):
        self.open('/after.html')  # already updated: the patch's ids are not where it expects them
        before = self.list_html()
        outcome = self.driver.execute_async_script(CLICK)
        self.assertEqual(outcome['applied'], 'false')
        self.assertEqual(self.list_html(), before)

    def test_malformed_patches_resolve_false(self):
        self.open('/index.html')
        before = self.list_html()
        results = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            Promise.all([
              Owl.apply({id: 'nope', stages: []}),
              Owl.apply({id: 'tasks', stages: [{elementInserted: [{at: [0, 0], html: '<li>no marker</li>'}]}]}),
              Owl.apply({id: 'tasks', stages: [{elementDeleted: [{at: [0, 99], id: 'milk'}]}]}),
              Owl.apply({id: 'tasks'}),
              Owl.apply(null),
            ]).then(done);""")
        self.assertEqual(results, [False] * 5)
        self.assertEqual(self.list_html(), before)

    def test_reduced_motion_and_events(self):
        self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [
            {'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        self.open('/index.html')
        self.driver.execute_script("""window.__seen = [];
            for (const name of ['owl:patching', 'owl:patched'])
              document.addEventListener(name, e => window.__seen.push([name, e.detail.list]));""")
        outcome = self.driver.execute_async_script(CLICK)
        self.assertEqual((outcome['applied'], outcome['most']), ('true', 0))
        self.assertEqual(self.driver.execute_script('return window.__seen'),
                         [['owl:patching', 'tasks'], ['owl:patched', 'tasks']])


if __name__ == '__main__':
    unittest.main()
