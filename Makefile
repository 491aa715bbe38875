# graph_games: build, test and inspect the judge binaries. `make help` lists the targets and the
# switches they read.
BINS := graph_game graph_sum graph_partizan graph_scores police_thief grid_game_28218 move_or_block
RELEASE := target/release
BUNDLES := target/bundle
SHELL := /bin/bash

.PHONY: help build test prove fuzz bundle judge case msrv demo bench lint clean

# `make fuzz`: how many mutants per binary, and from which seed.
COUNT ?= 100000
SEED ?= 1

# $(call on,VALUE): non-empty when a switch such as BUNDLE=1 is on: set to anything but empty or 0.
on = $(filter-out 0,$(strip $(1)))

help:
	@echo "make build   release binaries in $(RELEASE)/: the judge programs and the tools, the crates"
	@echo "             of the workspace's tools/: stress (a solution against a reference on generated,"
	@echo "             shrunk inputs; $(RELEASE)/stress --help), bundle, bench and pattern (the periods"
	@echo "             and rules of a table of values: docs/pattern.md)"
	@echo "make test    every test of the workspace (tests/README.md): unit, oracle and integration tests,"
	@echo "             the house rules (tools/bundle/tests/layout.rs), every judge case, every bundle compiled"
	@echo "             alone (editions 2018, 2021, 2024, no warnings) and judged, the tools' own tests;"
	@echo "             the test crates run side by side, JOBS at once (default: the cores; tools/run_tests.sh)."
	@echo "             Its last line: all tests: N passed, M failed[, K skipped],"
	@echo "             then one line per skipped test: one that could not do its job on this machine"
	@echo "             (the AVX2 test on a CPU without AVX2), counted as skipped, not passed. It builds in"
	@echo "             $(TEST_TARGET_DIR)/ (TEST_TARGET_DIR), so a cargo build of yours in target/ is not"
	@echo "             held up by its lock (make msrv judges there too)"
	@echo "make prove   move_or_block: the closed form against the solved (l, r, c) game on every state"
	@echo "             with l + r + c <= PROVE_LIMIT (default 500); and the programs make bundle leaves out"
	@echo "             (OVER_THE_CAP: graph_partizan, five examples) over the 48 KiB cap in every layout"
	@echo "make fuzz    a long mutation-fuzzing campaign (COUNT=$(COUNT) mutants per binary, SEED=$(SEED));"
	@echo "             a mutant that breaks the contract is saved in target/fuzz/ (make test runs 2000)"
	@echo "make bundle  one self-contained source per binary in $(BUNDLES)/, to paste into a judge:"
	@echo "             at most 48 KiB (over it, the library's part is written without indentation,"
	@echo "             then also without the spaces between tokens that may touch: docs/bundling.md),"
	@echo "             checked to compile warning-free in editions 2018, 2021, 2024;"
	@echo "             DOCS=1 keeps the comments and docs (no size limit); SRC=path/to/main.rs bundles"
	@echo "             that file instead (any main written against graph_games, anywhere, spaces in"
	@echo "             its path too: SRC=\"my dir/my prog.rs\"; its crate attributes, macros and"
	@echo "             mod files beside it included; your code kept byte for byte), into"
	@echo "             $(BUNDLES)/NAME.rs, NAME its file name, or for a main.rs its folder's (a/main.rs"
	@echo "             and a/src/main.rs give a.rs), every character but A-Za-z0-9_ made _, or into"
	@echo "             OUT=path/file.rs; errors at your file:line:column, the failed bundle kept in"
	@echo "             $(BUNDLES)/failed/NAME.rs. Your file is held to a judge's limit, not to 48 KiB:"
	@echo "             Codeforces' 64 KiB, or JUDGE=atcoder|boj|cses|spoj|yosupo|codeforces (the table"
	@echo "             of docs/bundling.md), or LIMIT=BYTES. SIZES=1 tells the bytes each library"
	@echo "             module adds to the bundle (they add up to its size)"
	@echo "make judge   every judge case through the cargo binaries and examples: PASS/FAIL, the time of each,"
	@echo "             SLOW past the 1 s time limit for a case without flags (a judge runs no flags;"
	@echo "             a case with flags shows them and is never SLOW); BUNDLE=1 judges the compiled"
	@echo "             bundles instead, checked in editions 2018, 2021, 2024 or in those of EDITIONS=\"2021\","
	@echo "             built and judged in the last of them;"
	@echo "             NAME=x: only inputs/x/ (the cases of a problem of your own, examples/x.rs);"
	@echo "             PROG=\"python3 sol.py\" with NAME: that command judged instead (docs/cases.md)"
	@echo "make case    NAME=x CASE=c IN=c.in OUT=c.out: adds a case (inputs/x/c.in, expected/x/c.out);"
	@echo "             ERR=file for an error case, ORACLE=\"command\" for an oracle's answer, ARGS=flags"
	@echo "make msrv    fetch Debian 12's rustc 1.63 into target/msrv/ and prove the workspace (every crate"
	@echo "             and test type-checks) and every bundle (editions 2018, 2021) on it, judge cases included"
	@echo "make demo    each binary on its example case (inputs/<binary>/example.in): input, then output"
	@echo "make bench   speed and memory side by side with baselines written here (bench/README.md),"
	@echo "             each figure with its goal, ok or SHORT; exit 0 when every goal holds. Needs g++"
	@echo "             for the C++ baselines (their rows are skipped without it), no python. ROWS=\"..\""
	@echo "             runs only those rows (police_40 grid_300 sum_random ..., or a binary's or an"
	@echo "             example's name: police_thief, berzerk, shiritori ...)"
	@echo "make compare ../shared/bench/compare all, the outside yardstick (when ../shared is there)"
	@echo "make lint    cargo fmt --check, cargo clippy on every target of the workspace and the docs"
	@echo "             (cargo doc; the tools' private items too), warnings as errors"
	@echo "CI (.ci/run) runs make test, make lint, make msrv."
	@echo
	@echo "Every on/off switch (BUNDLE, DOCS, SIZES, JUDGE_REPORT, BLESS) is on when set to anything but empty or 0."
	@echo "Environment variables the tests read (make sets some of them from its variables above):"
	@echo "  FUZZ_COUNT, FUZZ_SEED  tests/fuzz.rs: mutants per binary (default 2000) and their seed;"
	@echo "                         make fuzz sets them from COUNT and SEED"
	@echo "  FUZZ_BIN_DIR           tests/fuzz.rs runs the binaries of this folder instead of cargo's"
	@echo "                         (an older build: does the fuzzer find what was fixed since?)"
	@echo "  MOVE_OR_BLOCK_PROVE    the bound of tests/move_or_block.rs's ignored proof (default 500);"
	@echo "                         make prove sets it from PROVE_LIMIT"
	@echo "  JUDGE_REPORT           anything but empty or 0: the judge-case tests print a line per case"
	@echo "                         (seen with --nocapture); make judge sets it"
	@echo "  BUNDLE_EDITIONS        the editions tools/bundle/tests/bundle.rs compiles each bundle in (default"
	@echo "                         \"2018 2021 2024\"), in make test too; make judge BUNDLE=1 sets it"
	@echo "                         from EDITIONS, make msrv to \"2018 2021\""
	@echo "  BUNDLE_STORE           a folder where bundles are kept and reused while every input is the same"
	@echo "                         (the bundler's code, the rustc, the options, the files read, their git"
	@echo "                         status): tools/bundle/tests/bundle.rs and make bundle; make test and make"
	@echo "                         msrv set it to $(TEST_TARGET_DIR)/bundle-store, so the suite bundles once"
	@echo "  BUNDLE_RUSTC           the rustc tools/bundle/tests/bundle.rs compiles the bundles with (default: RUSTC);"
	@echo "                         make msrv sets it to rustc 1.63"
	@echo "  RUSTC                  the rustc the bundler prunes and checks bundles with (default rustc),"
	@echo "                         in make bundle and tools/bundle/tests/bundle.rs; cargo also builds with it"
	@echo "  BLESS                  anything but empty or 0: the generated judge cases are first"
	@echo "                         rewritten (input, expected .out) from their generator and oracle or closed"
	@echo "                         form: graph_game's large_mixed* (tests/graph_game_oracle.rs, also their"
	@echo "                         .args), berzerk's and shiritori's (tests/examples_oracle.rs), marbles'"
	@echo "                         max_* (tests/marbles.rs)"
	@echo "For example: FUZZ_COUNT=200 make test; BUNDLE_RUSTC=target/msrv/rustc make judge BUNDLE=1"
	@echo "(after make msrv); BLESS=1 cargo test --release --test suite graph_game_oracle::large_cases."

