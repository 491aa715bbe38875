#!/bin/sh
# A helper of `stress --ref/--gen/--check` that fails on purpose, for `stress` to tell why: reads
# its stdin, writes `WHO failed on purpose (ARGS)` and a second line to stderr, then exits with
# status CODE, or kills itself with SIGSEGV when CODE is SEGV. Usage: says_why.sh WHO CODE ARGS...
who=$1 code=$2
shift 2
cat >/dev/null
echo "$who failed on purpose ($*)" >&2
echo "second line" >&2
if [ "$code" = SEGV ]; then
    kill -SEGV $$
fi
exit "$code"
