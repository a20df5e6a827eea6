"""A BrowserTest for owl.js's page-version protocol: builds written by owlfixture.Builds,
served with the site's 404 page, and helpers to pause animations and measure boxes."""
import copy
import os

from harness import BrowserTest, Server
from owlfixture import Builds, Cell, Page, Section
from pagefixture import NotFoundHandler


def posts(years=(2024, 2023, 2022), per=4):
    sections = [Section(str(y), f'Year {y}', [Cell(f'post-{y}-{i}', f'Post {i} of {y}') for i in range(per)])
                for y in years]
    return {'/posts/': Page('Posts', sections), '/about/': Page('About', []),
            '/404.html': Page('Not found', [], list_id='none', nav='Nothing here')}


def edit(site, change, path='/posts/'):
    new = copy.deepcopy(site)
    change(new[path])
    return new


# Every animation paused at `at` ms (or its last frame), then every visible text box of each list:
# its rectangle and whose it is (cell id, or section id + header/footer: a leaving element
# and its replacement have the same owner). Visible: in the window, and the product of the
# opacities up to the list is above 0.02 (boxes off screen are not animated).
BOXES = """
const at = arguments[0];
// The last frame is just before the end: the frame that reaches the end shows the new page
// (leaving elements are removed in the same frame, before it is painted).
for (const a of window.__owlAnimations) { a.pause(); a.currentTime = Math.max(0, Math.min(at, a.effect.getComputedTiming().endTime - 1)); }
const lists = [...document.querySelectorAll('[data-owl-list]')];
return lists.map(list => {
  const out = [];
  const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    if (!node.data.trim()) continue;
    let opacity = 1, owner = null, child = null;
    for (let el = node.parentElement; el && el !== list.parentElement; child = el, el = el.parentElement) {
      const style = getComputedStyle(el);
      opacity *= +style.opacity;
      if (style.visibility === 'hidden' || style.display === 'none') opacity = 0;
      if (!owner && el.dataset.owlCell) owner = 'cell:' + el.dataset.owlCell;
      if (!owner && el.dataset.owlSection) owner = 'section:' + el.dataset.owlSection + ':' + child.tagName;
    }
    if (opacity < 0.02) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width && r.height && r.bottom > 0 && r.top < innerHeight)
      out.push({text: node.data, owner, opacity, left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  }
  return out;
});
"""

# Starts a refresh without waiting for it. owl.js starts its animations right after
# `owl:patching`, in the same task: a microtask queued then pauses them before any frame.
START = """
window.__owlDone = null; window.__owlPaused = false;
document.addEventListener('owl:patching', () => queueMicrotask(() => {
  // Kept: an animation seeked to its end leaves getAnimations() but must still finish.
  window.__owlAnimations = document.getAnimations();
  for (const a of window.__owlAnimations) a.pause();
  window.__owlPaused = true;
}), {once: true});
window.Owl.refresh().then(r => window.__owlDone = r, e => window.__owlDone = 'error ' + e);
"""

WAIT = """
const done = arguments[arguments.length - 1];
const wait = () => window.__owlDone ? done(window.__owlDone) : setTimeout(wait, 10);
wait();
"""


def overlaps(boxes, slack=0.5):
    """Pairs of boxes of different owners that overlap by more than `slack` px both ways.
    A leaving element and its replacement (same owner) cross-fade, and may overlap."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a['owner'] == b['owner'] and a['owner'] is not None:
                continue
            if (min(a['right'], b['right']) - max(a['left'], b['left']) > slack and
                    min(a['bottom'], b['bottom']) - max(a['top'], b['top']) > slack):
                found.append((a['text'], b['text']))
    return found


class ClientTest(BrowserTest):
    """One Chromium per class; each test serves its own builds of the new protocol."""

    def setUp(self):
        super().setUp()
        self.server.close()
        self.server = Server(self.site, self.handler)
        self.builds = Builds(os.path.join(self.tmp, 'builds'), root=self.root)

    handler = NotFoundHandler

    # Serves old, opens the page, serves new, refreshes, and compares the DOM with a fresh
    # load: harness's check, over this class's page-version builds.
    assertPatches = BrowserTest.assertMoves

    def start_refresh(self):
        self.driver.execute_script(START)

    def finish_refresh(self):
        """Finishes the paused animations; returns the refresh's outcome."""
        self.driver.execute_script('for (const a of window.__owlAnimations) a.finish()')
        self.driver.set_script_timeout(20)
        return self.driver.execute_async_script(WAIT)

    def boxes(self, at):
        return self.driver.execute_script(BOXES, at)
