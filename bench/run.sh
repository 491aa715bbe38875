#!/usr/bin/env bash
# make bench: the project's binaries timed side by side with baselines written here (bench/), on
# inputs from the project's own generators, with nothing outside the clone. See bench/README.md.
#
#   bench/run.sh [ROW | BINARY | all] ...      (default: all)
#
# Rows: graph_dfs graph_contestant sum_random sum_staircase police_40 police_100 grid_300 grid_3000
# mob_1e6 mob_1e8 stress pattern_300 pattern_big berzerk_full berzerk_1000 berzerk_3500 berzerk_6000 berzerk_loops
# shiritori_draws shiritori_random partizan_sum partizan_move_star partizan_move_limit
# partizan_values_ladder domineering_5x5 domineering_4x6 clobber_random clobber_hot3
# clobber_star_down scores_random scores_big; a binary's or example's name (graph_game, graph_sum,
# police_thief, grid_game_28218, move_or_block, berzerk, shiritori, clobber, graph_scores) selects its rows. It builds the release binaries and examples
# and the tools, the timing tool `bench` among them (cargo build --release; BENCH_NOBUILD=1 skips
# that) and the baselines and the examples' input generator (g++ -O2) into target/bench/,
# generates each input once into target/bench/inputs/ (or $BENCH_INPUTS) with
# target/release/stress or target/bench/examples_gen, checks that
# each baseline gives the project's answers, runs each pair alternately on the same input, and
# prints one line per figure with its goal, `ok` or `SHORT`. Exit status 0 when every goal it
# measured holds (a skipped row is listed at the end), 1 otherwise, 2 for a usage error.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

REL=target/release
OUT=target/bench
INPUTS=${BENCH_INPUTS:-$OUT/inputs}
TOOL=$REL/bench
ALL_ROWS=(graph_dfs graph_contestant sum_random sum_staircase police_40 police_100 grid_300 grid_3000
  grid_thin mob_1e6 mob_1e8 stress pattern_300 pattern_big berzerk_full berzerk_1000 berzerk_3500 berzerk_6000 berzerk_loops shiritori_draws shiritori_random
  partizan_sum partizan_move_star partizan_move_limit partizan_values_ladder domineering_5x5 domineering_4x6 toppling clobber_random clobber_hot3 clobber_star_down
  scores_random scores_big)

rows_of() {  # rows_of NAME: the rows a row or binary name stands for
  case $1 in
    all) echo "${ALL_ROWS[*]}" ;;
    graph_game) echo graph_dfs graph_contestant ;;
    graph_sum) echo sum_random sum_staircase ;;
    police_thief) echo police_40 police_100 ;;
    grid_game_28218) echo grid_300 grid_3000 grid_thin ;;
    move_or_block) echo mob_1e6 mob_1e8 ;;
    berzerk) echo berzerk_full berzerk_1000 berzerk_3500 berzerk_6000 berzerk_loops ;;
    shiritori) echo shiritori_draws shiritori_random ;;
    pattern) echo pattern_300 pattern_big ;;
    graph_partizan) echo partizan_sum partizan_move_star partizan_move_limit partizan_values_ladder ;;
    domineering) echo domineering_5x5 domineering_4x6 ;;
    toppling_dominoes) echo toppling ;;
    clobber) echo clobber_random clobber_hot3 clobber_star_down ;;
    graph_scores) echo scores_random scores_big ;;
    *) for row in "${ALL_ROWS[@]}"; do [[ $row == "$1" ]] && echo "$row"; done ;;
  esac
}
# BENCH_CLOCK: the clock the goals are judged on (ratio_mark); any other word is a slip, not cpu.
case ${BENCH_CLOCK:-cpu} in
  cpu | wall) ;;
  *) echo "usage: BENCH_CLOCK is cpu (the default) or wall, not '$BENCH_CLOCK'" >&2; exit 2 ;;
esac
selected=()
for name in "${@:-all}"; do
  rows=$(rows_of "$name")
  if [[ -z $rows ]]; then
    echo "usage: bench/run.sh [ROW | BINARY | all] ...; rows: ${ALL_ROWS[*]}" >&2
    exit 2
  fi
  selected+=($rows)
done

# --- the figures ---------------------------------------------------------------------------------

short=0
failed=0
skipped=()
holds() { awk "BEGIN { exit !($1) }"; }  # holds EXPR: an awk condition over numbers
short_rows=()
mark() {  # mark EXPR TEXT: one goal, ok or SHORT (its row named in the summary)
  if holds "$1"; then echo "  ok:    $2"; return; fi
  echo "  SHORT: $2"
  short=$((short + 1))
  [[ " ${short_rows[*]-} " == *" ${row:-bench} "* ]] || short_rows+=("${row:-bench}")
}
fail() { echo "${row:-bench}: FAIL: $1"; failed=$((failed + 1)); }
skip() { echo "$1: skipped: $2"; skipped+=("$1"); }
# secs SECONDS [GOAL]: a time, in ms under 0.1 s, as a goal line quotes it: at least 4 significant
# digits, and more (12 at most) while the last is a 0 or the text falls on GOAL's other side (or on
# GOAL) than the figure does, unless the text is the figure exactly. So a figure past a goal of fewer
# digits (any goal, when GOAL is given) never reads as within it, nor one within it as past it:
# 0.2004 s reads 0.2004 s against 0.2 s, not 0.200 s; 1.0004 ms reads 1.0004 ms, not 1.00 ms.
# `secs KIB [GOAL_KIB] MiB` quotes a peak of memory the same way, in MiB (mib).
secs() { awk -v s="$1" -v g="${2-}" -v unit="${3-}" 'function figure(v, d, p, s, lead) { lead = v == 0 ? 0 : int(log(v < 0 ? -v : v) / log(10) + 100) - 100; for (p = 4; p <= 12; p++) { d = p - 1 - lead; s = sprintf("%." (d < 0 ? 0 : d) "f", v); if (s + 0 == v || substr(s, length(s)) != "0" && (g == "" || (v > g) == (s + 0 > g) && (v < g) == (s + 0 < g))) break }; return s } BEGIN { u = unit == "MiB" ? 1 / 1024 : s < 0.1 ? 1000 : 1; if (g != "") g *= u; printf "%s %s", figure(s * u), unit != "" ? unit : u == 1 ? "s" : "ms" }'; }
# mib KIB [GOAL_KIB]: a peak of memory in MiB, ? where unknown (quoted as secs says).
mib() { if [[ $1 == -* ]]; then printf '? MiB'; else secs "$1" "${2-}" MiB; fi; }
per_unit() {  # per_unit KIB UNITS WHAT GOAL: peak memory in bytes per unit of input, with its goal
  local bytes
  bytes=$(awk -v k="$1" -v u="$2" 'BEGIN { printf "%.2f", k * 1024 / u }')
  mark "$bytes <= $4" "peak memory $bytes bytes per $3 (goal <= $4)"
}
# ratio_mark GOAL WHAT: the goal on the ratio of the last paired line read ($r, $q1, $q3, $rounds,
# and the CPU time's $cpu, $cq1, $cq3): the median of the rounds' ratios of CPU time (user and
# system) where the system tells it, else of wall time; BENCH_CLOCK=wall judges on wall time
# (bench/README.md, "Reading the figures"). Both are printed, each with its quartiles.
ratio_mark() {
  local wall="wall time $r, quartiles $q1 and $q3"
  if [[ ${BENCH_CLOCK:-cpu} == wall || $cpu == -1 ]]; then
    mark "$r <= $1" "$2 $r (median of $rounds rounds of $wall; goal <= $1)"
  else
    mark "$cpu <= $1" "$2 $cpu (CPU time, median of $rounds rounds, quartiles $cq1 and $cq3; $wall; goal <= $1)"
  fi
}
per_input() { awk -v t="$1" -v k="$2" 'BEGIN { print t / k }'; }  # per_input SECONDS K: a batch's time over K
batch_of() { if (($1 == 1)); then echo "seed 1"; else echo "seeds 1 to $1, timed as a batch"; fi; }
load() { if [[ -r /proc/loadavg ]]; then cut -d' ' -f1-3 /proc/loadavg; else echo unknown; fi; }

