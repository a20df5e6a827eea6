"""`owl-site serve` in a browser: a page open in serve mode animates after a content edit,
without a reload, and ends equal to the rebuilt page loaded fresh; a broken source shows
an overlay naming file and line until it is fixed."""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.support.ui import WebDriverWait

from harness import chromium
from owlfixture import PACKAGE, owl_site, page_key, page_state

# Records, from now on, reloads (the mark disappears), patches and the most animations at once.
WATCH = """
window.__owlMark = 1; window.__patched = 0; window.__most = 0;
document.addEventListener('owl:patched', () => window.__patched++);
(function tick() { window.__most = Math.max(window.__most, document.getAnimations().length); requestAnimationFrame(tick); })();
"""

# The page's main content and title with what an animation may leave behind (inline
# styles, busy flags) taken out: what must equal a fresh load of the rebuilt page.
SNAPSHOT = """
const main = document.querySelector('main').cloneNode(true);
for (const element of main.querySelectorAll('[style], [aria-busy]')) {
    element.removeAttribute('style'); element.removeAttribute('aria-busy');
}
return {title: document.title, main: main.outerHTML,
        build: document.querySelector('meta[name=owl-page]').content};
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


class ServeLiveTest(unittest.TestCase):
    def setUp(self):
        self.site = tempfile.mkdtemp(prefix='owl-serve-browser-')
        for name in ('owl.yml', 'content', 'Templates', 'static'):
            source = os.path.join(PACKAGE, name)
            if os.path.isdir(source):
                shutil.copytree(source, os.path.join(self.site, name))
            elif os.path.exists(source):
                shutil.copy(source, self.site)
        port = free_port()
        self.url = f'http://127.0.0.1:{port}/'
        self.server = subprocess.Popen([owl_site(), 'serve', '--source', self.site, '--port', str(port)],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.server.stdout.readline()
        while line and not line.startswith('Serving at'):
            line = self.server.stdout.readline()
        self.assertTrue(line.startswith('Serving at'), 'owl-site serve did not start')
        self.driver = chromium()

    def tearDown(self):
        self.driver.quit()
        self.server.terminate()
        self.assertEqual(self.server.wait(timeout=10), 0, 'owl-site serve did not exit cleanly on SIGTERM')
        self.server.stdout.close()
        shutil.rmtree(self.site)

    def listed_post(self, page):
        """A post file whose title the list page shows, and that title."""
        folder = os.path.join(self.site, 'content', 'posts')
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name)) as file:
                text = file.read()
            match = re.search(r'^title: "?([^"\n]+)"?$', text, re.M)
            if name != '_index.md' and match and f'>{match.group(1)}<' in page:
                return os.path.join(folder, name), text, match.group(1)
        self.fail('no post of the list page found in content/posts')

    def save(self, path, text):
        """Saves the way editors do: a new file renamed over the old one."""
        temporary = path + '.tmp~'
        with open(temporary, 'w') as file:
            file.write(text)
        os.rename(temporary, path)

    def served_version(self, path):
        """`KEY VERSION` of the page at `path` (below the root) in the output folder, from its state file."""
        key = page_key('/' + path)
        try:
            return key + ' ' + page_state(os.path.join(self.site, 'public'), '/' + path)['version']
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def open_live_page(self, path):
        self.driver.get(self.url + path)
        wait = WebDriverWait(self.driver, 20, poll_frequency=0.05)
        wait.until(lambda d: d.execute_script('return !!window.Owl'))
        self.assertTrue(self.driver.execute_script('return !!document.querySelector("meta[name=owl-live]")'))
        return wait

    def test_edited_post_animates_the_open_page_to_the_rebuilt_page(self):
        driver = self.driver
        wait = self.open_live_page('posts/')
        before = driver.execute_script(SNAPSHOT)
        driver.execute_script(WATCH)
        time.sleep(0.5)  # the page's event stream connects

        path, text, title = self.listed_post(driver.page_source)
        self.save(path, text.replace(title, 'Edited: ' + title, 1))
        wait.until(lambda d: self.served_version('posts/') not in (None, before['build']))
        key, old = before['build'].split(' ')
        patch = os.path.join(self.site, 'public', '_owl', 'patches', f"{key}-{old}-{self.served_version('posts/').split(' ')[1]}.json")
        self.assertTrue(os.path.exists(patch), 'the rebuild wrote no patch for the open page (docs/formats.md §4)')

        wait.until(lambda d: d.execute_script(
            'return window.__patched > 0 && document.getAnimations().length == 0'))
        live = driver.execute_script(SNAPSHOT)
        watched = driver.execute_script('return {mark: window.__owlMark, most: window.__most}')
        self.assertEqual(watched['mark'], 1, 'the page reloaded instead of animating')
        self.assertGreater(watched['most'], 0, 'nothing animated')
        self.assertNotEqual(live['build'], before['build'])
        self.assertIn('Edited: ' + title, live['main'])

        driver.get(self.url + 'posts/')
        wait.until(lambda d: d.execute_script('return !!window.Owl'))
        fresh = driver.execute_script(SNAPSHOT)
        self.assertEqual(live, fresh)

    def test_the_not_found_page_of_an_address_loads_the_post_written_for_it(self):
        driver = self.driver
        wait = self.open_live_page('posts/written-later/')
        self.assertEqual(driver.title.split(' · ')[0], 'Page not found')
        build = driver.execute_script(SNAPSHOT)['build']
        time.sleep(0.5)  # the page's event stream connects

        self.save(os.path.join(self.site, 'content', 'posts', 'written-later.md'),
                  '---\ntitle: Written later\ndate: 2025-06-01\n---\n\nHere at last.\n')
        wait.until(lambda d: d.title.startswith('Written later'))
        live = driver.execute_script(SNAPSHOT)
        self.assertNotEqual(live['build'], build)
        self.assertIn('Here at last.', live['main'])

    def test_broken_post_shows_an_overlay_naming_file_and_line_until_fixed(self):
        driver = self.driver
        wait = self.open_live_page('posts/')
        build = driver.execute_script(SNAPSHOT)['build']
        time.sleep(0.5)  # the page's event stream connects

        path, text, _ = self.listed_post(driver.page_source)
        self.save(path, text.replace('title:', 'title: [unclosed', 1))
        overlay = wait.until(lambda d: d.execute_script(
            'const o = document.getElementById("owl-error"); return o && o.textContent'))
        name = 'content/posts/' + os.path.basename(path)
        self.assertRegex(overlay, re.escape(name) + r':\d+: ')
        self.assertEqual(driver.execute_script(SNAPSHOT)['build'], build, 'the last good build stays')

        self.save(path, text)
        wait.until(lambda d: d.execute_script('return !document.getElementById("owl-error")'))
        self.assertEqual(driver.execute_script(SNAPSHOT)['build'], build)


if __name__ == '__main__':
    unittest.main()
