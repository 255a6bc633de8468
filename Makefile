# adjutant: thin wrapper around CMake. `make demo` and `make test` work on a
# fresh Debian 12 machine: both install what is missing first.
BUILD ?= build
JOBS ?= $(shell nproc)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Everything the build, the tests, the demo and `make deb` use, as Debian 12
# packages (the last line: the package, its lintian check, and the tests of
# its manual pages, systemd units and zsh completion).
DEPS = cmake ninja-build g++ make pkg-config git \
       libcxxopts-dev nlohmann-json3-dev libssl-dev libcurl4-openssl-dev catch2 \
       libcairo2-dev libfreetype-dev zlib1g-dev fonts-dejavu-core \
       python3 python3-jsonschema python3-cryptography python3-aiosmtpd dovecot-imapd mpack libxml2-utils strace \
       clang-format chromium emscripten nodejs eslint \
       dpkg-dev file lintian man-db systemd zsh
# Only `make fuzz` needs these (docs/reliability.md); `make test` never does.
FUZZ_DEPS = clang-14 libfuzzer-14-dev llvm-14
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 600
FUZZERS ?= json envelope orders scenario verify mime text intake

PREFIX ?= /usr/local

.PHONY: all deps fuzz-deps configure test sanitize demo bench soak fuzz format clean install deb

all: configure
	cmake --build $(BUILD) -j $(JOBS)

deps fuzz-deps: PACKAGES = $(DEPS)
fuzz-deps: PACKAGES += $(FUZZ_DEPS)
deps fuzz-deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "deps: everything is installed"; fi

configure: deps
	@[ -f $(BUILD)/build.ninja ] || cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

test: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The suite once more under AddressSanitizer and UndefinedBehaviorSanitizer
# (docs/reliability.md "Sanitizers"): its own tree, SAN_BUILD, optimised a
# little (-O1) to keep the browser tests within their time, the program's
# allocator left to the C library so that every allocation is watched; a
# finding ends the process, so its test fails.
SAN_BUILD ?= build-asan
SAN_FLAGS = -O1 -g0 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
sanitize: deps
	@[ -f $(SAN_BUILD)/build.ninja ] || cmake -S . -B $(SAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug \
	  -DADJUTANT_ALLOCATOR=system -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
	  "-DCMAKE_CXX_FLAGS_DEBUG=$(SAN_FLAGS)" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)

# The program, its scenarios, manual pages, bash and zsh completion and the
# judge's systemd units, under PREFIX (and DESTDIR): packaging/install.cmake.
install: all
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"

# The Debian package $(BUILD)/adjutant_VERSION_ARCH.deb (packaging/deb.cmake),
# refused if lintian finds an error in it.
deb: all
	rm -f $(BUILD)/adjutant_*.deb
	cd $(BUILD) && cpack -G DEB
	lintian --fail-on error $(BUILD)/adjutant_*.deb

demo: all
	bash tools/demo.sh $(BUILD)/adjutant

# The replay signature (compare tests/bench.sig), replay time, map drawing
# time and peak memory; every sample's replay page for each view, its size
# and the time to write it; the time each page takes to be ready to click in
# headless Chromium; then the judge's passes on a made tournament of
# TOURNAMENT games (docs/performance.md). A benchmark, not a test.
TOURNAMENT ?= 100
bench: all
	$(BUILD)/adjutant bench --time --render --pages
	/usr/bin/python3 tests/tools/page_bench.py $(BUILD)/adjutant samples/games
	$(BUILD)/adjutant bench --tournament $(TOURNAMENT)

# N whole bot games of every scenario through sign, check, adjudicate, reports
# and mail, each verified twice and rebuilt from its mails; maps are drawn for
# every MAPS_EVERY-th game (docs/reliability.md "Soak"). `make test` runs 20.
# The test-only keys of samples/keys make a run repeatable byte for byte: its
# `heads` line compares two builds game for game.
N ?= 1000
MAPS_EVERY ?= 100
soak: all
	/usr/bin/python3 tools/soak.py --games $(N) --jobs $(JOBS) --maps-every $(MAPS_EVERY) \
	  --progress 50 --keys samples/keys --adjutant $(BUILD)/adjutant

# libFuzzer harnesses under ASan and UBSan, each of FUZZERS run FUZZ_SECONDS from
# its committed seed corpus (fuzz/corpus/<harness>/); findings land in
# $(FUZZ_BUILD)/findings/ (docs/reliability.md).
fuzz: fuzz-deps
	@[ -f $(FUZZ_BUILD)/build.ninja ] || cmake -S fuzz -B $(FUZZ_BUILD) -G Ninja \
	  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZERS)

format:
	find src tests fuzz -name '*.cpp' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD) $(FUZZ_BUILD)
