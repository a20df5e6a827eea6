"""`owl-site diff OLD NEW [--write] [--json] [--exit-code]` on hand-made builds."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from owlfixture import Builds, Cell, owl_site, page_key, page_state, page_version, patch_file
from test_refresh import edit, posts


class DiffCommandTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='owl-diff-')
        self.builds = Builds(self.tmp, history=0)
        self.old = self.builds.build(posts())

        def change(p):
            p.sections[0].cells.insert(0, Cell('new', 'New'))
            p.sections[1].cells.pop()
            p.nav = 'Elsewhere'
        self.new = self.builds.build(edit(posts(), change))

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run_diff(self, *args):
        return subprocess.run([owl_site(), 'diff', *args], capture_output=True, text=True)

    def test_summary_names_what_changed(self):
        result = self.run_diff(self.old, self.new)
        self.assertEqual(result.returncode, 0)
        self.assertIn('changed  /posts/', result.stdout)
        self.assertIn('regions: nav\n', result.stdout)
        self.assertIn('list posts: cells: 1 inserted, 1 deleted', result.stdout)
        self.assertNotIn('/about/', result.stdout)

    def test_json_gives_the_same(self):
        result = self.run_diff(self.old, self.new, '--json')
        data = json.loads(result.stdout)
        self.assertEqual([page['path'] for page in data['changed']], ['/posts/'])
        counts = data['changed'][0]['lists'][0]['changes']
        self.assertEqual((counts['cellsInserted'], counts['cellsDeleted'], counts['cellsMoved']), (1, 1, 0))

    def test_exit_code(self):
        self.assertEqual(self.run_diff(self.old, self.new, '--exit-code').returncode, 1)
        self.assertEqual(self.run_diff(self.old, self.old, '--exit-code').returncode, 0)

    def test_write_puts_the_pages_patch_under_owl_patches_and_names_it_in_the_state_file(self):
        old, new = page_version(self.old, '/posts/'), page_version(self.new, '/posts/')
        patch = patch_file(self.new, '/posts/', old)
        self.assertFalse(os.path.exists(patch))
        self.assertEqual(self.run_diff(self.old, self.new, '--write').returncode, 0)
        with open(patch) as fh:
            data = json.load(fh)
        self.assertEqual((data['format'], data['version'], data['page'], data['from'], data['to']), ('owl-patch', 2, '/posts/', old, new))
        self.assertEqual(page_state(self.new, '/posts/')['from'], [old])
        self.assertEqual(os.listdir(os.path.join(self.new, '_owl', 'patches')), [os.path.basename(patch)], 'the unchanged /about/ needs none')

    def test_not_a_build_folder_names_it(self):
        result = self.run_diff(self.tmp, self.new)
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stderr.startswith('error: ' + self.tmp + ': no build of owl-site here'), result.stderr)

    def test_of_two_folders_that_are_no_builds_the_first_is_named(self):
        other = os.path.join(self.tmp, 'other')
        os.mkdir(other)
        result = self.run_diff(other, self.tmp)
        self.assertEqual(result.returncode, 1)
        self.assertIn(other + ':', result.stderr)
        self.assertNotIn(self.tmp + ':', result.stderr)


if __name__ == '__main__':
    unittest.main()
