#!/usr/bin/env bash
# make msrv: proves the oldest rustc the crate claims (Cargo.toml's rust-version), Debian 12's
# rustc 1.63, on everything a judge gets. The toolchain is fetched with `apt-get download` (after
# `apt-get update` if that fails) and unpacked with `dpkg -x` under target/msrv/ (kept there for the
# next run); the system toolchain is not touched. With it:
#   1. the library, the binaries, the examples and the tools compile as cargo would build them
#      (edition 2021, -D warnings), and the unit and integration tests of every crate type-check;
#   2. every bundle compiles alone in editions 2018 and 2021 (-D warnings; built with -O in 2021
#      and judged there, checked through MIR in 2018) and passes every judge case, through tools/bundle/tests/bundle.rs (the same check as `make test`; `make msrv` points
#      CARGO_TARGET_DIR at make test's target directory, so CI builds the suite once, and
#      BUNDLE_STORE at its store of bundles, so CI bundles once: tools/bundle/src/store.rs).
set -euo pipefail
cd "$(dirname "$0")/.."

want=1.63
dir=$PWD/target/msrv
root=$dir/root
rustc=$dir/rustc
packages=(rustc "libstd-rust-$want" libstd-rust-dev)
# Shared libraries rustc may need that a machine may lack, and the Debian 12 packages holding them.
declare -A holder=(
  [libLLVM-14.so.1]=libllvm14 [libz3.so.4]=libz3-4 [libedit.so.2]=libedit2 [libxml2.so.2]=libxml2
  [libffi.so.8]=libffi8 [libtinfo.so.6]=libtinfo6 [libicuuc.so.72]=libicu72 [libicudata.so.72]=libicu72
  [libbsd.so.0]=libbsd0 [libmd.so.0]=libmd0 [liblzma.so.5]=liblzma5 [libz.so.1]=zlib1g
  [libzstd.so.1]=libzstd1 [libstdc++.so.6]=libstdc++6 [libgcc_s.so.1]=libgcc-s1
)

fetch() {
  mkdir -p "$dir/debs" "$root"
  echo "msrv: apt-get download $*"
  if ! (cd "$dir/debs" && apt-get download "$@"); then
    echo "msrv: the download failed; apt-get update, then again"
    apt-get update -qq
    (cd "$dir/debs" && apt-get download "$@")
  fi
  for package in "$@"; do
    dpkg -x "$(ls "$dir/debs/${package}"_*.deb | head -1)" "$root"
  done
}

works() { [[ -x $rustc ]] && "$rustc" --version 2>/dev/null | grep -q "^rustc $want\."; }

if ! works; then
  rm -rf "$root" "$rustc"
  fetch "${packages[@]}"
  driver=$(find "$root/usr/lib" -name 'librustc_driver-*.so' | head -1)
  [[ -n $driver ]] || { echo "msrv: no librustc_driver in the packages"; exit 1; }
  libs=$(dirname "$driver")
  # Add the shared libraries the machine lacks, until none is missing.
  for _ in 1 2 3 4; do
    missing=$(LD_LIBRARY_PATH=$libs ldd "$root/usr/bin/rustc" "$driver" | awk '/not found/ { print $1 }' | sort -u)
    [[ -z $missing ]] && break
    needed=()
    for lib in $missing; do
      [[ -n ${holder[$lib]:-} ]] || { echo "msrv: $lib is missing and no package is known for it"; exit 1; }
      needed+=("${holder[$lib]}")
    done
    fetch "${needed[@]}"
  done
  cat > "$rustc" <<WRAPPER
#!/bin/sh
# Debian 12's rustc $want, unpacked here by tools/msrv.sh, with its own libraries and sysroot.
LD_LIBRARY_PATH="$libs:$root/usr/lib/x86_64-linux-gnu\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" \\
  exec "$root/usr/bin/rustc" --sysroot "$root/usr" "\$@"
WRAPPER
  chmod +x "$rustc"
  works || { echo "msrv: the unpacked rustc does not run: $("$rustc" --version 2>&1)"; exit 1; }
fi
version=$("$rustc" --version)
echo "msrv: $version"

