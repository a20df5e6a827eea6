"""owl-live.js: live `build` events with `pages` refresh only the pages they name; the
error overlay (title, file:line, message, excerpt with its line numbers, dismiss button,
light and dark) and the "reconnecting" notice while the event stream is down."""
import os
import queue

from clientharness import ClientTest, edit, posts
from owlfixture import page_key
from pagefixture import NotFoundHandler
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

LIVE = '<meta name="owl-live" content="/_owl/events">'


class EventHandler(NotFoundHandler):
    """A server-sent events stream at /_owl/events fed through `streams`; a `build` event
    without pages on connect, as `owl-site serve` sends it."""
    streams = None
    refuse = None  # a list; when it holds True, the stream is refused (the server is "down")

    def do_GET(self):
        if self.path != '/_owl/events':
            return super().do_GET()
        if self.refuse and self.refuse[0]:
            self.close_connection = True  # no answer at all, as when the server is down
            return
        self.send_response(200)
        self.send_header('Content-Type', 'text/event-stream')
        self.end_headers()
        inbox = queue.Queue()
        inbox.put(('build', '{}'))
        self.streams.append(inbox)
        try:
            while True:
                event, data = inbox.get()
                if event is None:
                    return
                self.wfile.write(f'event: {event}\ndata: {data}\n\n'.encode())
                self.wfile.flush()
        except OSError:
            pass
        finally:
            self.streams.remove(inbox)


def live(site):
    for page in site.values():
        page.head = LIVE
    return site


class LiveClientTest(ClientTest):
    def setUp(self):
        self.streams, self.refuse = [], [False]
        self.handler = type('Bound', (EventHandler,), {'streams': self.streams, 'refuse': self.refuse})
        super().setUp()

    def tearDown(self):
        for inbox in list(self.streams):
            inbox.put((None, None))
        super().tearDown()

    def send(self, event, data):
        WebDriverWait(self.driver, 10).until(lambda d: self.streams)
        for inbox in list(self.streams):
            inbox.put((event, data))

    def wait(self, script, timeout=10):
        return WebDriverWait(self.driver, timeout).until(lambda d: d.execute_script(script))

    def test_build_naming_the_page_patches_it(self):
        self.serve(self.builds.build(live(posts())))
        self.open('/posts/')
        self.driver.execute_script("document.addEventListener('owl:patched', () => window.__patched = 1)")
        self.serve(self.builds.build(live(edit(posts(), lambda p: p.sections[0].cells.pop()))))
        self.send('build', f'{{"pages":["{page_key("/posts/")}"]}}')
        self.wait('return window.__patched')
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_build_naming_a_missing_page_loads_it_in_place_of_the_not_found_page(self):
        self.serve(self.builds.build(live(posts())))
        self.open('/later/')
        self.assertEqual(self.driver.title, 'Not found')
        site = posts()
        site['/later/'] = posts()['/about/']
        site['/later/'].title = 'Later'
        self.serve(self.builds.build(live(site)))
        self.send('build', f'{{"pages":["{page_key("/later/")}"]}}')  # the address's key, not the page's
        WebDriverWait(self.driver, 10).until(lambda d: d.title == 'Later')

    def test_build_naming_other_pages_leaves_the_page(self):
        self.serve(self.builds.build(live(posts())))
        self.open('/posts/')
        # The build event sent on connecting checks the page once; then the count starts.
        self.wait("return performance.getEntriesByType('resource').some(r => r.name.includes('/_owl/pages/'))")
        self.driver.execute_script("""window.__asked = 0; const f = window.fetch;
            window.fetch = (...a) => { window.__asked++; return f(...a); };""")
        self.send('build', f'{{"pages":["{page_key("/about/")}"]}}')
        self.send('build', '{"pages":[]}')
        self.driver.execute_script('return new Promise(r => setTimeout(r, 300))')
        self.assertEqual(self.driver.execute_script('return window.__asked'), 0)
        self.send('build', '{}')  # no pages: every page checks
        self.wait('return window.__asked > 0')

    def test_error_overlay_shows_and_goes(self):
        self.serve(self.builds.build(live(posts())))
        self.open('/posts/')
        self.send('error', '{"message":"front matter: expected a mapping","file":"content/posts/a.md","line":9,'
                           '"excerpt":[{"line":8,"text":"---"},{"line":9,"text":"title: [oops"},{"line":10,"text":"---"}]}')
        self.wait("return !!document.getElementById('owl-error')")
        overlay = self.driver.find_element(By.ID, 'owl-error')
        text = overlay.text
        self.assertIn('Build failed — showing the last good build', text)
        self.assertIn('content/posts/a.md:9', text)
        self.assertIn('front matter: expected a mapping', text)
        self.assertEqual(overlay.get_attribute('role'), 'alert')
        lines = [line.text for line in overlay.find_elements(By.CSS_SELECTOR, 'pre > *')]
        self.assertEqual(lines, [' 8  ---', ' 9  title: [oops', '10  ---'])
        self.assertEqual(overlay.find_element(By.CSS_SELECTOR, 'mark').text, ' 9  title: [oops')
        self.assertNotIn('style=', self.html())
        # Readable: the text's colour differs from the background's, in light and in dark.
        for scheme in ('light', 'dark'):
            self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [
                {'name': 'prefers-color-scheme', 'value': scheme}]})
            colours = self.driver.execute_script("""const s = getComputedStyle(document.getElementById('owl-error'));
                return [s.color, s.backgroundColor];""")
            self.assertNotEqual(colours[0], colours[1], scheme)
            self.assertNotIn('rgba(0, 0, 0, 0)', colours[1], scheme)
        self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': []})
        overlay.find_element(By.TAG_NAME, 'button').click()
        self.wait("return !document.getElementById('owl-error')")
        # A later error shows again; a good build takes it away.
        self.send('error', '{"message":"again","file":"a.md","line":2}')
        self.wait("return !!document.getElementById('owl-error')")
        self.send('build', '{"pages":[]}')
        self.wait("return !document.getElementById('owl-error')")

    def test_reconnecting_notice_while_the_stream_is_down(self):
        self.serve(self.builds.build(live(posts())))
        self.open('/posts/')
        WebDriverWait(self.driver, 10).until(lambda d: self.streams)
        self.assertFalse(self.driver.execute_script("return !!document.getElementById('owl-offline')"))
        self.refuse[0] = True
        for inbox in list(self.streams):
            inbox.put((None, None))  # the server drops the stream, and refuses it for now
        self.wait("return !!document.getElementById('owl-offline')")
        self.assertIn('reconnecting', self.driver.find_element(By.ID, 'owl-offline').text)
        self.refuse[0] = False
        self.wait("return !document.getElementById('owl-offline')", timeout=20)

    def test_no_live_meta_loads_no_live_client(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.assertEqual(self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(r => /owl-live|events/.test(r.name)).length"), 0)
