"""Counts what the accessibility tests assert is zero, for a built site: Nu validator errors
and warnings, and axe-core violations over every page at 1280x900 and 390x844, light and dark.
Prints the figures, for before/after comparisons of a theme.

usage: python3 Tests/browser/a11y_audit.py BUILD_FOLDER"""
import collections
import sys

from harness import Server, chromium
from themecheck import DESKTOP, PHONE, SCHEMES, axe_source, html_files, pages, run_axe, set_scheme, set_viewport, validate


def main(folder):
    messages = validate(html_files(folder))
    errors = [m for m in messages if m['type'] == 'error']
    warnings = [m for m in messages if m.get('subType') == 'warning']
    print(f'Nu validator: {len(errors)} errors, {len(warnings)} warnings')
    for message, count in collections.Counter(m['message'][:100] for m in errors + warnings).most_common(12):
        print(f'  {count} {message}')
    server, driver = Server(folder), chromium()
    driver.set_script_timeout(60)
    source, found, runs = axe_source(), collections.Counter(), 0
    try:
        for size in (DESKTOP, PHONE):
            set_viewport(driver, size)
            for path in pages(folder):
                set_scheme(driver, 'light')
                driver.get(server.url + path)
                for scheme in SCHEMES:
                    set_scheme(driver, scheme)
                    runs += 1
                    for violation in run_axe(driver, source):
                        found[f"{violation['id']} ({violation['impact']})"] += 1
    finally:
        driver.quit()
        server.close()
    print(f'axe-core: {len(pages(folder))} pages, {runs} runs, {sum(found.values())} violations (rule x page x width x scheme)')
    for rule, count in found.most_common():
        print(f'  {count} {rule}')


if __name__ == '__main__':
    main(sys.argv[1])
