"""What a build costs, counted by valgrind rather than timed, against a committed baseline.

A cold `owl-site build` of 1,000 generated posts (Benchmarks/build/gen_content.py, fixed
seed) and a rebuild after one post changed, counted under valgrind: the instructions each
executes (cachegrind's total Ir) and their heap use (dhat: allocations, bytes allocated, the
heap's peak). Counts do not swing with the machine's load as times do, so the test fails
only when the code does more: a figure above its baseline in Tests/baselines/build-cost.json
by more than the baseline's `tolerance` fails it, printing both figures.

The binary is the release `owl-site` that `make bench` measures and users run (built here
with `--static-swift-stdlib` when missing or stale): valgrind 3.19 stops with SIGSEGV in the
debug binary's dynamically loaded Swift runtime, and release counts are the ones that
matter. It is counted from a copy without its DWARF, which valgrind 3.19 cannot read from
Swift 6.3's objects (the totals need no symbols).

Refresh the baseline after a change that makes builds cheaper or knowingly dearer:
`make baseline` (python3 Tests/cost/test_build_cost.py --write-baseline), then commit the file.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# OWL_COST_BASELINE names another baseline file (to see the test fail against a lower one, say).
BASELINE = os.environ.get('OWL_COST_BASELINE', os.path.join(PACKAGE, 'Tests', 'baselines', 'build-cost.json'))
RELEASE_BUILD = ['swift', 'build', '-c', 'release', '--static-swift-stdlib', '--product', 'owl-site']
BINARY = os.environ.get('OWL_SITE_RELEASE', os.path.join(PACKAGE, '.build', 'release', 'owl-site'))
GENERATOR = os.path.join(PACKAGE, 'Benchmarks', 'build', 'gen_content.py')
POSTS = 1000
SEED = 1
TOLERANCE = 1.25
# Print how long each valgrind run takes (OWL_COST_VERBOSE=1).
VERBOSE = os.environ.get('OWL_COST_VERBOSE') == '1'

# The figures, in the order they are printed, with what each counts.
FIGURES = {
    'cold_instructions': 'instructions of a cold build',
    'cold_allocations': 'heap allocations of a cold build',
    'cold_allocated_bytes': 'bytes allocated by a cold build',
    'cold_peak_heap_bytes': 'peak heap of a cold build',
    'rebuild_instructions': 'instructions of a rebuild, one post changed',
    'rebuild_allocations': 'heap allocations of a rebuild, one post changed',
    'rebuild_peak_heap_bytes': 'peak heap of a rebuild, one post changed',
}

# owl-site takes its malloc from jemalloc (a shared library), which valgrind must replace
# as it replaces glibc's, or dhat sees no allocation. Swift's hashing is seeded at random
# in each process unless told otherwise; the order of a dictionary changes its work.
VALGRIND = ['valgrind', '--soname-synonyms=somalloc=*jemalloc*']
ENVIRONMENT = dict(os.environ, SWIFT_DETERMINISTIC_HASHING='1')


def run_under(tool, binary, arguments):
    """valgrind's summary (its standard error) of `binary ARGUMENTS` under `tool`."""
    options = ['--cache-sim=no'] if tool == 'cachegrind' else []
    command = VALGRIND + [f'--tool={tool}', f'--{tool}-out-file=/dev/null'] + options + [binary] + arguments
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=ENVIRONMENT)
    if VERBOSE:
        print(f'  {tool} {" ".join(arguments[:1])}: {time.monotonic() - started:.1f} s', file=sys.stderr)
    if done.returncode != 0:
        raise RuntimeError(f'{" ".join(command)}: exit {done.returncode}\n{done.stderr[-3000:]}')
    return done.stderr


def number(pattern, summary):
    """The number (with thousands commas) that `pattern`'s group matches in `summary`."""
    found = re.search(pattern, summary)
    if not found:
        raise RuntimeError(f'no {pattern!r} in valgrind\'s summary:\n{summary[-3000:]}')
    return int(found.group(1).replace(',', ''))


def instructions(summary):
    return number(r'I\s+refs:\s+([\d,]+)', summary)


def heap(summary, prefix):
    """dhat's allocations, bytes allocated and peak heap, keyed `PREFIX_...`."""
    return {
        f'{prefix}_allocated_bytes': number(r'Total:\s+([\d,]+) bytes', summary),
        f'{prefix}_allocations': number(r'Total:\s+[\d,]+ bytes in ([\d,]+) blocks', summary),
        f'{prefix}_peak_heap_bytes': number(r'At t-gmax:\s+([\d,]+) bytes', summary),
    }