build:
	cargo build --release

# A test that cannot do its job on this machine (src/input/x86_64.rs's AVX2 test, on a CPU without
# AVX2) passes, but first appends a line `skipped: <test>: <why>` to this file.
SKIPPED := target/skipped-tests.txt

# The suite (make test, and make msrv's judging: what CI runs) builds in a target directory of its
# own, so that while it runs, cargo's lock on target/release stays free for a `cargo build` of
# yours; the price is a second release build when you build in target/ too. TEST_TARGET_DIR=target
# shares yours instead.
TEST_TARGET_DIR ?= target/test-suite
# The suite's build: the release profile (opt-level 3, the binaries' features), with 16 codegen
# units and no link-time optimisation at all (LTO=off: not even rustc's ThinLTO across a crate's
# units, which `false` leaves on: a quarter of the library's build), so that the test crates
# build in two minutes, not ten (the same code: what LTO changes is speed, which make bench
# measures on the real release build, target/release/). make msrv judges in the same directory
# with the same settings.
# BUNDLE_STORE: the bundles are made once for the suite, in the bundle test, and kept in
# $(TEST_TARGET_DIR)/bundle-store/; make bundle (in make test) writes those, and make msrv judges
# those, each reused only while every input is the one it was made from: the bundler's code, the
# rustc, the options, every file it reads, and the commit and git status its header tells
# (tools/bundle/src/store.rs). An absolute path: the tests run in their crate's folder.
SUITE = CARGO_TARGET_DIR=$(TEST_TARGET_DIR) CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  BUNDLE_STORE=$(abspath $(TEST_TARGET_DIR))/bundle-store

