# graph_games: build, test and inspect the judge binaries. `make help` lists the targets.
BINS := graph_game police_thief grid_game_28218 move_or_block
RELEASE := target/release
BUNDLES := target/bundle
BUNDLER := target/tools/bundle
SHELL := /bin/bash

.PHONY: help build test fuzz bundle judge demo bench lint clean

# `make fuzz`: how many mutants per binary, and from which seed.
COUNT ?= 100000
SEED ?= 1

help:
	@echo "make build   release binaries in $(RELEASE)/"
	@echo "make test    everything CI runs: unit, oracle and integration tests, every judge case,"
	@echo "             every bundle compiled alone (no warnings) and run on every judge case"
	@echo "make fuzz    a long mutation-fuzzing campaign (COUNT=$(COUNT) mutants per binary, SEED=$(SEED));"
	@echo "             a mutant that breaks the contract is saved in target/fuzz/ (make test runs 2000)"
	@echo "make bundle  one self-contained source per binary in $(BUNDLES)/, to paste into a judge"
	@echo "make judge   every judge case, PASS/FAIL each, with a diff for failures"
	@echo "make demo    each binary on its example case (inputs/<binary>/example.in): input, then output"
	@echo "make bench   ../shared/bench/compare all (speed and memory against the baselines)"
	@echo "make lint    rustfmt and clippy, warnings as errors"

build:
	cargo build --release

# tests/bundle.rs makes every bundle, compiles each alone with rustc and runs the judge cases on it;
# `make bundle` then checks that the bundler also builds on its own, warning-free, and writes them.
test:
	@mkdir -p target
	set -o pipefail; cargo test --release 2>&1 | tee target/test-output.txt
	@$(MAKE) --no-print-directory bundle
	@awk '/^test result:/ { passed += $$4; failed += $$6 } END { print "all tests: " passed " passed, " failed " failed" }' target/test-output.txt

fuzz:
	FUZZ_COUNT=$(COUNT) FUZZ_SEED=$(SEED) cargo test --release --test fuzz every_mutant -- --nocapture

# The bundler is a std-only program outside the crate (not a binary target: src/bin holds only
# judge programs), built with plain rustc.
$(BUNDLER): tools/bundle.rs
	@mkdir -p $(@D)
	rustc --edition 2021 -O -D warnings -o $@ $<

bundle: $(BUNDLER)
	$(BUNDLER) --out $(BUNDLES)

judge: build
	@pass=0; fail=0; \
	for dir in inputs/*/; do \
	  bin=$$(basename $$dir); \
	  for case in $$dir*.in; do \
	    name=$$(basename $$case .in); args=""; \
	    [[ -f $$dir$$name.args ]] && args=$$(cat $$dir$$name.args); \
	    if [[ -f expected/$$bin/$$name.out ]]; then \
	      got=$$($(RELEASE)/$$bin $$args < $$case 2>&1; echo "exit $$?"); \
	      want=$$(cat expected/$$bin/$$name.out; echo "exit 0"); \
	    else \
	      got=$$($(RELEASE)/$$bin $$args < $$case 2>&1 >/dev/null; echo "exit $$?"); \
	      want=$$(cat expected/$$bin/$$name.err 2>/dev/null; echo "exit 2"); \
	    fi; \
	    if [[ "$$got" == "$$want" ]]; then pass=$$((pass+1)); echo "PASS $$bin/$$name"; \
	    else fail=$$((fail+1)); echo "FAIL $$bin/$$name"; diff <(echo "$$want") <(echo "$$got") | head -20; fi; \
	  done; \
	done; \
	echo "$$pass passed, $$fail failed"; [[ $$fail -eq 0 ]]

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
