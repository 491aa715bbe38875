#!/usr/bin/env bash
# make case: adds one judge case, an input and the answer you give for it, to the problem NAME:
#   tools/add_case.sh --name NAME --case CASE [--in FILE] (--out FILE | --err FILE | --oracle COMMAND)
#                     [--args FLAGS]
# writes inputs/NAME/CASE.in (FILE, or stdin when --in is not given), inputs/NAME/CASE.args (FLAGS,
# when given) and the answer: expected/NAME/CASE.out (--out: the output, exit status 0), or
# expected/NAME/CASE.err (--err: the one `error: ...` line, exit status 2), or the .out that
# COMMAND prints on the input (--oracle: an independent solution, brute force say; its words split
# on whitespace, run without FLAGS). The program under test is never run: an answer saved from it
# would test nothing. An empty value counts as not given (make passes every option).
# Nothing is written unless every check passes; an existing case is never replaced (remove its
# files first). Errors: one line `error: ...` on stderr, exit status 2.
set -euo pipefail

fail() {
  echo "error: $*" >&2
  exit 2
}

root=$(cd "$(dirname "$0")/.." && pwd)
name= stem= input= out= err= oracle= args=
while (($#)); do
  (($# >= 2)) || fail "option \`$1\` needs a value"
  case $1 in
    --name) name=$2 ;;
    --case) stem=$2 ;;
    --in) input=$2 ;;
    --out) out=$2 ;;
    --err) err=$2 ;;
    --oracle) oracle=$2 ;;
    --args) args=$2 ;;
    *) fail "unknown option \`$1\` (options: --name --case --in --out --err --oracle --args)" ;;
  esac
  shift 2
done

[[ -n $name ]] || fail "no problem named: NAME=.. (the folder inputs/NAME/, the program examples/NAME.rs)"
[[ -n $stem ]] || fail "no case named: CASE=.. (the file inputs/$name/CASE.in)"
for word in "$name" "$stem"; do
  [[ $word =~ ^[A-Za-z0-9_-]+$ ]] || fail "\`$word\`: a name is letters A-Z a-z, digits, _ and -"
done
given=0
for answer in "$out" "$err" "$oracle"; do [[ -z $answer ]] || given=$((given + 1)); done
((given == 1)) || fail "give the answer one way: OUT=file, ERR=file or ORACLE=\"command\" (found $given)"
for file in "inputs/$name/$stem.in" "inputs/$name/$stem.args" "expected/$name/$stem.out" "expected/$name/$stem.err"; do
  [[ ! -e $root/$file ]] || fail "$file exists: the case is there already (remove its files to replace it)"
done
if [[ -n $input ]]; then
  [[ -f $input && -r $input ]] || fail "IN=$input: not a readable file"
elif [[ -t 0 ]]; then
  fail "no input: IN=file, or the input on stdin (make case .. < file)"
fi
[[ -z $out || (-f $out && -r $out) ]] || fail "OUT=$out: not a readable file"
[[ -z $err || (-f $err && -r $err) ]] || fail "ERR=$err: not a readable file"
if [[ -n $err ]]; then
  # What a binary prints on a bad input: exactly one line, `error: ` first.
  [[ $(wc -l <"$err") -eq 1 && $(head -c 7 "$err") == "error: " && -z $(tail -c 1 "$err") ]] ||
    fail "ERR=$err: not one line \`error: ...\` ending in a newline"
fi

staged=$(mktemp -d)
trap 'rm -rf "$staged"' EXIT
if [[ -n $input ]]; then cp "$input" "$staged/in"; else cat >"$staged/in"; fi
if [[ -n $oracle ]]; then
  read -ra command <<<"$oracle"
  # A guard, not a proof of independence: the program of this problem is never the oracle.
  [[ $(basename "${command[0]}") != "$name" ]] ||
    fail "ORACLE=\"$oracle\" is the program under test: an oracle is an independent solution"
  status=0
  "${command[@]}" <"$staged/in" >"$staged/out" 2>"$staged/stderr" || status=$?
  ((status == 0)) || fail "ORACLE=\"$oracle\" exited with status $status ($(head -n 1 "$staged/stderr")): nothing written"
elif [[ -n $out ]]; then
  cp "$out" "$staged/out"
else
  cp "$err" "$staged/err"
fi
[[ -z $args ]] || printf '%s\n' "$args" >"$staged/args"

mkdir -p "$root/inputs/$name" "$root/expected/$name"
written=("inputs/$name/$stem.in")
mv "$staged/in" "$root/inputs/$name/$stem.in"
if [[ -e $staged/args ]]; then
  mv "$staged/args" "$root/inputs/$name/$stem.args"
  written+=("inputs/$name/$stem.args")
fi
for kind in out err; do
  if [[ -e $staged/$kind ]]; then
    mv "$staged/$kind" "$root/expected/$name/$stem.$kind"
    written+=("expected/$name/$stem.$kind")
  fi
done
echo "make case: wrote ${written[*]}; make judge NAME=$name checks it"
