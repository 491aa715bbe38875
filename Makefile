# graph_games: build, test and inspect the judge binaries. `make help` lists the targets.
BINS := graph_game police_thief grid_game_28218 move_or_block
RELEASE := target/release
BUNDLES := target/bundle
BUNDLER := target/tools/bundle
SHELL := /bin/bash

.PHONY: help build test prove fuzz bundle judge msrv demo bench lint clean

# `make fuzz`: how many mutants per binary, and from which seed.
COUNT ?= 100000
SEED ?= 1

help:
	@echo "make build   release binaries in $(RELEASE)/"
	@echo "make test    everything CI runs: unit, oracle and integration tests, every judge case,"
	@echo "             every bundle compiled alone (editions 2018, 2021, 2024, no warnings) and judged"
	@echo "make prove   move_or_block: the closed form against the solved (l, r, c) game on every state"
	@echo "             with l + r + c <= PROVE_LIMIT (default 500)"
	@echo "make fuzz    a long mutation-fuzzing campaign (COUNT=$(COUNT) mutants per binary, SEED=$(SEED));"
	@echo "             a mutant that breaks the contract is saved in target/fuzz/ (make test runs 2000)"
	@echo "make bundle  one self-contained source per binary in $(BUNDLES)/, to paste into a judge:"
	@echo "             at most 32 KiB, checked to compile warning-free in editions 2018, 2021, 2024;"
	@echo "             DOCS=1 keeps the comments and docs (no size limit)"
	@echo "make judge   every judge case through the cargo binaries: PASS/FAIL and the time of each,"
	@echo "             SLOW past the 1 s time limit; BUNDLE=1 judges the compiled bundles instead"
	@echo "             (every edition, or EDITIONS=\"2021\")"
	@echo "make msrv    fetch Debian 12's rustc 1.63 into target/msrv/ and prove the crate and every"
	@echo "             bundle (editions 2018, 2021) on it, judge cases included"
	@echo "make demo    each binary on its example case (inputs/<binary>/example.in): input, then output"
	@echo "make bench   ../shared/bench/compare all (speed and memory against the baselines)"
	@echo "make lint    rustfmt and clippy, warnings as errors"

build:
	cargo build --release

# tests/bundle.rs makes every bundle, compiles each alone with rustc in every edition and runs the
# judge cases on it; `make bundle` then checks that the bundler also builds on its own, warning-free,
# and writes them.
test:
	@mkdir -p target
	set -o pipefail; cargo test --release 2>&1 | tee target/test-output.txt
	@$(MAKE) --no-print-directory bundle
	@awk '/^test result:/ { passed += $$4; failed += $$6 } END { print "all tests: " passed " passed, " failed " failed" }' target/test-output.txt

# An ignored test of tests/move_or_block.rs (src/bin holds only judge programs); it prints how far
# it got, the number of states and the time.
PROVE_LIMIT ?= 500
prove:
	MOVE_OR_BLOCK_PROVE=$(PROVE_LIMIT) cargo test --release --test move_or_block -- --ignored --nocapture

fuzz:
	FUZZ_COUNT=$(COUNT) FUZZ_SEED=$(SEED) cargo test --release --test fuzz every_mutant -- --nocapture

# The bundler is a std-only program outside the crate (not a binary target: src/bin holds only
# judge programs), built with plain rustc.
$(BUNDLER): tools/bundle.rs
	@mkdir -p $(@D)
	rustc --edition 2021 -O -D warnings -o $@ $<

# The bundler itself compiles every bundle (type-checked, -D warnings) in editions 2018, 2021 and
# 2024, and fails if one does not compile.
bundle: $(BUNDLER)
	$(BUNDLER) --out $(BUNDLES) $(if $(DOCS),--docs)

# One implementation of "check a case" (tests/common::check_case): the judge-case tests, in their
# reporting mode.
judge:
ifdef BUNDLE
	JUDGE_REPORT=1 $(if $(EDITIONS),BUNDLE_EDITIONS="$(EDITIONS)") cargo test --release -q --test bundle \
	  every_bundle_compiles_alone_and_passes_every_judge_case -- --exact --nocapture
else
	JUDGE_REPORT=1 cargo test --release -q --test judge_cases every_judge_case -- --exact --nocapture
endif

msrv:
	tools/msrv.sh

demo: build
	@for bin in $(BINS); do \
	  [[ -x $(RELEASE)/$$bin ]] || continue; \
	  case=inputs/$$bin/example.in; [[ -f $$case ]] || case=$$(ls inputs/$$bin/*.in | head -1); args=""; \
	  [[ -f $${case%.in}.args ]] && args=$$(cat $${case%.in}.args); \
	  echo "=== $$bin $$args < $$case"; cat $$case; \
	  echo "--- output"; $(RELEASE)/$$bin $$args < $$case; echo; \
	done

bench:
	@if [[ -x ../shared/bench/compare ]]; then ../shared/bench/compare all; \
	else echo "../shared/bench/compare is not here: nothing to compare against"; fi

lint:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings -D clippy::incompatible_msrv

clean:
	cargo clean
