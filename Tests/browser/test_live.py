"""The client side of live events (§5), the page's refresh interval, visibility, and a
site served below a sub-path."""
import json
import os
import queue
import threading

from harness import BrowserTest, Handler, Server
from owlfixture import Cell, Section, page_key
from selenium.webdriver.support.ui import WebDriverWait
from test_refresh import edit, posts


class EventHandler(Handler):
    """Adds a server-sent events stream at /_owl/events, fed by `Events.send`."""
    streams = None

    def do_GET(self):
        if self.path != '/_owl/events':
            return super().do_GET()
        self.send_response(200)
        self.send_header('Content-Type', 'text/event-stream')
        self.end_headers()
        inbox = queue.Queue()
        inbox.put(('build', '{}'))  # on connect, without `pages`
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
    return edit(site, lambda p: setattr(p, 'head', '<meta name="owl-live" content="/_owl/events">'))


class LiveTest(BrowserTest):
    def setUp(self):
        super().setUp()
        self.server.close()
        self.streams = []
        handler = type('Bound', (EventHandler,), {'streams': self.streams})
        self.server = Server(self.site, handler)

    def tearDown(self):
        for inbox in list(self.streams):
            inbox.put((None, None))
        super().tearDown()

    def send(self, event, data):
        WebDriverWait(self.driver, 10).until(lambda d: self.streams)
        for inbox in list(self.streams):
            inbox.put((event, json.dumps(data)))

    def test_error_overlay_then_build_patches(self):
        old = live(posts())
        self.serve(self.builds.build(old))
        self.open('/posts/')
        message = 'content/posts/a.md:3: front matter: expected a mapping <b>'
        self.send('error', {'message': message, 'file': 'content/posts/a.md', 'line': 3})
        overlay = WebDriverWait(self.driver, 10).until(
            lambda d: d.execute_script("return document.getElementById('owl-error')"))
        # The overlay titles the failure and may show the source around it; the message is in it whole.
        self.assertIn(message, overlay.text)
        self.assertFalse(self.driver.execute_script("return document.getElementById('owl-error').hasAttribute('style')"))
        self.assertEqual(self.driver.execute_script(
            "return getComputedStyle(document.getElementById('owl-error')).position"), 'fixed')
        new = self.builds.build(edit(old, lambda p: p.sections[0].cells.insert(0, Cell('live', 'Live!'))))
        self.serve(new)
        self.driver.execute_script("window.__owlEvents = 0; document.addEventListener('owl:patched', () => window.__owlEvents++)")
        self.send('build', {'pages': [page_key('/posts/')]})
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "return window.__owlEvents === 1 && !document.querySelector('[aria-busy]')"))
        self.assertIsNone(self.driver.execute_script("return document.getElementById('owl-error')"))
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_no_live_meta_no_event_stream(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.assertEqual(self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/_owl/events')).length"), 0)
        self.assertEqual(self.streams, [])


class IntervalTest(BrowserTest):
    refreshes_when_shown = True

    def test_refresh_meta_refreshes_by_itself(self):
        old = edit(posts(), lambda p: setattr(p, 'head', '<meta name="owl-refresh" content="0.3">'))
        self.serve(self.builds.build(old))
        self.open('/posts/')
        self.driver.execute_script("window.__owlEvents = 0; document.addEventListener('owl:patched', () => window.__owlEvents++)")
        self.serve(self.builds.build(edit(old, lambda p: p.sections.pop(0))))
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "return window.__owlEvents === 1 && !document.querySelector('[aria-busy]')"))
        self.assertEqual(self.html(), self.fresh('/posts/'))

    def test_visible_again_refreshes(self):
        self.serve(self.builds.build(posts()))
        self.open('/posts/')
        self.driver.execute_script("window.__owlEvents = 0; document.addEventListener('owl:patched', () => window.__owlEvents++)")
        self.serve(self.builds.build(edit(posts(), lambda p: p.sections[1].cells.pop())))
        self.driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "return window.__owlEvents === 1 && !document.querySelector('[aria-busy]')"))
        self.assertEqual(self.html(), self.fresh('/posts/'))


class SubPathTest(BrowserTest):
    """The site lives at /blog/: owl.js finds the state files and patches next to itself."""
    root = '/blog/'

    def serve(self, folder):
        nested = os.path.join(self.site, 'blog')
        os.makedirs(nested, exist_ok=True)
        site, self.site = self.site, nested
        try:
            super().serve(folder)
        finally:
            self.site = site

    def test_patches_below_a_sub_path(self):
        def change(p):
            p.sections.insert(1, Section('mid', 'Middle', [Cell('m', 'm')]))
        self.assertMoves(posts(), edit(posts(), change))

    def test_root_page_below_a_sub_path(self):
        site = {'/': posts()['/posts/']}
        self.assertMoves(site, edit(site, lambda p: p.sections[0].cells.pop(), path='/'), path='/')
        self.assertMoves(site, edit(site, lambda p: p.sections[0].cells.pop(), path='/'), path='/index.html')
