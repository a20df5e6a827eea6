"""The default theme in Chromium: nothing wider than a phone, code colours that read in both
schemes, focus that shows, motion that stops when asked, and the basics a visitor sees
(favicon, heading anchors, code language labels, tag chips, cards, home page, byline)."""
import os
import shutil
import tempfile
import textwrap
import unittest

from harness import Server, chromium
from themecheck import DESKTOP, PHONE, build_site, demo_site, pages, set_scheme, set_viewport

LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt' * 2
LONG_URL = 'https://example.com/' + '/'.join(['a-very-long-path-segment-that-goes-on'] * 6) + '?query=' + 'x' * 80

# A site whose content is what breaks narrow layouts: long code lines, URLs and words, wide tables, big images.
FIXTURE = {
    'owl.yml': 'title: Wide Things\nauthor: Fixture Author\nsections:\n  posts:\n    title: Wide Things\n    pageSize: 2\n',
    'content/_index.md': '---\ntitle: Wide Things\n---\n\nA site of long lines.\n',
    'content/posts/long-code.md': textwrap.dedent(f"""\
        ---
        title: Long code and {LONG_WORD}
        date: 2024-03-01
        tags: [wide, code]
        summary: "{LONG_WORD}"
        ---

        Inline code that does not stop: `{'let value = someFunction(argument: anotherFunction(' * 6})`.

        A bare URL: {LONG_URL} and a [link with a long text {LONG_WORD}]({LONG_URL}).

        ```swift
        let x = [{', '.join(str(n) * 8 for n in range(60))}] // a comment that runs on and on and on
        ```

        ```
        {'plain text without a language ' * 12}
        ```

        ![A wide picture](/images/wide.svg)

        | {' | '.join(f'column {n}' for n in range(14))} |
        |{'|'.join([':---', ':---:', '---:'] * 4 + ['---', '---'])}|
        | {' | '.join(f'value {n} {LONG_WORD[:20]}' for n in range(14))} |
        """),
    'content/posts/second.md': '---\ntitle: Second\ndate: 2024-02-01\ntags: [wide]\n---\n\nText.\n',
    'content/posts/third.md': '---\ntitle: Third\ndate: 2024-01-01\nauthor: Someone Else\n---\n\nText.\n',
    'content/posts/undated.md': '---\ntitle: Undated\ntags: [wide]\n---\n\nNo date.\n',
    'content/projects/tool.md': '---\ntitle: Tool\ntags: [wide]\n---\n\nA project.\n',
    'content/images/wide.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="600" viewBox="0 0 2400 600">'
                               '<rect width="2400" height="600" fill="#c99a63"/></svg>\n',
}


