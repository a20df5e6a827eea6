"""owl.js as shipped: the minified files are esbuild's output of client/src (reproducible)
and embedded in the binary, owl.js (what every page loads) fits the size budget, and
neither they nor their source use what a strict CSP forbids."""
import glob
import gzip
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from owlfixture import CLIENT, PACKAGE

CLIENT_DIR = os.path.dirname(CLIENT)
SOURCES = sorted(glob.glob(os.path.join(PACKAGE, 'client', 'src', '*.js')))


class ClientFileTest(unittest.TestCase):
    def setUp(self):
        with open(CLIENT, 'rb') as fh:
            self.served = fh.read()

    def test_at_most_3000_bytes_gzipped(self):
        self.assertLessEqual(len(gzip.compress(self.served, 9)), 3000)

    def test_is_the_minified_source(self):
        self.assertIsNotNone(shutil.which('esbuild'), 'esbuild missing: run make setup')
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([os.path.join(PACKAGE, 'scripts', 'build-owl-js.sh'), tmp], check=True)
            for name in ('owl.js', 'owl-live.js'):
                with open(os.path.join(tmp, name), 'rb') as built, open(os.path.join(CLIENT_DIR, name), 'rb') as shipped:
                    self.assertEqual(built.read(), shipped.read(), f'client/{name} is stale: run make resources')

    def test_embedded_in_the_binary(self):
        result = subprocess.run(['python3', os.path.join(PACKAGE, 'scripts', 'embed-resources.py'), '--check'])
        self.assertEqual(result.returncode, 0, 'EmbeddedTheme.swift is stale: run make resources')

    def test_no_eval_no_style_attributes(self):
        self.assertTrue(SOURCES)
        for path in [CLIENT, os.path.join(CLIENT_DIR, 'owl-live.js'), *SOURCES]:
            text = open(path).read()
            for banned in (r'\beval\(', r'new Function\b', r'\.style\b', r"setAttribute\(['\"]style",
                           r'\bimport\(', r'cssText', r'insertAdjacentHTML'):
                with self.subTest(os.path.basename(path), banned=banned):
                    self.assertIsNone(re.search(banned, text), banned)


if __name__ == '__main__':
    unittest.main()
