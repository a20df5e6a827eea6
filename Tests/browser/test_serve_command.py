"""`owl-site serve` from the command line, without a browser: what it builds and serves."""
import os
import shutil
import subprocess
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
        server = subprocess.Popen([owl_site(), 'serve', '--source', self.site, '--port', '0', '--no-watch', *flags],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            printed = []
            line = server.stdout.readline()
            while line and not line.startswith('Serving at'):
                printed.append(line)
                line = server.stdout.readline()
            self.assertTrue(line.startswith('Serving at'), 'owl-site serve did not start')
            url = line.split()[2] + path.lstrip('/')
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    return response.status, printed
            except urllib.error.HTTPError as error:
                return error.code, printed
        finally:
            server.terminate()
            self.assertEqual(server.wait(timeout=10), 0, 'owl-site serve did not exit cleanly on SIGTERM')
            server.stdout.close()

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


if __name__ == '__main__':
    unittest.main()