# --- building ------------------------------------------------------------------------------------

# loaded: a word when the last minute's load average is above the cores (more programs wanted a
# core than there were): the ratios move with such a load, wall and CPU time alike.
loaded() {
  local load1 cores
  load1=$(load | cut -d' ' -f1)
  cores=$(nproc 2>/dev/null || echo 1)
  if [[ $load1 =~ ^[0-9.]+$ ]] && holds "$load1 > $cores"; then
    echo "bench: load average $load1 on $cores cores: other programs share the cores, caches and" \
      "memory; a ratio moves with them (bench/README.md, \"Reading the figures\")"
  fi
}
echo "bench: $(date '+%Y-%m-%d %H:%M'), $(nproc 2>/dev/null || echo '?') cores, load average $(load)"
loaded
if [[ -z ${BENCH_NOBUILD:-} || ${BENCH_NOBUILD} == 0 ]]; then
  cargo build --release --quiet || { echo "bench: cargo build --release fails"; exit 1; }
  cargo build --release --examples --quiet || { echo "bench: cargo build --release --examples fails"; exit 1; }
fi
# The timing tool (tools/bench/) is linked as .cargo/config.toml links every binary of the
# workspace: the C runtime statically on x86-64 Linux. That keeps it small: a child it starts (std
# spawns by vfork) counts the tool's own resident memory into its peak.
[[ -x $TOOL ]] || { echo "bench: no $TOOL (tools/bench/: cargo build --release)"; exit 1; }
mkdir -p "$OUT/out"
CXX=${BENCH_CXX:-g++}  # another C++ compiler (clang++) by BENCH_CXX; none: the C++ rows are skipped
have_gxx=$(command -v "$CXX")

BASE=
baseline() {  # baseline NAME: bench/baselines/NAME.cpp built into target/bench/NAME, as $BASE
  BASE=$OUT/$1
  local source=bench/baselines/$1.cpp
  if [[ -z $have_gxx ]]; then skip "$row" "no $CXX on this machine to build $source"; return 1; fi
  if [[ ! -x $BASE || $source -nt $BASE ]]; then
    "$CXX" -O2 -o "$BASE" "$source" || { fail "$CXX -O2 $source fails"; return 1; }
  fi
}

# The start-up floor is linked as .cargo/config.toml links the project's binaries: the C runtime
# statically on x86-64 Linux (plain rustc does not read that file).
static=()
[[ $(rustc -vV | sed -n 's/^host: //p') == x86_64-unknown-linux-gnu ]] && static=(-C target-feature=+crt-static)
empty_main() {  # the start-up floor, bench/empty_main.rs, built as the project's binaries are
  BASE=$OUT/empty_main
  if [[ ! -x $BASE || bench/empty_main.rs -nt $BASE ]]; then
    rustc -O ${static[@]+"${static[@]}"} -o "$BASE" bench/empty_main.rs || { fail "rustc bench/empty_main.rs fails"; return 1; }
  fi
}

binary() {  # binary NAME: the project's binary is built
  [[ -x $REL/$1 ]] || { fail "no $REL/$1 (cargo build --release)"; return 1; }
}

IN=
input() {  # input GAME FAMILY SIZE SEED: the generated input, made once, as $IN
  IN=$INPUTS/$1.$2.$3.$4.in
  [[ -s $IN ]] && return 0
  if [[ ! -x $REL/stress ]]; then
    skip "$row" "no $REL/stress to generate $IN (stress $1 --gen --family $2 --size $3 --seed $4)"
    return 1
  fi
  mkdir -p "$INPUTS"
  # --beyond-limits: the benchmark's sizes are past the judges' (3000x3000, N = 10^8).
  if ! "$REL/stress" "$1" --gen --beyond-limits --family "$2" --size "$3" --seed "$4" > "$IN.part"; then
    rm -f "$IN.part"
    fail "stress $1 --gen --family $2 --size $3 --seed $4 fails"
    return 1
  fi
  mv "$IN.part" "$IN"
}

# big_stack CMD...: CMD with the stack limit raised, as the timing tool runs it (recursive DFS).
big_stack() { ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)" 2>/dev/null; "$@"; }

