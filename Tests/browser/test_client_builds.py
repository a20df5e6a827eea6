"""owl.js against this branch's `owl-site build`: a small site built, edited and rebuilt in
place (its output folder served with its 404 page, as a static host serves it) while a page
stays open. Every refresh ends as the page-version protocol says (the BRIEF's §4): current,
patched from one or several versions back (equal to a fresh load of the new build), reloaded
past `history`, on a corrupted patch, for a removed page and for a new one where the
not-found page stood in."""
import json
import os
import re
import subprocess
import unittest

from harness import BrowserTest, Server
from owlfixture import CLIENT, owl_site, xxh64
from owlfixture import page_key, page_state, state_file
from pagefixture import NotFoundHandler


def post(title, date, body='A post.'):
    return f'---\ntitle: "{title}"\ndate: {date}\n---\n\n{body}\n'


class SourceSite:
    """A site's sources and its output folder; each `build` runs `owl-site build` into the
    same output, as a writer saving and building does."""

    def __init__(self, folder, history=5):
        self.source, self.output = os.path.join(folder, 'source'), os.path.join(folder, 'public')
        self.write('owl.yml', f'title: Built\nhistory: {history}\n'
                              'sections:\n  posts:\n    style: list\n    group: year\n    sort: date\n')
        self.write('content/_index.md', '---\ntitle: Built\n---\n\nThe home page.\n')
        self.write('content/about.md', '---\ntitle: About\n---\n\nAbout this site.\n')
        self.write('content/posts/_index.md', '---\ntitle: Posts\n---\n\nEvery post.\n')
        for n, date in enumerate(('2024-03-01', '2024-01-10', '2023-06-05', '2023-02-01', '2022-09-09')):
            self.write(f'content/posts/post-{n}.md', post(f'Post {n}', date))

    def write(self, name, text):
        path = os.path.join(self.source, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as fh:
            fh.write(text)

    def remove(self, name):
        os.remove(os.path.join(self.source, name))

    def build(self):
        done = subprocess.run([owl_site(), 'build', '--source', self.source, '--output', self.output],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError(f'owl-site build: exit {done.returncode}\n{done.stdout}{done.stderr}')

    def state(self, path):
        """The state of the page at `path`, as the build wrote it in its state file."""
        return page_state(self.output, path)

    def patch_file(self, path, old):
        state = self.state(path)
        return os.path.join(self.output, '_owl', 'patches', f'{page_key(path)}-{old}-{state["version"]}.json')


class BuiltRefreshTest(BrowserTest):
    """One Chromium for the class; each test builds its own site."""

    def setUp(self):
        super().setUp()
        self.server.close()
        self.source = SourceSite(os.path.join(self.tmp, 'site-source'))

    def start(self, history=5):
        """Builds the site (with `history`) and serves its output folder."""
        if history != 5:
            self.source = SourceSite(os.path.join(self.tmp, f'site-{history}'), history=history)
        self.source.build()
        self.server = Server(self.source.output, NotFoundHandler)

    def open_posts_then_add_a_post(self):
        """Opens /posts/, then builds the site with a new post; the version the browser shows."""
        self.open('/posts/')
        old = self.source.state('/posts/')['version']
        self.source.write('content/posts/new.md', post('A new post', '2024-02-02'))
        self.source.build()
        return old

    def version(self):
        return self.driver.execute_script("return document.querySelector('meta[name=owl-page]').content")

    def assertPatchedToFresh(self, path='/posts/'):
        self.assertRefresh('patched')
        self.assertEqual(self.driver.execute_script('return window.__owlEvents'), 1)
        got = self.html()
        self.assertEqual(self.version(), f'{page_key(path)} {self.source.state(path)["version"]}')
        self.assertEqual(got, self.fresh(path))

    def test_every_page_names_its_key_and_version_and_its_state_file_agrees(self):
        self.start()
        self.source.write('content/posts/new.md', post('A new post', '2024-02-02'))
        self.source.build()
        seen = set()
        for folder, _, files in os.walk(self.source.output):
            for name in files:
                if not name.endswith('.html'):
                    continue
                file = os.path.relpath(os.path.join(folder, name), self.source.output)
                path = '/404.html' if file == '404.html' else '/' + file[:-len('index.html')]
                with open(os.path.join(folder, name), encoding='utf-8') as fh:
                    text = fh.read()
                meta = re.findall(r'<meta name="owl-page" content="([0-9a-f]{16}) ([0-9a-f]{16})">', text)
                self.assertEqual(len(meta), 1, file)
                key, version = meta[0]
                self.assertEqual(key, page_key(path), file)
                blank = text.replace(f'content="{key} {version}"', f'content="{key} {"0" * 16}"')
                self.assertEqual(version, xxh64(blank), file)
                state = self.source.state(path)
                self.assertEqual(sorted(state), ['from', 'page', 'version'])
                self.assertEqual((state['page'], state['version']), (path, version))
                for old in state['from']:
                    with open(self.source.patch_file(path, old)) as fh:
                        patch = json.load(fh)
                    self.assertEqual((patch['format'], patch['version'], patch['page'], patch['from'], patch['to']),
                                     ('owl-patch', 2, path, old, version))
                seen.add(path)
        self.assertTrue({'/', '/posts/', '/about/', '/404.html', '/posts/new/'} <= seen, seen)
        self.assertEqual(len(self.source.state('/posts/')['from']), 1)  # the list gained a post
        self.assertEqual(self.source.state('/posts/new/')['from'], [])  # a new page has no older version

    def test_the_build_writes_both_scripts_as_make_resources_built_them(self):
        self.start()
        for name in ('owl.js', 'owl-live.js'):
            with open(os.path.join(os.path.dirname(CLIENT), name), 'rb') as fh:
                want = fh.read()
            with open(os.path.join(self.source.output, '_owl', name), 'rb') as fh:
                self.assertEqual(fh.read(), want, f'_owl/{name} differs from client/{name}: make resources, then build')

    def test_a_rebuild_that_leaves_the_page_alone_is_current(self):
        self.start()
        self.open('/posts/')
        self.source.build()
        self.assertRefresh('current')
        self.source.write('content/about.md', '---\ntitle: About\n---\n\nAbout this site, edited.\n')
        self.source.build()
        self.assertRefresh('current')

    def test_patched_from_the_previous_version(self):
        self.start()
        old = self.open_posts_then_add_a_post()
        self.assertEqual(self.source.state('/posts/')['from'][0], old)
        self.assertPatchedToFresh()
        self.assertIn('A new post', self.html())

    def test_patched_from_several_versions_back(self):
        self.start()
        old = self.open_posts_then_add_a_post()
        self.source.write('content/posts/post-1.md', post('Post 1, retitled', '2024-01-10'))
        self.source.build()
        self.source.remove('content/posts/post-3.md')
        self.source.write('content/posts/post-4.md', post('Post 4, re-dated', '2024-05-05'))
        self.source.build()
        self.assertIn(old, self.source.state('/posts/')['from'])
        self.assertPatchedToFresh()

    def test_reloaded_past_history(self):
        self.start(history=1)
        old = self.open_posts_then_add_a_post()
        self.source.write('content/posts/post-1.md', post('Post 1, retitled', '2024-01-10'))
        self.source.build()
        self.assertEqual(len(self.source.state('/posts/')['from']), 1)
        self.assertNotIn(old, self.source.state('/posts/')['from'])
        self.assertFalse(os.path.exists(self.source.patch_file('/posts/', old)))
        self.assertRefresh('reloaded')
        self.assertIn('Post 1, retitled', self.html())

    def test_corrupted_patch_reloads_and_changes_nothing_first(self):
        self.start()
        old = self.open_posts_then_add_a_post()
        name = self.source.patch_file('/posts/', old)
        patch = json.load(open(name))
        patch['lists'][0]['stages'].append({'elementDeleted': [{'at': [0, 0], 'id': 'not-there'}]})
        with open(name, 'w') as fh:
            json.dump(patch, fh)
        self.driver.execute_script("""
            sessionStorage.clear();
            new MutationObserver(() => sessionStorage.touched = 'yes').observe(
                document.querySelector('[data-owl-list]'), {subtree: true, childList: true, attributes: true});""")
        self.assertRefresh('reloaded')
        self.assertIsNone(self.driver.execute_script('return sessionStorage.touched'))
        self.assertIn('A new post', self.html())

    def test_removed_page_reloads_to_the_not_found_page(self):
        self.start()
        self.open('/about/')
        self.source.remove('content/about.md')
        self.source.build()
        self.assertFalse(os.path.exists(state_file(self.source.output, '/about/')) and page_state(self.source.output, '/about/'))
        self.assertRefresh('reloaded')
        self.assertEqual(self.version().split()[0], page_key('/404.html'))
        self.assertRefresh('current')  # the not-found page, current, standing in

    def test_new_page_replaces_the_not_found_page(self):
        self.start()
        self.open('/later/')
        self.assertEqual(self.version().split()[0], page_key('/404.html'))
        self.assertRefresh('current')
        self.source.write('content/later.md', '---\ntitle: Later\n---\n\nWritten later.\n')
        self.source.build()
        self.assertRefresh('reloaded')
        self.assertEqual(self.version().split()[0], page_key('/later/'))
        self.assertIn('Written later.', self.html())


if __name__ == '__main__':
    unittest.main()
