"""Writes screenshots of each kind of page of the demo site at a desktop and a phone width,
light and dark, for review: `make screenshots` (into screenshots/, which git ignores).

usage: python3 Tests/browser/screenshots.py [FOLDER]"""
import os
import shutil
import sys

from harness import Server, chromium
from themecheck import DESKTOP, PHONE, SCHEMES, demo_site, set_scheme, set_viewport

# One page of each kind the theme has a layout or list style for.
PAGES = {
    'home': '/', 'list': '/posts/', 'list-page-2': '/posts/page/2/', 'post': '/posts/markdown-tour/',
    'grid': '/projects/', 'tags': '/tags/', 'tag': '/tags/swift/', 'page': '/about/', 'not-found': '/404.html',
}


def main(folder):
    os.makedirs(folder, exist_ok=True)
    site = demo_site()
    server = Server(site)
    driver = chromium()
    try:
        for size in (DESKTOP, PHONE):
            set_viewport(driver, size)
            for name, path in PAGES.items():
                for scheme in SCHEMES:
                    set_scheme(driver, scheme)
                    driver.get(server.url + path)
                    # The whole page, not only the first screen: the viewport grows to the page's height.
                    height = driver.execute_script('return document.documentElement.scrollHeight')
                    set_viewport(driver, (size[0], max(size[1], height)))
                    file = os.path.join(folder, f'{name}-{size[0]}-{scheme}.png')
                    driver.save_screenshot(file)
                    set_viewport(driver, size)
        print(f'screenshots: {len(PAGES) * 4} in {folder}')
    finally:
        driver.quit()
        server.close()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == '__main__':
    main(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else 'screenshots'))