CHECKED=0
# same_answers BINARY BASELINE GAME MAX_CELLS FAMILY...: the baseline answers as the project's
# binary does on every judge case of inputs/BINARY/ that the binary accepts (without flags; for
# police_thief, at most MAX_CELLS cells, the baseline's arrays) and on 5 small generated inputs of
# each FAMILY (when stress is built). Counts them in $CHECKED.
same_answers() {
  local bin=$1 base=$2 game=$3 max_cells=$4
  shift 4
  local cases=() f rows cols
  for f in inputs/"$bin"/*.in; do
    [[ -f $f && ! -f ${f%.in}.args ]] || continue
    if [[ $max_cells -gt 0 ]]; then
      read -r rows cols _ < "$f"
      [[ $rows =~ ^[0-9]+$ && ${cols%$'\r'} =~ ^[0-9]+$ ]] || continue
      ((rows * ${cols%$'\r'} <= max_cells)) || continue
    fi
    cases+=("$f")
  done
  if [[ -x $REL/stress ]]; then
    local family seed
    for family in "$@"; do
      for seed in 1 2 3 4 5; do
        f=$OUT/out/small.$game.$family.$seed.in
        "$REL/stress" "$game" --gen --beyond-limits --family "$family" --size 30 --seed "$seed" > "$f" ||
          { fail "stress $game --gen --family $family --size 30 --seed $seed fails"; return 1; }
        cases+=("$f")
      done
    done
  fi
  CHECKED=0
  for f in "${cases[@]}"; do
    "$REL/$bin" < "$f" > "$OUT/out/check.ours" 2>/dev/null || continue  # an error case
    (big_stack "$base" < "$f" > "$OUT/out/check.base" 2>/dev/null) ||
      { fail "$base fails on $f"; return 1; }
    cmp -s "$OUT/out/check.ours" "$OUT/out/check.base" ||
      { fail "$base answers otherwise than $REL/$bin on $f"; return 1; }
    CHECKED=$((CHECKED + 1))
  done
}

LINE=
timed() {  # timed ARGS...: the timing tool's line as $LINE (a failure is reported, and 1)
  LINE=$("$TOOL" --out "$OUT/out" "$@") || { fail "the timing failed (above): $TOOL $*"; return 1; }
}

# --- the rows ------------------------------------------------------------------------------------

# graph_rows BASELINE RUNS [--budget SECONDS]: graph_game on the 10^6-vertex graph against a
# baseline, at least RUNS rounds (more while they take less than the budget).
graph_rows() {
  binary graph_game && input graph_game bench 1000000 1 && baseline "$1" || return
  same_answers graph_game "$BASE" graph_game 0 bench random cycles || return
  local n m
  read -r n m _ < "$IN"
  timed --check "${@:3}" "$2" "$IN" -- "$REL/graph_game" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "graph_game, $n vertices, $m edges (stress family bench): $(secs "$a"), $(mib "$ma")"
  if [[ $1 == graph_dfs ]]; then
    echo "  against the seed DFS (bench/baselines/graph_dfs.cpp): $(secs "$b"), $(mib "$mb");" \
      "same answers here and on $CHECKED small inputs"
    ratio_mark 0.15 "time ratio"
    mark "$ma < $mb" "peak memory $(mib "$ma" "$mb") (goal: below the seed DFS's $(mib "$mb" "$ma"))"
  else
    echo "  against a strong contestant's C++ (bench/baselines/graph_contestant.cpp): $(secs "$b")," \
      "$(mib "$mb"); same answers here and on $CHECKED small inputs"
    ratio_mark 0.45 "time ratio"
    mark "2 * $ma <= $mb" "peak memory $(mib "$ma" "$(per_input "$mb" 2)") (goal <= half the contestant's $(mib "$mb" "$((2 * ma))"))"
  fi
  per_unit "$ma" "$((n + m))" "vertex or edge" 9
}
row_graph_dfs() { graph_rows graph_dfs 5; }
row_graph_contestant() { graph_rows graph_contestant 7 --budget 4; }

# sum_row FAMILY SHAPE SEEDS RUNS BUDGET GOAL [FLOOR]: graph_sum on 5*10^5 vertices, 10^6 edges and
# 10^5 queries of 5 tokens (stress family FAMILY, seeds 1 to SEEDS: a timed run is a batch of that
# many inputs) against the usual stage-by-stage contestant's C++, its time ratio at most GOAL: at
# least RUNS rounds, more while they take less than BUDGET seconds. With FLOOR (its goal), also
# against graph_game on the same graphs, in the same run: reading the graph, laying it out and one
# win/lose search, which graph_sum's loopy values cannot beat (they read the same graph and do at
# least one such search).
sum_row() {
  local family=$1 shape=$2 seeds=$3 runs=$4 budget=$5 goal=$6 floor=${7:-}
  binary graph_sum && baseline graph_sum_contestant || return
  local ins=() seed n m
  for ((seed = 1; seed <= seeds; seed++)); do
    input graph_sum "$family" 500000 "$seed" || return
    ins+=("$IN")
  done
  same_answers graph_sum "$BASE" graph_sum 0 tiny random dag staircase "$family" || return
  read -r n m _ < "${ins[0]}"
  timed --check --budget "$budget" "$runs" "${ins[@]}" -- "$REL/graph_sum" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "graph_sum, $n vertices, $m edges, 10^5 queries of 5 tokens, $shape (stress family $family," \
    "$(batch_of "$seeds")): $(secs "$(per_input "$a" "$seeds")") an input, $(mib "$ma")"
  echo "  against a strong contestant's C++, stage by stage over the whole graph" \
    "(bench/baselines/graph_sum_contestant.cpp): $(secs "$(per_input "$b" "$seeds")") an input, $(mib "$mb");" \
    "same answers on these and on $CHECKED small inputs"
  ratio_mark "$goal" "time ratio"
  mark "$ma <= $mb" "peak memory $(mib "$ma" "$mb") (goal: no more than the contestant's $(mib "$mb" "$ma"))"
  per_unit "$ma" "$((n + m))" "vertex or edge" 14.5
  [[ -n $floor ]] || return 0
  # The floor's inputs: the same first line and edges, without the queries (made once).
  local in graph inputs_b=()
  for in in "${ins[@]}"; do
    read -r n m _ < "$in"
    graph=${in%.in}.graph_only.in
    if [[ ! -s $graph || $in -nt $graph ]]; then
      head -n $((m + 1)) "$in" > "$graph.part" && mv "$graph.part" "$graph" ||
        { fail "cannot write $graph"; return 1; }
    fi
    inputs_b+=(--input-b "$graph")
  done
  binary graph_game || return
  timed --budget "$budget" "${inputs_b[@]}" "$runs" "${ins[@]}" -- "$REL/graph_sum" --vs "$REL/graph_game" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "  against its floor, graph_game on the same graphs (read, layout, one search; it writes" \
    "$n lines where graph_sum writes 10^5), in the same run: $(secs "$(per_input "$a" "$seeds")") against" \
    "$(secs "$(per_input "$b" "$seeds")") an input, $(mib "$ma") against $(mib "$mb")"
  ratio_mark "$floor" "time ratio to the floor"
}
row_sum_random() { sum_row bench_random "random edges (values up to about 5)" 4 4 4 0.45 1.5; }
row_sum_staircase() { sum_row bench_staircase "a 1000-vertex staircase inside (values up to 999)" 1 3 0 0.3; }

row_police_40() {
  binary police_thief && input police_thief walls 1600 1 && baseline police_thief_seed || return
  same_answers police_thief "$BASE" police_thief 1600 walls open corridor || return
  local n m
  read -r n m _ < "$IN"
  timed --check 3 "$IN" -- "$REL/police_thief" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "police_thief, ${n}x$m board with walls (stress family walls): $(secs "$a"), $(mib "$ma")"
  echo "  against the seed program for boards up to 40x40 (bench/baselines/police_thief_seed.cpp):" \
    "$(secs "$b"), $(mib "$mb"); same answers here and on $CHECKED small inputs"
  ratio_mark 0.02 "time ratio"
  mark "20 * $ma <= $mb" "peak memory $(mib "$ma" "$(per_input "$mb" 20)") (goal <= 1/20 of the seed program's)"
}

row_police_100() {
  binary police_thief && input police_thief open_square 10000 1 || return
  local n m
  read -r n m _ < "$IN"
  timed 1 "$IN" -- "$REL/police_thief" || return
  read -r a ma <<< "$LINE"
  echo "police_thief, ${n}x$m open board (stress family open_square): $(secs "$a"), $(mib "$ma")"
  mark "$a <= 8" "time $(secs "$a" 8) (goal <= 8 s)"
  mark "$ma <= 1310720" "peak memory $(mib "$ma" 1310720) (goal <= 1.25 GiB)"
  per_unit "$ma" "$((2 * n * m * n * m))" "state" 1.2
}

grid_shape() {  # grid_shape FILE: "NxM board, K=k, Q=q"
  local n m k q
  read -r n m k _ < "$1"
  q=$(sed -n "$((n + 2))p" "$1")
  echo "${n}x$m board, K=$k, Q=${q%$'\r'}"
}

row_grid_300() {
  binary grid_game_28218 && input grid_game_28218 judge_max 9000000 1 && empty_main || return
  timed --warmup 15 "$IN" -- "$REL/grid_game_28218" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "grid_game_28218, $(grid_shape "$IN") (stress family judge_max): $(secs "$a"), $(mib "$ma")"
  echo "  against an empty Rust program (bench/empty_main.rs, the start-up floor): $(secs "$b")," \
    "$(mib "$mb"); the difference $(secs "$(awk -v a="$a" -v b="$b" 'BEGIN { print a - b }')")"
  # At a judge's maximum the run is mostly start-up: the goal is what the program adds to it. (The
  # outside yardstick, compare, asks for 1.3 times its floor, which it times through python and
  # /usr/bin/time at about 4.3 ms: 1.3 ms added. Timed exactly, the floor is under 1 ms, so a
  # ratio would ask far more of the same program.)
  local extra
  extra=$(awk -v a="$a" -v b="$b" 'BEGIN { print a - b }')
  mark "$extra <= 0.001" "time $(secs "$extra" 0.001) beyond the start-up floor (goal <= 1 ms; wall time ratio $r, quartiles $q1 and $q3)"
}

row_grid_3000() {
  binary grid_game_28218 && input grid_game_28218 bench_open 9000000 1 || return
  timed --warmup 3 "$IN" -- "$REL/grid_game_28218" || return
  read -r a ma <<< "$LINE"
  echo "grid_game_28218, $(grid_shape "$IN") (stress family bench_open): $(secs "$a"), $(mib "$ma")"
  mark "$a <= 1" "time $(secs "$a" 1) (goal <= 1 s)"
  local n m
  read -r n m _ < "$IN"
  per_unit "$ma" "$((n * m))" "cell" 1.4
}

row_grid_thin() {
  binary grid_game_28218 && input grid_game_28218 one_row 100000000 1 || return
  timed 3 "$IN" -- "$REL/grid_game_28218" || return
  read -r a ma <<< "$LINE"
  local n m
  read -r n m _ < "$IN"
  echo "grid_game_28218, a thin ${n}x$m board (stress family one_row): $(secs "$a"), $(mib "$ma")"
  mark "$a <= 1" "time $(secs "$a" 1) (goal <= 1 s)"
  per_unit "$ma" "$((n * m))" "cell" 1.05
}

row_mob_1e6() {
  binary move_or_block && input move_or_block long 1000000 1 && baseline mob_read_floor || return
  local n
  read -r n _ < "$IN"
  timed --warmup 9 "$IN" -- "$REL/move_or_block" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "move_or_block, N=$n (stress family long): $(secs "$a"), $(mib "$ma")"
  echo "  against the read floor (bench/baselines/mob_read_floor.cpp: scanf and one look at each cell):" \
    "$(secs "$b"), $(mib "$mb")"
  ratio_mark 1.2 "time ratio to the read floor"
}

row_mob_1e8() {
  binary move_or_block && input move_or_block long 100000000 1 || return
  local n
  read -r n _ < "$IN"
  if [[ -n $have_gxx ]] && baseline mob_read_floor; then  # the floor only for scale: no goal
    timed --warmup 3 "$IN" -- "$REL/move_or_block" --vs "$BASE" || return
    read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
    echo "move_or_block, N=$n (stress family long): $(secs "$a"), $(mib "$ma"); the read floor $(secs "$b")"
  else
    timed --warmup 3 "$IN" -- "$REL/move_or_block" || return
    read -r a ma <<< "$LINE"
    echo "move_or_block, N=$n (stress family long): $(secs "$a"), $(mib "$ma")"
  fi
  mark "$a <= 0.25" "time $(secs "$a" 0.25) (goal <= 0.25 s)"
  # The board streams through: memory does not grow with N.
  mark "$ma <= 4096" "peak memory $(mib "$ma" 4096) (goal <= 4 MiB whatever N)"
}

row_stress() {
  if [[ ! -x $REL/stress ]]; then skip stress "no $REL/stress (tools/stress/, cargo build --release)"; return; fi
  binary graph_game || return
  local cases=2000
  timed 3 /dev/null -- "$REL/stress" graph_game --cases $cases --size 8 -- "$REL/graph_game" || return
  read -r a ma <<< "$LINE"
  local rate
  rate=$(awk -v a="$a" -v c=$cases 'BEGIN { printf "%.0f", c / a }')
  echo "stress graph_game --cases $cases --size 8 -- $REL/graph_game: $(secs "$a"), $(mib "$ma")"
  mark "$rate >= 300" "$rate cases per second (goal >= 300)"
}

# pattern on two 300 x 300 tables from examples/game_tables.rs: two piles of the subtraction game
# {1, 2, 3} (a rule exists: both splits tried once) and Wythoff's game (none: both splits fail,
# then the closest rule is fitted on every row), picture and line periods included.
row_pattern_300() {
  if [[ ! -x $REL/pattern ]]; then skip pattern_300 "no $REL/pattern (tools/pattern/, cargo build --release)"; return; fi
  local tables=$REL/examples/game_tables name
  [[ -x $tables ]] || { fail "no $tables (cargo build --release --examples)"; return; }
  mkdir -p "$INPUTS"
  for name in two_heaps wythoff; do
    IN=$INPUTS/pattern.$name.300.txt
    if [[ ! -s $IN ]]; then
      if [[ $name == two_heaps ]]; then "$tables" two_heaps 299 1 2 3 > "$IN.part"; else "$tables" wythoff 299 > "$IN.part"; fi ||
        { rm -f "$IN.part"; fail "game_tables $name 299 fails"; return; }
      mv "$IN.part" "$IN"
    fi
    timed 3 /dev/null -- "$REL/pattern" "$IN" --color never || return
    read -r a ma <<< "$LINE"
    echo "pattern on the 300 x 300 table of $name (examples/game_tables.rs): $(secs "$a"), $(mib "$ma")"
    mark "$a <= 10" "time $(secs "$a" 10) (goal <= 10 s)"
  done
}

# pattern on tables of 10^6 rows and of 10^4 columns (made here with awk), the worst shapes found
# (docs/pattern.md). One parameter: L then W (a preperiod of half a million: the period search was
# quadratic there, 50 s), L W L in thirds, period 3 then 7 (numbers), 600,000 random values then
# period 5, 0 then n (a saltus after a threshold), 10^6 distinct tokens. Two parameters: 1000 x
# 1000 (a rule), one line of 10^6 rows (L then W along it), 1000 x 1000 distinct values. Five
# random parameters (no rule: the search fits on its corner, the closest rule is checked on every
# row). Columns: 40 rows of 10^4 parameters, 100 random rows of 10^4, 2 random rows of 500,000
# (the periods that grow were tried as 10^8 candidates there, 1.3 GiB), 16,384 random rows of
# 400 (tens of thousands of conditions, each paired with all). Each at most 5 s and 256 MiB.
row_pattern_big() {
  if [[ ! -x $REL/pattern ]]; then skip pattern_big "no $REL/pattern (tools/pattern/, cargo build --release)"; return; fi
  mkdir -p "$INPUTS"
  local name
  for name in one_1e6 one_thirds one_change one_prefix one_saltus one_distinct two_1e6 two_line two_distinct \
    five_1e6 columns_1e4 columns_random_1e4 columns_5e5 columns_400; do
    IN=$INPUTS/pattern.$name.txt
    if [[ ! -s $IN ]]; then
      case $name in
        one_1e6) awk 'BEGIN { for (n = 0; n < 1000000; n++) print n, (n < 500000 ? "L" : "W") }' ;;
        one_thirds) awk 'BEGIN { for (n = 0; n < 1000000; n++) print n, (n < 333333 || n >= 666666 ? "L" : "W") }' ;;
        one_change) awk 'BEGIN { for (n = 0; n < 1000000; n++) print n, (n < 500000 ? n % 3 : 3 + n % 7) }' ;;
        one_prefix) awk 'BEGIN { srand(2); for (n = 0; n < 1000000; n++) print n, (n < 600000 ? (rand() < 0.5 ? "L" : "W") : (n % 5 == 0 ? "L" : "W")) }' ;;
        one_saltus) awk 'BEGIN { for (n = 0; n < 1000000; n++) print n, (n < 500000 ? 0 : n) }' ;;
        one_distinct) awk 'BEGIN { for (n = 0; n < 1000000; n++) print n, "v" n }' ;;
        two_1e6) awk 'BEGIN { for (a = 0; a < 1000; a++) for (b = 0; b < 1000; b++) print a, b, ((a - b) % 3 == 0 ? "L" : "W") }' ;;
        two_line) awk 'BEGIN { for (a = 0; a < 1000000; a++) print a, 0, (a <= 500000 ? "L" : "W") }' ;;
        two_distinct) awk 'BEGIN { for (a = 0; a < 1000; a++) for (b = 0; b < 1000; b++) print a, b, a * 1000 + b }' ;;
        five_1e6) awk 'BEGIN { srand(1); for (r = 0; r < 1000000; r++) { for (c = 0; c < 5; c++) printf "%d ", int(rand() * 20); print (rand() < 0.5 ? "W" : "L") } }' ;;
        columns_1e4) awk 'BEGIN { for (r = 0; r < 40; r++) { for (c = 0; c < 10000; c++) printf "%d ", (r * 7 + c) % 13; print (r % 2 ? "W" : "L") } }' ;;
        columns_random_1e4) awk 'BEGIN { srand(3); for (r = 0; r < 100; r++) { for (c = 0; c < 10000; c++) printf "%d ", int(rand() * 100); print (rand() < 0.5 ? "W" : "L") } }' ;;
        columns_5e5) awk 'BEGIN { srand(4); for (r = 0; r < 2; r++) { for (c = 0; c < 500000; c++) printf "%d ", int(rand() * 100); print (r ? "W" : "L") } }' ;;
        columns_400) awk 'BEGIN { srand(5); for (r = 0; r < 16384; r++) { for (c = 0; c < 400; c++) printf "%d ", int(rand() * 100); print (rand() < 0.5 ? "W" : "L") } }' ;;
      esac > "$IN.part" || { rm -f "$IN.part"; fail "awk cannot make $IN"; return; }
      mv "$IN.part" "$IN"
    fi
    timed 1 /dev/null -- "$REL/pattern" "$IN" --color never || return
    read -r a ma <<< "$LINE"
    echo "pattern on $name: $(secs "$a"), $(mib "$ma")"
    mark "$a <= 5" "time $(secs "$a" 5) (goal <= 5 s)"
    mark "$ma <= 262144" "peak memory $(mib "$ma" 262144) (goal <= 256 MiB)"
  done
}

# scores_row FAMILY SIZE SHAPE RUNS [MEMORY]: graph_scores (AtCoder ABC 261 Ex) on the stress
# family FAMILY at SIZE vertices against a contestant's C++ of the editorial method; with MEMORY,
# its peak memory at most the contestant's too.
scores_row() {
  binary graph_scores && input graph_scores "$1" "$2" 1 && baseline graph_scores_contestant || return
  same_answers graph_scores "$BASE" graph_scores 0 tiny random long_cycles zero_cycles star max_weight || return
  local n m
  read -r n m _ < "$IN"
  timed --check "$4" "$IN" -- "$REL/graph_scores" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "graph_scores, $n vertices, $m edges, $3 (stress family $1): $(secs "$a"), $(mib "$ma")"
  echo "  against a contestant's C++ of the editorial method (bench/baselines/graph_scores_contestant.cpp):" \
    "$(secs "$b"), $(mib "$mb"); same answers here and on $CHECKED small inputs"
  ratio_mark 0.5 "time ratio"
  [[ -z ${5:-} ]] || mark "$ma <= $mb" "peak memory $(mib "$ma" "$mb") (goal: no more than the contestant's $(mib "$mb" "$ma"))"
}
row_scores_random() { scores_row random 200000 "random edges and weights (the judge's maximum)" 9; }
row_scores_big() { scores_row bench 1000000 "a closed quarter, the rest mostly forward in a hidden order" 3 memory; }

# --- the examples (examples/berzerk.rs, examples/shiritori.rs) -------------------------------------

GEN=$OUT/examples_gen
# example_input NAME ARGS...: target/bench/examples_gen ARGS (bench/examples_gen.cpp), made once
# into $INPUTS/NAME.in, as $IN.
example_input() {
  local name=$1
  shift
  IN=$INPUTS/$name.in
  [[ -s $IN ]] && return 0
  if [[ -z $have_gxx ]]; then skip "$row" "no $CXX on this machine to build bench/examples_gen.cpp"; return 1; fi
  if [[ ! -x $GEN || bench/examples_gen.cpp -nt $GEN ]]; then
    "$CXX" -O2 -o "$GEN" bench/examples_gen.cpp || { fail "$CXX -O2 bench/examples_gen.cpp fails"; return 1; }
  fi
  mkdir -p "$INPUTS"
  "$GEN" "$@" > "$IN.part" || { rm -f "$IN.part"; fail "$GEN $* fails"; return 1; }
  mv "$IN.part" "$IN"
}

# example_answers EXAMPLE BASELINE SMALL_GEN_ARGS...: the baseline answers as the example does on
# every judge case of inputs/EXAMPLE/ that the example accepts (without flags) and on 5 small
# inputs of the generator (ARGS then the seed 1..5). Counts them in $CHECKED.
example_answers() {
  local example=$1 base=$2
  shift 2
  local cases=() f seed
  for f in inputs/"$example"/*.in; do
    [[ -f $f && ! -f ${f%.in}.args ]] && cases+=("$f")
  done
  for seed in 1 2 3 4 5; do
    f=$OUT/out/small.$example.$seed.in
    "$GEN" "$@" "$seed" > "$f" || { fail "$GEN $* $seed fails"; return 1; }
    cases+=("$f")
  done
  CHECKED=0
  for f in "${cases[@]}"; do
    "$REL/examples/$example" < "$f" > "$OUT/out/check.ours" 2>/dev/null || continue  # an error case
    "$base" < "$f" > "$OUT/out/check.base" 2>/dev/null || { fail "$base fails on $f"; return 1; }
    cmp -s "$OUT/out/check.ours" "$OUT/out/check.base" ||
      { fail "$base answers otherwise than $REL/examples/$example on $f"; return 1; }
    CHECKED=$((CHECKED + 1))
  done
}

example() {  # example NAME: the example is built
  [[ -x $REL/examples/$1 ]] || { fail "no $REL/examples/$1 (cargo build --release --examples)"; return 1; }
}

# berzerk_row SHAPE K1 K2 DIVISOR: examples/berzerk at n = 7000 (Codeforces 786A's maximum), Rick's
# K1 and Morty's K2 steps drawn among the multiples of DIVISOR, against the usual contestant's C++.
berzerk_row() {
  example berzerk && example_input "berzerk.$2.$3.$4" berzerk 7000 "$2" "$3" "$4" 1 &&
    baseline berzerk_contestant || return
  example_answers berzerk "$BASE" berzerk 30 8 5 1 || return
  timed --check 9 "$IN" -- "$REL/examples/berzerk" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "berzerk, n = 7000, $1: $(secs "$a"), $(mib "$ma")"
  echo "  against a strong contestant's C++ (bench/baselines/berzerk_contestant.cpp): $(secs "$b")," \
    "$(mib "$mb"); same answers here and on $CHECKED small inputs"
  ratio_mark 1.0 "time ratio"
}
row_berzerk_full() { berzerk_row "every step for both (6999/6999)" 6999 6999 1; }
row_berzerk_1000() { berzerk_row "random steps 1000/1000" 1000 1000 1; }
row_berzerk_3500() { berzerk_row "random steps 3500/3500" 3500 3500 1; }
row_berzerk_6000() { berzerk_row "random steps 6000/6000" 6000 6000 1; }
row_berzerk_loops() { berzerk_row "random multiples of 7, 999/500 (loops off the multiples)" 999 500 7; }

# shiritori_row SHAPE LETTERS: examples/shiritori on 2*10^5 words (AtCoder ABC 209 E's maximum) of
# 3 to 8 letters drawn from the first LETTERS of A-Z a-z, against the usual contestant's C++. One
# input takes ours about 15 ms, too short to time alone on a loaded machine: a timed run is a batch
# of SHIRITORI_SEEDS inputs (seeds 1 to 4), the same for both sides, at least 6 rounds, more while
# they take less than 4 seconds.
SHIRITORI_SEEDS=4
shiritori_row() {
  example shiritori && baseline shiritori_contestant || return
  local ins=() seed
  for ((seed = 1; seed <= SHIRITORI_SEEDS; seed++)); do
    example_input "shiritori.200000.$2.$seed" shiritori 200000 "$2" "$seed" || return
    ins+=("$IN")
  done
  example_answers shiritori "$BASE" shiritori 40 4 || return
  timed --check --budget 4 6 "${ins[@]}" -- "$REL/examples/shiritori" --vs "$BASE" || return
  read -r a b r ma mb q1 q3 rounds cpu cq1 cq3 <<< "$LINE"
  echo "shiritori, 200000 words, $1 ($(batch_of $SHIRITORI_SEEDS)):" \
    "$(secs "$(per_input "$a" $SHIRITORI_SEEDS)") an input, $(mib "$ma")"
  echo "  against a strong contestant's C++ (bench/baselines/shiritori_contestant.cpp):" \
    "$(secs "$(per_input "$b" $SHIRITORI_SEEDS)") an input, $(mib "$mb"); same answers on these and on" \
    "$CHECKED small inputs"
  ratio_mark 0.3 "time ratio"
}
row_shiritori_draws() { shiritori_row "letters from 36 (93% draws)" 36; }
row_shiritori_random() { shiritori_row "letters from all 52 (a third each)" 52; }

# graph_partizan on one sum of 10^5 number-valued components: a chain of 10^5 vertices, each
# moving to the one before for Left or for Right (a random label, seed 1), so every value is an
# integer; one query holding every vertex, and 9 of 10 tokens each. Made here with awk.
row_partizan_sum() {
  binary graph_partizan || return
  IN=$INPUTS/graph_partizan.numbers.100000.1.in
  if [[ ! -s $IN ]]; then
    mkdir -p "$INPUTS"
    awk 'BEGIN { n = 100000; srand(1); print n, n - 1
      for (i = 2; i <= n; i++) print i, i - 1, (rand() < 0.5 ? "L" : "R")
      print 10; line = n; for (i = 1; i <= n; i++) line = line " " i; print line
      for (q = 1; q <= 9; q++) { line = 10; for (k = 1; k <= 10; k++) line = line " " int(rand() * n) + 1; print line } }' \
      > "$IN.part" && mv "$IN.part" "$IN" || { rm -f "$IN.part"; fail "cannot write $IN"; return; }
  fi
  timed 7 "$IN" -- "$REL/graph_partizan" || return
  read -r a ma <<< "$LINE"
  echo "graph_partizan, a sum of 10^5 number-valued components (and 9 small ones) on a 10^5-vertex chain: $(secs "$a"), $(mib "$ma")"
  mark "$a <= 0.2" "time $(secs "$a" 0.2) (goal <= 0.2 s)"
}

# graph_partizan's extras at their bounds (issue 52, items 7 and 8), inputs made here with awk:
# --move on a vertex F with Left edges to -1, ..., -99999 and then 0 (n = 100,001, m = 199,999),
# asked 2*10^5 times `1 F` (its moves tried once, then remembered); --move on queries that each
# need a new search of a vertex of 66,000 moves (the error at the step limit); --values on a
# ladder of ups (3,662 vertices, every line ^k or ^k*).
partizan_input() {  # partizan_input NAME AWK_PROGRAM: the input, made once, as $IN
  IN=$INPUTS/graph_partizan.$1.in
  [[ -s $IN ]] && return 0
  mkdir -p "$INPUTS"
  awk "BEGIN { $2 }" > "$IN.part" && mv "$IN.part" "$IN" || { rm -f "$IN.part"; fail "cannot write $IN"; return 1; }
}
row_partizan_move_star() {
  binary graph_partizan || return
  partizan_input star.200000 'k = 99999; f = k + 2; print f, 2 * k + 1
    for (i = 1; i <= k; i++) print i + 1, i, "R"
    for (i = 1; i <= k; i++) print f, i + 1, "L"
    print f, 1, "L"; print 200000; for (q = 0; q < 200000; q++) print 1, f' || return
  timed 3 "$IN" -- "$REL/graph_partizan" --move || return
  read -r a ma <<< "$LINE"
  echo "graph_partizan --move, 2*10^5 queries of a vertex of 10^5 moves: $(secs "$a"), $(mib "$ma")"
  mark "$a <= 0.5" "time $(secs "$a" 0.5) (goal <= 0.5 s)"
}
row_partizan_move_limit() {
  binary graph_partizan || return
  partizan_input moves_all_new.66000 'k = 66000; f = 2 * k + 2; print f, 3 * k + 1
    for (i = 1; i <= k; i++) print i + 1, (i == 1 ? 1 : i), "R"
    for (i = 1; i <= k; i++) print k + 1 + i, (i == 1 ? 1 : k + i), "L"
    for (i = k; i >= 1; i--) print f, i + 1, "L"
    print f, 1, "L"; print 2000; for (x = 1; x <= 2000; x++) print 2, f, k + 1 + x' || return
  local said
  said=$("$REL/graph_partizan" --move < "$IN" 2>&1 | head -c 300)
  timed 3 "$IN" -- sh -c '"$0" --move > /dev/null 2>&1; exit 0' "$REL/graph_partizan" || return
  read -r a ma <<< "$LINE"
  echo "graph_partizan --move, every query a new search of 66,000 moves: $(secs "$a"), $(mib "$ma"): $said"
  mark "$a <= 0.5" "time $(secs "$a" 0.5) (goal <= 0.5 s: about half a second past the step limit)"
}
row_partizan_values_ladder() {
  binary graph_partizan || return
  partizan_input ups.1830 'k = 1830; print 2 * k + 2, 4 * k + 3; print 2, 1, "L"; print 2, 1, "R"
    print 3, 1, "L"; print 3, 2, "R"; print 4, 1, "L"; print 4, 2, "L"; print 4, 1, "R"
    for (j = 2; j <= k; j++) { print 2 * j + 1, 1, "L"; print 2 * j + 1, 2 * j, "R"
      print 2 * j + 2, 1, "L"; print 2 * j + 2, 2 * j - 1, "R" }
    print 1; print 1, 1' || return
  timed 7 "$IN" -- "$REL/graph_partizan" --values || return
  read -r a ma <<< "$LINE"
  echo "graph_partizan --values, a ladder of 1,830 ups (21,578 bytes): $(secs "$a"), $(mib "$ma")"
  mark "$a <= 0.1" "time $(secs "$a" 0.1) (goal <= 0.1 s)"
}

# examples/domineering on an empty board: its canonical form (every position it leads to valued
# once, regions split, mirror images merged); the forms' count and memory with --stats.
domineering_row() {  # domineering_row ROWS COLUMNS GOAL_SECONDS
  example domineering || return
  IN=$INPUTS/domineering.$1x$2.in
  if [[ ! -s $IN ]]; then
    mkdir -p "$INPUTS"
    { echo 1; echo "$1 $2"; for ((r = 0; r < $1; r++)); do printf '%*s\n' "$2" '' | tr ' ' '.'; done; } > "$IN"
  fi
  timed 3 "$IN" -- "$REL/examples/domineering" || return
  read -r a ma <<< "$LINE"
  local stats
  stats=$("$REL/examples/domineering" --stats < "$IN" 2>&1 >/dev/null | tail -1)
  echo "domineering, the empty $1 x $2 board: $(secs "$a"), $(mib "$ma"); $stats"
  mark "$a <= $3" "time $(secs "$a" "$3") (goal <= $3 s)"
}
row_domineering_5x5() { domineering_row 5 5 1; }
row_domineering_4x6() { domineering_row 4 6 0.5; }

# examples/toppling_dominoes --outcomes on 10^4 random rows of 20 dominoes (made here with awk, by
# MINSTD from seed 1: exact in awk's doubles, so every awk makes the same file): every row valued,
# about half a million positions and as many canonical forms, and each row's winner. One warm-up
# run gives the positions and forms (--stats, on stderr), one run is timed.
row_toppling() {
  example toppling_dominoes || return
  IN=$INPUTS/toppling_dominoes.random.10000x20.1.in
  if [[ ! -s $IN ]]; then
    mkdir -p "$INPUTS"
    awk 'BEGIN { x = 1; print 10000
      for (r = 0; r < 10000; r++) { row = ""
        for (i = 0; i < 20; i++) { x = (x * 48271) % 2147483647; row = row substr("LRG", int(x * 3 / 2147483647) + 1, 1) }
        print row } }' > "$IN.part" && mv "$IN.part" "$IN" || { rm -f "$IN.part"; fail "cannot write $IN"; return; }
  fi
  local stats=$OUT/out/toppling.stats
  timed --warmup 1 "$IN" -- "$REL/examples/toppling_dominoes" --outcomes --stats 2> "$stats" || return
  read -r a ma <<< "$LINE"
  local positions forms table
  read -r positions _ forms _ _ table _ < <(tail -1 "$stats")
  [[ $positions =~ ^[0-9]+$ && $forms =~ ^[0-9]+$ && $table =~ ^[0-9]+$ ]] ||
    { fail "no --stats line from toppling_dominoes: $(tail -1 "$stats")"; return; }
  echo "toppling_dominoes --outcomes, 10^4 random rows of 20 (awk, MINSTD seed 1): $(secs "$a"), $(mib "$ma");" \
    "$positions positions, $forms canonical forms; the table $(mib $((table / 1024))), $((table / forms)) bytes a form"
  mark "$a <= 25" "time $(secs "$a" 25) (goal <= 25 s)"
  mark "$ma <= 262144" "peak memory $(mib "$ma" 262144) (goal <= 256 MiB)"
  per_unit "$ma" "$positions" "position" 200
  per_unit "$ma" "$forms" "canonical form" 230
}

# examples/clobber on a sum of 10^5 Linear Clobber rows of up to 14 cells (made by awk here, seed
# 1): the answer, or the error of a sum past the library's default budget, within 10 s and 1 GiB.
clobber_row() {  # clobber_row SHAPE_NAME WHAT AWK_ROW: AWK_ROW prints one row (rand() seeded)
  example clobber || return
  IN=$INPUTS/clobber.$1.100000.in
  if [[ ! -s $IN ]]; then
    mkdir -p "$INPUTS"
    awk "BEGIN { srand(1); n = 100000; print n; for (r = 0; r < n; r++) { $3 } }" > "$IN.part" &&
      mv "$IN.part" "$IN" || { rm -f "$IN.part"; fail "cannot write $IN"; return; }
  fi
  local said
  said=$("$REL/examples/clobber" < "$IN" 2>&1 | head -c 300)
  # The error is an answer here: timed through sh, whose exit status is 0 either way.
  timed 3 "$IN" -- sh -c '"$0" > /dev/null 2>&1; exit 0' "$REL/examples/clobber" || return
  read -r a ma <<< "$LINE"
  echo "clobber, 10^5 rows, $2: $(secs "$a"), $(mib "$ma"): $said"
  mark "$a <= 10" "time $(secs "$a" 10) (goal <= 10 s)"
  mark "$ma <= 1048576" "memory $(mib "$ma" 1048576) (goal <= 1 GiB)"
}
row_clobber_random() {
  clobber_row random "random rows (1 to 14 cells of x, o, .)" \
    'len = 1 + int(rand() * 14); s = ""; for (i = 0; i < len; i++) s = s substr("xo.", 1 + int(rand() * 3), 1); print s'
}
row_clobber_hot3() {
  clobber_row hot3 "rows of 3 distinct values (xoxoxoxoxoxoxo, xxoxoxooxoxxo, oxxoxoxxooxo)" \
    'k = int(rand() * 3); print (k == 0 ? "xoxoxoxoxoxoxo" : k == 1 ? "xxoxoxooxoxxo" : "oxxoxoxxooxo")'
}
row_clobber_star_down() { clobber_row star_down "every row xoxox, whose value is {*|v}" 'print "xoxox"'; }

for row in "${selected[@]}"; do
  "row_$row"
done

# --- the summary ---------------------------------------------------------------------------------

summary="$short goal(s) short"
((short)) && summary+=" (${short_rows[*]})"
((failed)) && summary+=", $failed failure(s)"
((${#skipped[@]})) && summary+=", ${#skipped[@]} row(s) skipped (${skipped[*]})"
echo "$summary; load average $(load)"
loaded
((short == 0 && failed == 0))