# tools/bundle/tests/bundle.rs makes every bundle, compiles each alone with rustc in every edition
# (built with -O in the last, checked through MIR in the others) and runs the judge cases on the
# build; `make bundle` then writes them with the suite's build of the
# bundler, the same bundles, taken from the store the test kept them in (BUNDLE_STORE above: not
# made twice). The summary adds up cargo's `test result:` lines; a skipped test (one line of
# $(SKIPPED), each counted once) is counted as skipped, not passed.
test:
	@mkdir -p target
	@rm -f $(SKIPPED)
	set -o pipefail; $(SUITE) tools/run_tests.sh --release 2>&1 | tee target/test-output.txt
	@$(SUITE) $(MAKE) --no-print-directory bundle
	@awk -v skipped_file=$(SKIPPED) ' \
	  /^test result:/ { passed += $$4; failed += $$6 } \
	  END { \
	    while ((getline line < skipped_file) > 0) \
	      if (line != "" && !(line in seen)) { seen[line] = 1; lines[++skipped] = line } \
	    summary = "all tests: " (passed - skipped) " passed, " failed " failed"; \
	    if (skipped) summary = summary ", " skipped " skipped"; \
	    print summary; \
	    for (k = 1; k <= skipped; k++) print "  " lines[k] \
	  }' target/test-output.txt

# An ignored test of tests/move_or_block.rs (src/bin holds only judge programs); it prints how far
# it got, the number of states and the time.
PROVE_LIMIT ?= 500
prove:
	MOVE_OR_BLOCK_PROVE=$(PROVE_LIMIT) cargo test --release --test suite move_or_block:: -- --ignored --nocapture
	cargo test --release -p bundle --test bundle left_out:: -- --ignored

fuzz:
	FUZZ_COUNT=$(COUNT) FUZZ_SEED=$(SEED) cargo test --release --test suite fuzz::every_mutant -- --nocapture

# The bundler (tools/bundle/, a crate of the workspace) itself compiles every bundle (type-checked,
# -D warnings) in editions 2018, 2021 and 2024, and fails if one does not compile; no more rustc
# at once than cores. BUNDLE_STORE=dir (set by make test): a bundle made from the same inputs
# and kept there is written as it is (`bundle --store`).
bundle:
	cargo run --release -q -p bundle -- $(if $(call on,$(DOCS)),--docs) \
	  $(if $(call on,$(SIZES)),--sizes) $(if $(JUDGE),--judge $(call quote,$(JUDGE))) \
	  $(if $(LIMIT),--limit $(call quote,$(LIMIT))) $(if $(BUNDLE_STORE),--store $(call quote,$(BUNDLE_STORE))) \
	  $(if $(call given,OUT),--out-file $(call quote,$(call given,OUT)),--out $(BUNDLES)) \
	  $(if $(SRC),$(call quote,$(SRC)))

