# owl-site — set-up, build, test, benchmark.
SWIFT ?= swift

.PHONY: setup build test test-swift test-browser bench clean

## Install the Debian packages and Python modules the project needs (only when missing).
setup:
	@scripts/setup.sh

## Debug build of every target.
build: setup
	$(SWIFT) build

## Every test: Swift Testing suites, then the browser tests.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory test-browser

test-browser:
	@if [ -d Tests/browser ]; then python3 -m unittest discover -s Tests/browser -p 'test_*.py' -v; fi

## Release-mode benchmarks, printed side by side with the alternatives.
bench:
	@scripts/setup.sh --bench
	$(SWIFT) build -c release --product owl-bench
	.build/release/owl-bench

clean:
	rm -rf .build
