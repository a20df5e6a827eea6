"""`make bench`'s owl.js benchmark (Benchmarks/browser/bench_owljs.py), run once: it uses
these tests' fixtures, and when they changed it stopped `make bench`, which CI does not run."""
import contextlib
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Benchmarks', 'browser'))

import bench_owljs  # noqa: E402


class BenchOwlJSTest(unittest.TestCase):
    def test_one_run_applies_the_patch_and_prints_every_figure(self):
        bench_owljs.RUNS = 1
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            bench_owljs.main()
        lines = printed.getvalue()
        # `measure` asserts that each refresh patched the page; these are the figures it prints.
        for figure in ('refresh, reduced motion', 'the two fetches alone', 'apply', 'until owl:patching',
                       'bytes gzipped (gzip -9), budget 3,000', 'owl-live.js (owl-site serve only)'):
            self.assertIn(figure, lines)


if __name__ == '__main__':
    unittest.main()
