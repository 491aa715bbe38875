#!/usr/bin/env bash
# make test's runner: `cargo test --release` with the test crates run side by side.
#
# cargo builds every test crate of the workspace (`--no-run`), then this script runs them, JOBS at
# a time (default: the cores), instead of cargo's one after another: most crates spend much of
# their time on one thread or waiting for children (the bundle test on rustc, the stress tests on
# time limits), so on a 2-core machine cargo's order leaves a core idle. Each crate runs as cargo
# runs it (in its package's folder, with the arguments given after `--`), its output kept and
# printed whole when it ends, under cargo's own `Running` line; the doc tests run as one more job
# (`cargo test --doc`). The longest crates start first: their times from the last run
# (test-times.txt in cargo's target folder), else the order below; those judged by wall-clock
# limits first, alone but for the shortest crates at the lowest priority (ALONE below). Exit
# status: 0 when every crate passed, else 101 (cargo test's), after every crate has run, with the
# failed ones named last. Ctrl-C or SIGTERM ends every crate still running (each runs in a process
# group of its own) before the script ends.
#
# usage: tools/run_tests.sh [CARGO_TEST_ARGS...] [-- TEST_BINARY_ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."

cargo_args=()
while [[ $# -gt 0 && $1 != -- ]]; do
  cargo_args+=("$1")
  shift
done
[[ $# -gt 0 ]] && shift
binary_args=("$@")

jobs=${JOBS-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "error: JOBS must be a positive number, not '$jobs'" >&2; exit 2; }
times_file=${CARGO_TARGET_DIR:-target}/test-times.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/graph_games_tests.XXXXXX")

# The crates judged by wall-clock time limits (stress's time-outs: a run starved of the CPU by a
# crate beside it times out where it would not), run first with nothing beside them but crates at
# niceness 19, which take only the CPU they leave; ALONE (paths as cargo lists them,
# space-separated) replaces the list.
read -r -a alone <<< "${ALONE-tools/stress/tests/stress_time_out.rs}"

# The crates known to take longest, for a first run without target/test-times.txt.
slow_first=(tests/suite.rs tools/bundle/tests/bundle.rs tools/bundle/tests/user_files.rs tools/stress/tests/stress.rs
  tools/stress/tests/stress_time_out.rs tools/stress/tests/stress_interactive.rs
  tools/stress/tests/stress_interactive_judge.rs tools/pattern/tests/suite.rs)

running=()  # process groups of the crates running now
stop() {
  local pgid
  for pgid in "${running[@]}"; do kill -TERM -- "-$pgid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap 'stop; trap - INT; kill -INT $$' INT
trap 'stop; trap - TERM; kill -TERM $$' TERM
trap 'rm -rf "$work"' EXIT

# 1. Build. The artifacts of test crates (profile "test": true) with their package's folder.
cargo test "${cargo_args[@]}" --no-run --message-format=json-render-diagnostics >"$work/build.json"
list=$work/crates.txt
: >"$list"
while IFS= read -r line; do
  [[ $line == *'"reason":"compiler-artifact"'* && $line =~ \"profile\":\{[^}]*\"test\":true\} ]] || continue
  [[ $line =~ \"executable\":\"([^\"]+)\" ]] || continue
  executable=${BASH_REMATCH[1]}
  [[ $line =~ \"manifest_path\":\"([^\"]+)\" ]] || continue
  package=$(dirname "${BASH_REMATCH[1]}")
  [[ $line =~ \"src_path\":\"([^\"]+)\" ]] || continue
  source=${BASH_REMATCH[1]#"$PWD"/}
  printf '%s\t%s\t%s\n' "$source" "$package" "$executable" >>"$list"
done <"$work/build.json"
[[ -s $list ]] || { echo "error: cargo test --no-run listed no test crate" >&2; exit 2; }

# 2. The order: by the last run's seconds, longest first; unknown crates by the list above, then
# as cargo listed them. The doc tests are a crate named `doc-tests`.
printf 'doc-tests\t%s\t-\n' "$PWD" >>"$list"
order=$work/order.txt
awk -F'\t' -v times="$times_file" -v slow="${slow_first[*]}" '
  BEGIN {
    while ((getline line < times) > 0) { split(line, f, "\t"); seconds[f[1]] = f[2] }
    n = split(slow, s, " "); for (i = 1; i <= n; i++) rank[s[i]] = n - i + 1
  }
  { key = ($1 in seconds) ? seconds[$1] : (($1 in rank) ? 1000000 + rank[$1] : -NR)
    printf "%s\t%s\n", key, $0 }' "$list" | sort -t$'\t' -k1,1gr | cut -f2- >"$order.all"
# The crates to run alone first, then the others.
: >"$order"
declare -A listed=()  # a crate named twice in ALONE is one crate: it runs once
for source in ${alone[@]+"${alone[@]}"}; do
  [[ -z ${listed[$source]-} ]] || continue
  listed[$source]=1
  awk -F'\t' -v s="$source" '$1 == s' "$order.all" >>"$order"
done
awk -F'\t' -v alone=" ${alone[*]-} " 'index(alone, " " $1 " ") == 0' "$order.all" >>"$order"

# 3. Run, JOBS at a time; each crate's output printed whole when it ends.
set -m  # each background job a process group of its own, to be ended whole
declare -A started_at source_of
failed=()
finish() {  # finish PGID: print a crate that ended, note its time and status
  local pgid=$1 status
  status=$(cat "$work/$pgid.status" 2>/dev/null || echo 1)
  local source=${source_of[$pgid]}
  printf '     Running %s\n' "$source"
  cat "$work/$pgid.out"
  printf '%s\t%s\n' "$source" $(($(date +%s) - ${started_at[$pgid]})) >>"$work/times.txt"
  [[ $status == 0 ]] || failed+=("$source (exit status $status)")
  local kept=() p
  for p in "${running[@]}"; do [[ $p == "$pgid" ]] || kept+=("$p"); done
  running=(${kept[@]+"${kept[@]}"})
}
reap() {  # wait for a crate to end, then finish those that did (killed ones too: no status)
  wait -n 2>/dev/null || true
  local p
  for p in "${running[@]}"; do
    if [[ -e $work/$p.status ]] || ! kill -0 "$p" 2>/dev/null; then finish "$p"; fi
  done
}
is_alone() { local a; for a in ${alone[@]+"${alone[@]}"}; do [[ $a == "$1" ]] && return 0; done; return 1; }
is_running() { local p; for p in "${running[@]}"; do [[ $p == "$1" ]] && return 0; done; return 1; }
start() {  # start LINE [niced]: runs the crate of a line of the order in the background
  local source package executable
  IFS=$'\t' read -r source package executable <<<"$1"
  (
    set +e
    [[ -z ${2-} ]] || renice -n 19 -p "$BASHPID" >/dev/null 2>&1
    if [[ $source == doc-tests ]]; then
      cargo test "${cargo_args[@]}" --doc -- ${binary_args[@]+"${binary_args[@]}"}
    else
      cd "$package" && "$executable" ${binary_args[@]+"${binary_args[@]}"}
    fi >"$work/$BASHPID.out" 2>&1 </dev/null
    echo $? >"$work/$BASHPID.status.tmp"
    mv "$work/$BASHPID.status.tmp" "$work/$BASHPID.status"
  ) &
  running+=($!)
  started_at[$!]=$(date +%s)
  source_of[$!]=$source
}
mapfile -t queue <"$order"
next=0 last=${#queue[@]}  # the crates not started: queue[next..last-1]
while [[ $next -lt $last ]]; do
  line=${queue[next]}
  next=$((next + 1))
  if ! is_alone "${line%%$'\t'*}"; then
    while [[ ${#running[@]} -ge $jobs ]]; do reap; done
    start "$line"
    continue
  fi
  while [[ ${#running[@]} -gt 0 ]]; do reap; done
  start "$line"
  alone_pid=$!
  # Beside it, only at the lowest priority (niceness 19): the shortest crates left, from the end
  # of the order, on the core it leaves idle, yielding it whenever it wants it (CFS gives a
  # niceness-19 process 1.5% of a contended core). Not another crate judged by the clock.
  while is_running "$alone_pid"; do
    if [[ ${#running[@]} -lt $jobs && $next -lt $last ]] && ! is_alone "${queue[last - 1]%%$'\t'*}"; then
      last=$((last - 1))
      start "${queue[last]}" niced
    else
      reap
    fi
  done
done
while [[ ${#running[@]} -gt 0 ]]; do reap; done
set +m

mkdir -p "$(dirname "$times_file")"
sort -t$'\t' -k2,2nr "$work/times.txt" >"$times_file"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "error: ${#failed[@]} test crate(s) failed:"
  printf '  %s\n' "${failed[@]}"
  exit 101
fi
