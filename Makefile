# owl-site — set-up, build, test, benchmark.
SWIFT ?= swift

.PHONY: setup build test test-swift test-browser bench bench-scale baseline clean site resources fuzz screenshots

## Install the Debian packages and Python modules the project needs (only when missing).
setup:
	@scripts/setup.sh

## Minify owl.js from client/src/ (esbuild) into client/owl.js, then regenerate the bundled
## theme (Sources/OwlSite/Read/Theme/EmbeddedTheme.swift) from Templates/ and client/owl.js.
resources: setup
	@scripts/build-owl-js.sh
	@python3 scripts/embed-resources.py

## Debug build of every target.
build: setup resources
	$(SWIFT) build

## Build the demo site in content/ into public/.
site: setup resources
	$(SWIFT) build --product owl-site
	.build/debug/owl-site build --source . --output public

## Every test: Swift Testing suites, then the browser tests. The server's suites run on their
## own: the site's suites block the two cooperative threads of a 2-core machine with builds
## for seconds at a time, and a server that waits that long for a thread misses its start-up
## deadline.
test: setup resources
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip OwlServerTests
	$(SWIFT) test --skip-build --filter OwlServerTests
	python3 -m unittest discover -s Tests/cost -v
	@$(MAKE) --no-print-directory test-browser

## Many more fuzz cases than `make test` runs: mutated sites for `build` (OWL_FUZZ_CASES)
## and hostile requests for `serve` (OWL_FUZZ_REQUESTS). Suites with "Fuzz" in their name.
fuzz: setup resources
	$(SWIFT) build --build-tests
	OWL_FUZZ_CASES=5000 OWL_FUZZ_REQUESTS=20000 $(SWIFT) test --skip-build --filter Fuzz

## Screenshots of each kind of page of the demo site, 1280 and 390 px wide, light and dark,
## into screenshots/ (git-ignored), for review.
screenshots: setup resources
	$(SWIFT) build --product owl-site
	cd Tests/browser && python3 screenshots.py $(CURDIR)/screenshots

test-browser:
	@if [ -d Tests/browser ]; then python3 -m unittest discover -s Tests/browser -p 'test_*.py' -v; fi

## Release-mode benchmarks, printed side by side with the alternatives. The release
## binaries carry the Swift runtime and Foundation (--static-swift-stdlib), as deployed
## Swift tools do: each start is some 6 ms shorter without loading them. The cold build is
## printed next to its file-system floor; the scaling table to 100,000 posts is
## `make bench-scale` (docs/performance.md reads both).
bench: resources
	@scripts/setup.sh --bench
	$(SWIFT) build -c release --static-swift-stdlib --product owl-site
	$(SWIFT) build -c release --static-swift-stdlib --product owl-bench
	.build/release/owl-bench
	$(SWIFT) build --product owl-site
	python3 Benchmarks/browser/bench_owljs.py
	scripts/bench-serve.sh .build/release/owl-site
	scripts/module-lines.sh
	@echo "(the scaling table, 1,000 to 100,000 posts: make bench-scale)"

## The scaling table (issue 37): cold builds of 1,000, 10,000 and 100,000 generated posts,
## each round and the medians of wall, user, system, peak memory and time per page, next to
## the file-system floor of each size and Hugo (to 10,000), then the targets. Rounds:
## OWL_SCALE_ROUNDS (3); sizes: OWL_SCALE_SIZES (1000,10000,100000). The generated posts are
## kept in .build/bench-content/.
bench-scale: resources
	@scripts/setup.sh --bench
	$(SWIFT) build -c release --static-swift-stdlib --product owl-site
	$(SWIFT) build -c release --static-swift-stdlib --product owl-bench
	.build/release/owl-bench scale

## Counts a release build's instructions and allocations again (valgrind) and writes them as
## the baseline `make test` checks builds against (Tests/baselines/build-cost.json); commit it.
baseline: setup
	python3 Tests/cost/test_build_cost.py --write-baseline

clean:
	rm -rf .build