def write_fixture(folder):
    for path, text in FIXTURE.items():
        os.makedirs(os.path.join(folder, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(folder, path), 'w', encoding='utf-8') as file:
            file.write(text)


def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(css):
    """`rgb(1, 2, 3)` → (1, 2, 3)."""
    return tuple(int(float(part)) for part in css[css.index('(') + 1:css.index(')')].split(',')[:3])


class ThemeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='owl-theme-')
        source = os.path.join(cls.tmp, 'source')
        write_fixture(source)
        cls.fixture = build_site(source, os.path.join(cls.tmp, 'fixture'))
        cls.demo = demo_site()
        cls.fixture_server = Server(cls.fixture)
        cls.demo_server = Server(cls.demo)
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.fixture_server.close()
        cls.demo_server.close()
        shutil.rmtree(cls.tmp, ignore_errors=True)
        shutil.rmtree(cls.demo, ignore_errors=True)

    def open(self, server, path, size=DESKTOP, scheme='light'):
        set_viewport(self.driver, size)
        set_scheme(self.driver, scheme)
        self.driver.get(server.url + path)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def test_no_page_is_wider_than_a_phone(self):
        wide = []
        for server, folder in ((self.fixture_server, self.fixture), (self.demo_server, self.demo)):
            for path in pages(folder):
                self.open(server, path, PHONE)
                width = self.js('return document.documentElement.scrollWidth')
                if width > PHONE[0]:
                    culprits = self.js("""return [...document.querySelectorAll('body *')]
                        .filter(e => e.getBoundingClientRect().right > arguments[0] + 1)
                        .slice(0, 5).map(e => e.tagName + '.' + e.className)""", PHONE[0])
                    wide.append(f'{path}: {width}px ({culprits})')
        self.assertEqual(wide, [])
        # The fixture is wide where it should be: its code and table scroll inside their boxes.
        self.open(self.fixture_server, '/posts/long-code/', PHONE)
        scrolling = self.js("""return [...document.querySelectorAll('pre, table')]
            .map(e => [e.tagName, e.scrollWidth > e.clientWidth, e.tabIndex])""")
        self.assertIn(['PRE', True, 0], scrolling)
        self.assertIn(['TABLE', True, 0], scrolling)

    def test_tables_keep_their_column_alignment(self):
        self.open(self.fixture_server, '/posts/long-code/')
        aligns = self.js("return [...document.querySelectorAll('tbody td')].slice(0, 4).map(td => getComputedStyle(td).textAlign)")
        self.assertEqual(aligns, ['left', 'center', 'right', 'left'])
        self.assertEqual(self.js("return getComputedStyle(document.querySelectorAll('th')[12]).textAlign"), 'start')
        # On a phone, a one-word heading cell stays on one line: the table scrolls instead.
        self.open(self.demo_server, '/posts/small-screens/', PHONE)
        lines = self.js("""return [...document.querySelectorAll('th')].map(th => {
            const range = document.createRange(); range.selectNodeContents(th); return [th.textContent, range.getClientRects().length] })""")
        self.assertEqual([line for line in lines if ' ' not in line[0].strip() and line[1] != 1], [])

    def test_images_fit_the_column_and_keep_their_shape(self):
        for size in (DESKTOP, PHONE):
            self.open(self.fixture_server, '/posts/long-code/', size)
            box = self.js("""const img = document.querySelector('.post-body img'), body = document.querySelector('.post-body');
                return [img.getBoundingClientRect().width, img.getBoundingClientRect().height, body.clientWidth]""")
            width, height, column = box
            self.assertLessEqual(width, column + 0.5)
            self.assertAlmostEqual(width / height, 4, delta=0.05)
        self.open(self.demo_server, '/about/')
        self.assertLessEqual(self.js("return document.querySelector('.post-body img').getBoundingClientRect().height"), 24 * 17 + 1)

    def test_every_code_colour_reads_in_both_schemes(self):
        kinds = ['keyword', 'type', 'string', 'number', 'comment', 'attribute', 'variable']
        for scheme in ('light', 'dark'):
            self.open(self.demo_server, '/posts/markdown-tour/', scheme=scheme)
            colours = self.js("""const pre = document.querySelector('pre');
                for (const kind of arguments[0]) pre.insertAdjacentHTML('beforeend', `<span class="hl-${kind}">x</span>`);
                return [getComputedStyle(pre).backgroundColor, getComputedStyle(document.body).backgroundColor,
                        ...arguments[0].map(k => getComputedStyle(pre.querySelector('.hl-' + k)).color)]""", kinds)
            background, page = rgb(colours[0]), rgb(colours[1])
            self.assertNotEqual(background, page if scheme == 'light' else (0, 0, 0))
            for kind, colour in zip(kinds, colours[2:]):
                self.assertGreaterEqual(contrast(rgb(colour), background), 4.5, f'{scheme} .hl-{kind}: {colour} on {colours[0]}')

    def test_keyboard_focus_shows_and_the_skip_link_leads_to_the_content(self):
        self.open(self.demo_server, '/posts/markdown-tour/')
        body = self.driver.find_element('tag name', 'body')
        from selenium.webdriver.common.keys import Keys
        body.send_keys(Keys.TAB)
        focused = self.js("""const e = document.activeElement, s = getComputedStyle(e);
            return [e.className, s.outlineStyle, parseFloat(s.outlineWidth), e.getBoundingClientRect().top >= 0]""")
        self.assertEqual(focused, ['skip-link', 'solid', 3, True])
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        self.assertEqual(self.js('return document.activeElement.id'), 'main-content')
        # A heading anchor's # shows on focus, not before.
        shown = self.js("""const a = document.querySelector('h2 .anchor');
            const before = getComputedStyle(a, '::after').opacity; a.focus();
            return [before, getComputedStyle(a, '::after').opacity, getComputedStyle(a, '::after').content]""")
        self.assertEqual(shown[:2], ['0', '1'])
        self.assertIn('#', shown[2])

    def test_reduced_motion_is_honoured_by_the_stylesheet(self):
        self.open(self.demo_server, '/')
        self.assertEqual(self.js('return getComputedStyle(document.documentElement).scrollBehavior'), 'smooth')
        self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        self.assertEqual(self.js('return getComputedStyle(document.documentElement).scrollBehavior'), 'auto')
        self.assertEqual(self.js("return getComputedStyle(document.querySelector('a')).transitionDuration"), '1e-05s')

    def test_what_a_visitor_sees(self):
        self.open(self.demo_server, '/posts/markdown-tour/')
        favicon = self.js("return document.querySelector('link[rel=icon]').href")
        self.assertTrue(favicon.endswith('/assets/favicon.svg'))
        self.assertEqual(self.js("return fetch(arguments[0]).then(r => r.status + ' ' + r.headers.get('content-type'))", favicon)[:3], '200')
        self.assertEqual(self.js("return [...document.querySelectorAll('pre[data-language]')].map(p => getComputedStyle(p, '::before').content)"),
                         ['"js"', '"sh"', '"yaml"'])
        # Each task's checkbox is labelled by its text, in a loose list as in a tight one.
        self.assertEqual(self.js("return [...document.querySelectorAll('input[type=checkbox]')].map(c => c.closest('label')?.textContent.trim())"),
                         ['write the parser', 'write the docs', 'read the reference', 'try the demo'])
        self.assertIn('By The owl-site authors', self.js("return document.querySelector('.post-meta').textContent"))
        # The tag index: chips with counts.
        self.open(self.demo_server, '/tags/')
        chips = self.js("return [...document.querySelectorAll('.tag-chip')].map(a => [a.textContent, getComputedStyle(a).display])")
        self.assertIn(['#swift 5', 'inline-flex'], [[' '.join(text.split()), display] for text, display in chips])
        # Cards: title, date, summary, tags; the home page shows the newest as cards, unlike /posts/.
        self.open(self.demo_server, '/')
        self.assertEqual(self.js('return document.querySelectorAll("h1").length'), 1)
        cards = self.js("""return [...document.querySelectorAll('[data-owl-list=recent] .card')].map(c =>
            [!!c.querySelector('.card-title a'), !!c.querySelector('time'), !!c.querySelector('.card-summary'), !!c.querySelector('.tags a')])""")
        self.assertGreater(len(cards), 1)
        self.assertTrue(all(card[:3] == [True, True, True] for card in cards), cards)
        self.open(self.demo_server, '/posts/')
        self.assertEqual(self.js("return document.querySelectorAll('.card').length"), 0)
        self.assertEqual(self.js("return [...document.querySelectorAll('.owl-header h2')].map(h => h.textContent)")[:1], ['2025'])

    def test_header_and_footer_line_up_with_the_content(self):
        for size in (DESKTOP, PHONE):
            self.open(self.demo_server, '/posts/', size)
            edges = self.js("""return ['.site-header', 'main', '.site-footer'].map(s => {
                const r = document.querySelector(s).getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)] })""")
            self.assertEqual(edges[0], edges[1])
            self.assertEqual(edges[2], edges[1])
            title_size, h2_size, body_size = self.js("""return ['h1', '.owl-header h2', 'body'].map(s =>
                parseFloat(getComputedStyle(document.querySelector(s)).fontSize))""")
            self.assertGreaterEqual(title_size / h2_size, 1.3)
            self.assertGreaterEqual(h2_size / body_size, 1.2)

    def test_lists_count_whole_years_in_their_sections_words(self):
        # Three posts of 2024 on pages of two: each page says 3.
        counts = []
        for path in ('/posts/', '/posts/page/2/'):
            self.open(self.fixture_server, path)
            counts += self.js("return [...document.querySelectorAll('.owl-header')].map(h => h.textContent)")
        self.assertEqual(counts, ['20243 posts', '20243 posts'])
        # A tag listing a post, an undated post and a project: the undated ones stand under no heading.
        self.open(self.fixture_server, '/tags/wide/')
        self.assertEqual(self.js("return [...document.querySelectorAll('.owl-header')].map(h => h.textContent)"), ['20242 posts'])
        self.assertEqual(self.js("return document.querySelectorAll('[data-owl-section=undated] [data-owl-cell]').length"), 2)
        # A list named as the site has its name once in the title bar.
        self.open(self.fixture_server, '/posts/')
        self.assertEqual(self.driver.title, 'Wide Things')
        self.open(self.fixture_server, '/posts/third/')
        self.assertIn('By Someone Else', self.js("return document.querySelector('.post-meta').textContent"))


if __name__ == '__main__':
    unittest.main()
