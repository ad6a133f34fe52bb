# The two commands: `make run` and `make test`. Both install what is missing first.
PRESET ?= dev
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)
PORT ?= 8080
FUZZ_SECONDS ?= 60

.PHONY: all deps build run test bench fuzz clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	cmake --preset $(PRESET) >/dev/null
	cmake --build --preset $(PRESET) -j $(JOBS)

run: build
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
