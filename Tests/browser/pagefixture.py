"""What the client's browser tests add to owlfixture's builds (which render hand-made pages
with their versions and state files, and have `owl-site diff OLD NEW --write` write the
patches and `from` lists): a handler that serves the site's not-found page for a missing
address, as a static host does. The not-found page is the page at `/404.html`.
"""
import os

from harness import Handler


class NotFoundHandler(Handler):
    """Serves the site's 404.html, with status 404, for a missing page (as a static host does)."""

    def send_error(self, code, message=None, explain=None):
        page = os.path.join(self.directory, '404.html')
        if code != 404 or not os.path.exists(page) or '/_owl/' in self.path:
            return super().send_error(code, message, explain)
        with open(page, 'rb') as fh:
            body = fh.read()
        self.send_response(404)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)