def measure():
    """Counts a cold build of the generated posts and a one-post rebuild after it."""
    with tempfile.TemporaryDirectory(prefix='owl-build-cost-') as work:
        binary = os.path.join(work, 'owl-site')
        subprocess.run(['objcopy', '--strip-debug', BINARY, binary], check=True)
        site = os.path.join(work, 'site')
        output = os.path.join(work, 'public')
        subprocess.run([sys.executable, GENERATOR, os.path.join(site, 'content'), str(POSTS), '--seed', str(SEED)], check=True)
        build = ['build', '--source', site, '--output', output, '--quiet']

        def change_post(number):
            with open(os.path.join(site, 'content', 'posts', f'post-{number:05d}.md'), 'a') as file:
                file.write('\nOne more line, for the rebuild.\n')

        def start_afresh():
            """No output, spare folder or cache left by an earlier build: the next one is cold."""
            for name in os.listdir(work):
                path = os.path.join(work, name)
                if name in ('site', 'owl-site'):
                    continue
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path)
                else:
                    os.remove(path)
            shutil.rmtree(os.path.join(site, '.owl-cache'), ignore_errors=True)

        # Each tool counts a cold build, then a rebuild after one post changed. Between them
        # is a first rebuild, not counted: it writes every file (there is no spare output
        # folder yet); the ones after it update the spare in place, as every later one does.
        # All three run under the same tool: a build's cache is kept for the same executable
        # only, which a build under valgrind takes to be the tool's own (/proc/self/exe).
        figures = {}
        for tool in ('cachegrind', 'dhat'):
            start_afresh()
            cold = run_under(tool, binary, build)
            change_post(42)
            run_under(tool, binary, build)
            change_post(43)
            rebuild = run_under(tool, binary, build)
            if tool == 'cachegrind':
                figures['cold_instructions'] = instructions(cold)
                figures['rebuild_instructions'] = instructions(rebuild)
            else:
                figures.update(heap(cold, 'cold'))
                figures.update((name, value) for name, value in heap(rebuild, 'rebuild').items() if name != 'rebuild_allocated_bytes')
        return figures


def build_release():
    """Builds (or brings up to date) the release binary the counts are taken from."""
    if 'OWL_SITE_RELEASE' not in os.environ:
        subprocess.run(RELEASE_BUILD, cwd=PACKAGE, check=True)


def read_baseline():
    with open(BASELINE) as file:
        return json.load(file)


def write_baseline(figures):
    baseline = {
        'about': 'Tests/cost/test_build_cost.py: valgrind counts of release owl-site builds; '
                 'refresh with `make baseline`',
        'posts': POSTS,
        'seed': SEED,
        'tolerance': TOLERANCE,
        'figures': {name: figures[name] for name in FIGURES},
    }
    os.makedirs(os.path.dirname(BASELINE), exist_ok=True)
    with open(BASELINE, 'w') as file:
        json.dump(baseline, file, indent=2)
        file.write('\n')


def report(figures, baseline):
    """One line per figure: now, the baseline, and their ratio."""
    lines = []
    for name, meaning in FIGURES.items():
        now, before = figures[name], baseline['figures'][name]
        lines.append(f'{meaning:<50} {now:>15,}  baseline {before:>15,}  {now / before:6.3f}×')
    if any(figures[name] * baseline['tolerance'] < baseline['figures'][name] for name in FIGURES):
        lines.append('(a figure is far below its baseline: `make baseline` keeps the guard tight)')
    return '\n'.join(lines)


class BuildCostTests(unittest.TestCase):
    """A cold 1,000-post build and a one-post rebuild cost no more than the baseline allows."""

    def test_counts_within_baseline(self):
        build_release()
        baseline = read_baseline()
        self.assertEqual((baseline['posts'], baseline['seed']), (POSTS, SEED),
                         f'{BASELINE} counts another site: refresh it with `make baseline`')
        figures = measure()
        print('\n' + report(figures, baseline), file=sys.stderr)
        tolerance = baseline['tolerance']
        over = [FIGURES[name] for name in FIGURES if figures[name] > baseline['figures'][name] * tolerance]
        if over:
            self.fail(f'{", ".join(over)}: above {tolerance}× the baseline in {BASELINE}\n' + report(figures, baseline)
                      + '\nIf the change is meant to cost this much, refresh it with `make baseline` and commit the file.')


if __name__ == '__main__':
    if sys.argv[1:] == ['--write-baseline']:
        build_release()
        figures = measure()
        write_baseline(figures)
        print(report(figures, read_baseline()))
        print(f'written: {BASELINE}')
    else:
        unittest.main()
