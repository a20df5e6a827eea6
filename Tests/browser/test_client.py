"""owl.js as shipped: its size budget and what it must never use."""
import gzip
import os
import re
import unittest

from owlfixture import CLIENT


class ClientTest(unittest.TestCase):
    def setUp(self):
        with open(CLIENT, 'rb') as fh:
            self.source = fh.read()

    def test_at_most_3000_bytes_gzipped(self):
        self.assertLessEqual(len(gzip.compress(self.source, 9)), 3000)

    def test_no_eval_no_style_attributes(self):
        text = self.source.decode()
        for banned in (r'\beval\(', r'new Function\b', r'\.style\b', r"setAttribute\('style'", r'\bimport\('):
            self.assertIsNone(re.search(banned, text), banned)


if __name__ == '__main__':
    unittest.main()