# 1. The workspace as cargo checks it (`--emit=metadata`, as `cargo check`: every error and lint of
# the analysis, no code generated; the bundles are built in part 2): the library, then every
# binary and example against it; the tools' crates (tools/*/), their libraries before their mains;
# the build scripts of stress and bench (whose cfg says 1.63's std has no process_group: it is
# left unset here, as it would be). As many
# rustc at once as cores, in three waves: what needs nothing built, what needs the library, what
# needs the tools' libraries; a failed rustc shows its output and stops the script after its wave.
out=$dir/crate
mkdir -p "$out"
lib=(--extern "graph_games=$out/libgraph_games.rmeta" -L "$out")
# With its default features, as cargo builds it (Cargo.toml's `default`).
features=(--cfg 'feature="prefault"' --cfg 'feature="stdout-check"' --cfg 'feature="extras"')
slots=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
logs=$out/logs
rm -rf "$logs"
mkdir -p "$logs"
jobs_started=0
running=()
trap 'for p in "${running[@]}"; do kill "$p" 2>/dev/null || true; done; wait' INT TERM
job() {  # job COMMAND...: runs it in the background, at most $slots at once; its output in $logs
  while [[ ${#running[@]} -ge $slots ]]; do
    wait -n 2>/dev/null || true
    local kept=() p
    for p in "${running[@]}"; do kill -0 "$p" 2>/dev/null && kept+=("$p"); done
    running=(${kept[@]+"${kept[@]}"})
  done
  jobs_started=$((jobs_started + 1))
  local log=$logs/$jobs_started
  ( "$@" >"$log.out" 2>&1; echo $? >"$log.status" ) &
  running+=($!)
  printf '%s\n' "$*" >"$log.command"
}
wave() {  # waits for every job; fails if one did
  wait
  running=()
  local status failed=0 log
  for status in "$logs"/*.status; do
    [[ -e $status ]] || continue
    log=${status%.status}
    if [[ $(cat "$status") != 0 ]]; then
      echo "msrv: FAILED: $(cat "$log.command")"
      cat "$log.out"
      failed=1
    fi
  done
  [[ $failed == 0 ]] || exit 1
}
bins=0
tests=0
# The tests type-check too, each crate's with its own manifest folder (cargo's variables set by
# hand for `env!`).
export CARGO_TARGET_TMPDIR=$out
for main in src/bin/*.rs; do export "CARGO_BIN_EXE_$(basename "$main" .rs)=$out/$(basename "$main" .rs)"; done
export CARGO_BIN_EXE_stress=$out/stress CARGO_BIN_EXE_bundle=$out/bundle CARGO_BIN_EXE_bench=$out/bench
export CARGO_BIN_EXE_pattern=$out/pattern
tools=(--extern "stress=$out/libstress.rmeta" --extern "bundle=$out/libbundle.rmeta" --extern "pattern=$out/libpattern.rmeta")
check_tests() {  # check_tests MANIFEST_DIR FILE...: each file a test crate of that package
  local manifest=$1 test
  shift
  for test in "$@"; do
    tests=$((tests + 1))
    job env CARGO_MANIFEST_DIR="$manifest" "$rustc" --edition 2021 -D warnings --test --emit=metadata "${lib[@]}" \
      "${tools[@]}" ${unit_features[@]+"${unit_features[@]}"} -o "$out/test-$tests.rmeta" "$test"
  done
}
# Wave 1: what needs nothing built.
job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type lib --crate-name graph_games "${features[@]}" \
  -o "$out/libgraph_games.rmeta" src/lib.rs
job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type lib --crate-name bundle -o "$out/libbundle.rmeta" tools/bundle/src/lib.rs
for tool in stress bench; do
  job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type bin --crate-name build_script_build -o "$out/$tool-build.rmeta" \
    "tools/$tool/build.rs"
done
unit_features=("${features[@]}")
check_tests "$PWD" src/lib.rs
unit_features=()
wave
# Wave 2: what needs the library.
for main in src/bin/*.rs; do
  job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type bin "${features[@]}" "${lib[@]}" \
    -o "$out/$(basename "$main" .rs).rmeta" "$main"
  bins=$((bins + 1))
done
# The examples too: whole submissions against the library, as a contestant builds them.
for main in examples/*.rs; do
  job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type bin "${lib[@]}" -o "$out/example-$(basename "$main" .rs).rmeta" "$main"
  bins=$((bins + 1))
done
job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type lib --crate-name stress "${lib[@]}" \
  -o "$out/libstress.rmeta" tools/stress/src/lib.rs
job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type lib --crate-name pattern "${lib[@]}" \
  -o "$out/libpattern.rmeta" tools/pattern/src/lib.rs
wave
# Wave 3: the tools' mains, and every test crate (they may use the tools' libraries).
for tool in stress bundle bench pattern; do
  job "$rustc" --edition 2021 -D warnings --emit=metadata --crate-type bin --crate-name "$tool" "${lib[@]}" "${tools[@]}" \
    -o "$out/$tool.rmeta" "tools/$tool/src/main.rs"
  bins=$((bins + 1))
done
check_tests "$PWD" tests/suite.rs tests/forms_heap_bytes.rs tests/attack_layout.rs  # (the others are suite.rs's modules)
for tool in stress bundle; do
  check_tests "$PWD/tools/$tool" "tools/$tool/src/lib.rs" "tools/$tool"/tests/*.rs
done
check_tests "$PWD/tools/pattern" tools/pattern/src/lib.rs tools/pattern/tests/suite.rs  # (its files are suite.rs's modules)
check_tests "$PWD/tools/bench" tools/bench/src/main.rs
wave
trap - INT TERM
echo "msrv: src/lib.rs, $bins binaries, examples and tools, and $tests test crates type-check, without warnings"

# 2. Every bundle, in each edition, on every judge case.
log=$dir/judge.txt
if ! BUNDLE_RUSTC=$rustc BUNDLE_EDITIONS="2018 2021" cargo test --release -q -p bundle --test bundle \
  every_bundle_compiles_alone_and_passes_every_judge_case -- --exact --nocapture >"$log" 2>&1; then
  cat "$log"
  echo "msrv: FAILED with $version (log: $log)"
  exit 1
fi
summary=$(grep '^judge, bundles:' "$log")
echo "msrv: ${summary#judge, }"
echo "msrv: OK: $version builds the crate and every bundle (editions 2018, 2021) and passes every judge case"
