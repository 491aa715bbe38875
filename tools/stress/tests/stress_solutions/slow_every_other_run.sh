#!/bin/sh
# Spins on the CPU forever on every other run, else runs the right program given after MARKER (a
# file it creates and removes to know which run it is): as a right solution may look on a loaded
# machine. `stress` runs every time-out a second time, and so must pass it, saying how many
# time-outs it did not confirm. Usage: slow_every_other_run.sh MARKER PROGRAM ARGS...
marker=$1
shift
if [ -e "$marker" ]; then
    rm -f "$marker"
    exec "$@"
fi
: >"$marker"
while :; do :; done