# $(call given,VAR): VAR's value if it was set on make's command line, else empty. NAME, PROG and
# make case's words are read only from there: an environment may hold a NAME of its own (WSL's is
# the host name). $(call quote,TEXT): TEXT as one shell word.
given = $(if $(filter command line,$(origin $(1))),$($(1)))
quote = '$(subst ','\'',$(1))'

# One implementation of "check a case" (tests/common::judge_case): the judge-case tests, in their
# reporting mode. Only a case without flags (no .args file) is held to the time limit. The examples
# have judge cases too (inputs/berzerk/...): `cargo test --test suite judge_cases::` alone does not build them.
# NAME=x judges only inputs/x/ (a problem of your own: examples/x.rs); PROG="command" runs that
# command on them instead (tests/judge_cases.rs).
judge:
ifneq ($(call on,$(BUNDLE)),)
	$(if $(call given,NAME)$(call given,PROG),$(error make judge BUNDLE=1 judges every bundle: no NAME nor PROG))
	JUDGE_REPORT=1 $(if $(EDITIONS),BUNDLE_EDITIONS="$(EDITIONS)") cargo test --release -q -p bundle --test bundle \
	  every_bundle_compiles_alone_and_passes_every_judge_case -- --exact --nocapture
else
	$(if $(call given,PROG),$(if $(call given,NAME),,$(error PROG judges the cases of one problem: name it with NAME=x)))
	cargo build --release --examples -q
	JUDGE_REPORT=1 JUDGE_NAME=$(call quote,$(call given,NAME)) JUDGE_PROG=$(call quote,$(call given,PROG)) \
	  cargo test --release -q --test suite judge_cases::every_judge_case -- --exact --nocapture
endif

# One judge case added from files you give (tools/add_case.sh): never the output of the program
# under test, but the answer you worked out (OUT, ERR) or an independent oracle's (ORACLE).
case:
	@tools/add_case.sh --name $(call quote,$(call given,NAME)) --case $(call quote,$(call given,CASE)) \
	  --in $(call quote,$(call given,IN)) --out $(call quote,$(call given,OUT)) \
	  --err $(call quote,$(call given,ERR)) --oracle $(call quote,$(call given,ORACLE)) \
	  --args $(call quote,$(call given,ARGS))

msrv:
	$(SUITE) tools/msrv.sh

demo: build
	@for bin in $(BINS); do \
	  [[ -x $(RELEASE)/$$bin ]] || continue; \
	  case=inputs/$$bin/example.in; [[ -f $$case ]] || case=$$(ls inputs/$$bin/*.in | head -1); args=""; \
	  [[ -f $${case%.in}.args ]] && args=$$(cat $${case%.in}.args); \
	  echo "=== $$bin $$args < $$case"; cat $$case; \
	  echo "--- output"; $(RELEASE)/$$bin $$args < $$case; echo; \
	done

# bench/run.sh builds what it needs (the release binaries and tools, the C++ baselines of
# bench/baselines/) and generates its inputs once into target/bench/inputs/; bench/README.md.
bench:
	bench/run.sh $(ROWS)

# The outside yardstick, when ../shared is beside the clone.
.PHONY: compare
compare:
	@if [[ -x ../shared/bench/compare ]]; then ../shared/bench/compare all; \
	else echo "../shared/bench/compare is not here: nothing to compare against"; fi

# What CI runs after make test (.ci/run): the formatting of every file cargo fmt sees (rustfmt.toml)
# and clippy on every crate of the workspace, its binaries and its tests; clippy also flags an API
# newer than the manifests' rust-version. Then the docs, warnings as errors (a broken link is one):
# the library and its binaries as a user reads them, and the tools with their private items (a
# tool's docs are for the one who works on it).
lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings -D clippy::incompatible_msrv
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q -p graph_games
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q -p stress -p bundle -p bench -p pattern --document-private-items

clean:
	cargo clean
