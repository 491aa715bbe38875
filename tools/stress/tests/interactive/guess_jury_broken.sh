#!/bin/sh
# A jury of `guess` that fails (exit status 3, as testlib's juries say it) on every test file with
# n >= 6, and is guess_jury.py otherwise: `stress` must tell it as the jury's failure.
read n x <"$1"
if [ "$n" -ge 6 ]; then
    echo "the jury fails on purpose at n = $n" >&2
    exit 3
fi
exec python3 "$(dirname "$0")/guess_jury.py" "$@"
