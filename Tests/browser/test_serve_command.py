"""`owl-site serve` from the command line, without a browser: what it builds and serves."""
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
import tempfile
import unittest
import urllib.error
import urllib.request

from owlfixture import PACKAGE, owl_site

FIXTURE = os.path.join(PACKAGE, 'Tests', 'fixtures', 'sites', 'basic')


class ServeCommandTest(unittest.TestCase):
    def setUp(self):
        self.site = os.path.join(tempfile.mkdtemp(prefix='owl-serve-command-'), 'site')
        shutil.copytree(FIXTURE, self.site)

    def tearDown(self):
        shutil.rmtree(os.path.dirname(self.site), ignore_errors=True)

    def status(self, path, *flags):
        """The status `serve FLAGS` answers `path` with (on a port the system picks)."""
        return self.serve(path, *flags)[0]

    def serve(self, path, *flags):
        """The status `serve FLAGS` answers `path` with (on a port the system picks), and
        what it printed until it started serving."""
        with self.running(*flags) as (url, printed, _):
            try:
                with urllib.request.urlopen(url + path.lstrip('/'), timeout=10) as response:
                    return response.status, printed
            except urllib.error.HTTPError as error:
                return error.code, printed

    @contextlib.contextmanager
    def running(self, *flags, stop=signal.SIGTERM):
        """`serve FLAGS` running on a port the system picks: its URL, what it printed until
        it started serving, and its process id. Stopped with `stop`, after which it must exit 0."""
        server = subprocess.Popen([owl_site(), 'serve', '--source', self.site, '--port', '0', '--no-watch', *flags],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            printed = []
            line = server.stdout.readline()
            while line and not line.startswith('Serving at'):
                printed.append(line)
                line = server.stdout.readline()
            self.assertTrue(line.startswith('Serving at'), 'owl-site serve did not start')
            yield line.split()[2], printed, server.pid
        finally:
            server.send_signal(stop)
            self.assertEqual(server.wait(timeout=10), 0, f'owl-site serve did not exit cleanly on {stop.name}')
            server.stdout.close()

    @staticmethod
    def exchange(url, request, timeout=10):
        """Sends the raw bytes `request` to the server at `url`; what it answers until it closes."""
        host, port = url.split('//')[1].rstrip('/').rsplit(':', 1)
        with socket.create_connection((host, int(port)), timeout=timeout) as connection:
            connection.sendall(request)
            answer = b''
            while chunk := connection.recv(65536):
                answer += chunk
            return answer

    def test_drafts_are_served_only_when_asked_for(self):
        self.assertEqual(self.status('/posts/draft/'), 404)
        self.assertEqual(self.status('/posts/draft/', '--drafts'), 200)
        self.assertEqual(self.status('/posts/first/'), 200)

    def test_warnings_are_printed(self):
        shutil.copytree(os.path.join(PACKAGE, 'Tests', 'fixtures', 'sites', 'warnings', 'broken-link'), self.site, dirs_exist_ok=True)
        status, printed = self.serve('/posts/linking/')
        self.assertEqual(status, 200)
        self.assertEqual(printed.count('warning: content/posts/linking.md:8: broken link: /posts/gone/\n'), 1, printed)
        self.assertEqual(len([line for line in printed if line.startswith('built ')]), 1, printed)
        self.assertFalse(any('/about/' in line for line in printed), printed)

    def test_a_rebuild_refuses_huge_pages(self):
        """Huge pages, cleared whole when first touched, made rebuilds a writer makes seconds
        apart up to twice as slow in a virtual machine that hands free memory back to its
        host (`Support/HugePages.swift`): every build refuses them, not only a first one.
        The site is built first, so serve's build takes pages from it."""
        built = subprocess.run([owl_site(), 'build', '--source', self.site, '--quiet'], capture_output=True, text=True)
        self.assertEqual(built.returncode, 0, built.stderr)
        with self.running() as (_, printed, pid):
            self.assertTrue(any(line.startswith('built ') for line in printed), printed)
            with open(f'/proc/{pid}/status') as status:
                fields = dict(line.split(':', 1) for line in status)
            self.assertEqual(fields['THP_enabled'].strip(), '0')

    def test_sigint_stops_it_cleanly_with_an_event_stream_open(self):
        with self.running(stop=signal.SIGINT) as (url, _, _):
            host, port = url.split('//')[1].rstrip('/').rsplit(':', 1)
            events = socket.create_connection((host, int(port)), timeout=10)
            events.sendall(b'GET /_owl/events HTTP/1.1\r\nHost: a\r\n\r\n')
            received = b''
            while b'event: build' not in received and (chunk := events.recv(65536)):
                received += chunk
            self.assertIn(b'event: build\ndata: {}\n\n', received)
        events.settimeout(5)
        while events.recv(65536):
            pass  # ended by the server as it stopped
        events.close()

    def test_hostile_requests_are_answered_and_it_carries_on(self):
        """Issue 30's reproducers, against the command itself."""
        with self.running() as (url, _, _):
            huge_year = b'Sun, 06 Nov -2147483648 08:49:37 GMT'
            for headers in (b'If-Modified-Since: ' + huge_year, b'Range: bytes=0-3\r\nIf-Range: ' + huge_year):
                answer = self.exchange(url, b'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n' + headers + b'\r\n\r\n')
                self.assertTrue(answer.startswith(b'HTTP/1.1 200 '), answer[:80])
            for method in (b'POST', b'PUT', b'DELETE'):
                answer = self.exchange(url, method + b' / HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi')
                self.assertTrue(answer.startswith(b'HTTP/1.1 405 '), answer[:80])
                self.assertIn(b'\r\nAllow: GET, HEAD\r\n', answer)
            # Part of a request head, never finished: closed after the header timeout (5 s).
            started = time.monotonic()
            self.assertEqual(self.exchange(url, b'GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ', timeout=15), b'')
            self.assertLess(time.monotonic() - started, 10)
            with urllib.request.urlopen(url, timeout=10) as response:
                self.assertEqual(response.status, 200)


if __name__ == '__main__':
    unittest.main()
