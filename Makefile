# The two commands: `make run` and `make test`. Both install what is missing first.
PRESET ?= dev
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)
PORT ?= 8080
FUZZ_SECONDS ?= 60

# The programs `make run` needs; `make test` builds every target (tests too) in the same folder.
RUN_TARGETS := pinfall-server pinfall

.PHONY: all deps deps-run build build-run run test bench fuzz clean

all: build

deps:
	@bash scripts/deps.sh all

# Only what building and running needs: no test, browser or fuzzing tools (docs/benchmarks.md,
# "First run").
deps-run:
	@bash scripts/deps.sh run

build: deps
	cmake --preset $(PRESET) >/dev/null
	cmake --build --preset $(PRESET) -j $(JOBS)

build-run: deps-run
	cmake --preset $(PRESET) >/dev/null
	cmake --build --preset $(PRESET) -j $(JOBS) --target $(RUN_TARGETS)

run: build-run
	@bash scripts/run.sh $(BUILD_DIR) $(PORT)

test: build
	ctest --preset $(PRESET) -j $(JOBS)

bench: deps
	@bash bench/run

# libFuzzer targets of tests/fuzz, FUZZ_SECONDS each (preset fuzz, clang, build/fuzz).
fuzz: deps
	@JOBS=$(JOBS) bash scripts/fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf build
