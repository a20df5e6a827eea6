"""Accessibility of the default theme: axe-core 4.x (default rules) on every page of the
demo site at a desktop and a phone width, in light and dark, and the Nu HTML validator on
every page's file. Both tools are planted a fault first, to show that they do run."""
import os
import shutil
import tempfile
import unittest

from harness import Server, chromium
from themecheck import DESKTOP, PHONE, SCHEMES, axe_source, demo_site, html_files, pages, run_axe, set_scheme, set_viewport, validate


class DemoAccessibility(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = demo_site()
        cls.server = Server(cls.folder)
        cls.driver = chromium()
        cls.driver.set_script_timeout(60)
        cls.axe = axe_source()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_axe_finds_a_planted_violation(self):
        # Served under the same CSP as the site: an image without alt text and an unlabelled input.
        with open(os.path.join(self.folder, 'planted.html'), 'w') as file:
            file.write('<!doctype html><html lang="en"><title>x</title><main><h1>x</h1>'
                       '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="checkbox"></main></html>')
        try:
            set_viewport(self.driver, DESKTOP)
            self.driver.get(self.server.url + '/planted.html')
            found = {violation['id'] for violation in run_axe(self.driver, self.axe)}
        finally:
            os.remove(os.path.join(self.folder, 'planted.html'))
        self.assertIn('image-alt', found)
        self.assertIn('label', found)

    def test_no_axe_violations_on_any_page(self):
        paths = pages(self.folder)
        self.assertGreater(len(paths), 10, 'the demo has list pages, posts, tag pages and the 404 page')
        found = []
        for size in (DESKTOP, PHONE):
            set_viewport(self.driver, size)
            for path in paths:
                set_scheme(self.driver, 'light')
                self.driver.get(self.server.url + path)
                for scheme in SCHEMES:
                    # The colour scheme switches without a reload: the stylesheet's media query follows.
                    set_scheme(self.driver, scheme)
                    for violation in run_axe(self.driver, self.axe):
                        found.append(f"{path} {size[0]}px {scheme}: {violation['id']} ({violation['impact']}) "
                                     f"{violation['help']}\n    " + '\n    '.join(violation['nodes'][:5]))
        self.assertEqual(found, [], '\n'.join(found))

    def test_the_validator_finds_a_planted_error(self):
        folder = tempfile.mkdtemp(prefix='owl-vnu-')
        try:
            path = os.path.join(folder, 'bad.html')
            with open(path, 'w') as file:
                file.write('<!doctype html><html lang="en"><title>x</title><p><div>x</div></span></html>')
            errors = [m for m in validate([path]) if m['type'] == 'error']
        finally:
            shutil.rmtree(folder)
        self.assertTrue(errors)

    def test_no_validator_errors_on_any_page(self):
        messages = validate(html_files(self.folder))
        errors = [f"{os.path.relpath(m['url'].removeprefix('file:'), self.folder)}:{m.get('lastLine')}: {m['message']}"
                  for m in messages if m['type'] == 'error']
        self.assertEqual(errors, [], '\n'.join(errors))


if __name__ == '__main__':
    unittest.main()
