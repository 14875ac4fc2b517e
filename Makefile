# snapshot — build, demo and test. `make demo` and `make test` work on a fresh Debian 12
# machine with the Swift toolchain: missing Debian packages are installed first.

SWIFT ?= swift
DEBIAN_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev libgumbo-dev libgdk-pixbuf-2.0-dev webp-pixbuf-loader \
                   libavif-gdk-pixbuf heif-gdk-pixbuf librsvg2-dev \
                   libpng-dev libharfbuzz-dev libfreetype-dev libgmime-3.0-dev libidn2-dev \
                   fonts-liberation2 fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
SNAPSHOT := .build/release/snapshot
# Release builds link the Swift runtime and Foundation statically: the dynamic loader then
# resolves far fewer symbols at start-up (about 12 ms less CPU per run, which every render
# pays before its first frame), for a larger binary.
RELEASE := -c release --static-swift-stdlib

.PHONY: all deps build demo test hostile test-asan test-ubsan fuzz fuzz-short fuzz-build bench bench-compare bench-layout fidelity clean

all: build

# Installs what is missing (as root), or names the apt-get command to run.
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing Debian packages; run: sudo apt-get install -y$$missing" >&2; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build $(RELEASE) --product snapshot

demo: build
	$(SNAPSHOT) render --offsets 0,50,150

# Swift Testing only: XCTest is disabled so the summary line counts our real tests.
test: deps
	$(SWIFT) test --disable-xctest

# The hostile-input battery on the release binary: each case under 5 s and 1 GB, exit 0 or 2
# with one line (scripts/hostile.py; not part of make test, which runs smaller copies).
hostile: build
	python3 scripts/hostile.py --binary $(SNAPSHOT)

# The test suite under AddressSanitizer / UndefinedBehaviorSanitizer, each in its own build
# folder so the normal build stays as it is. Swift's crash handler is off so that the
# sanitizer's report is the one printed; time limits in tests stretch 4x (TimeBudget.swift).
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no SNAPSHOT_TEST_TIME_SCALE=4 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp
test-asan: deps
	$(SANITIZER_ENV) $(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan

# swiftc has no -sanitize=undefined on Linux (Swift traps overflow and bad indices itself), so
# UBSan instruments the C we compile: the libpng shim's inline functions (Sources/CPNG).
test-ubsan: deps
	$(SANITIZER_ENV) UBSAN_OPTIONS=print_stacktrace=1 $(SWIFT) test --disable-xctest --scratch-path .build-ubsan \
	  -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined

# libFuzzer targets (Fuzz/, a package of its own with its own .build): each runs FUZZ_SECONDS
# (6 targets x 120 s = 12 min); fuzz-short is CI's run, 10 s each. See Fuzz/run.sh.
FUZZ_SECONDS ?= 120
FUZZ_SHORT_SECONDS ?= 10
fuzz-build: DEBIAN_PACKAGES += python3
fuzz-build: deps
	@# SwiftPM keeps the path dependency's file list in its build plan: files added to the
	@# main package since the last fuzz build would be missing. The plan is rebuilt each time.
	rm -f Fuzz/.build/release.yaml Fuzz/.build/*/release/description.json
	cd Fuzz && $(SWIFT) build -c release --sanitize fuzzer --sanitize address \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -enable-testing

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh

fuzz-short: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SHORT_SECONDS) Fuzz/run.sh

# Frame speed against headless Chromium and the bare zlib encode, peak memory, parallel
# frames identical to single-threaded ones (not part of make test; see bench/bench.py).
bench: build
	python3 bench/bench.py

# Time of the pixelmatch comparison on two 1170x2532 frames, release build (not part of make test).
bench-compare: deps
	$(SWIFT) build $(RELEASE) --product CompareBenchmark
	.build/release/CompareBenchmark

# Parse + style + layout + paint time per corpus mail, release build (not part of make test).
bench-layout: deps
	$(SWIFT) build $(RELEASE) --product LayoutBenchmark
	.build/release/LayoutBenchmark ../shared/corpus

# Layout agreement with headless Chromium over ../shared/corpus (not part of make test).
fidelity:
	scripts/fidelity.sh

clean:
	rm -rf .build .build-asan .build-ubsan Fuzz/.build snapshots
