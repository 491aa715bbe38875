#!/bin/sh
# A jury that gives a wrong answer (exit 1) on an input file of 300,000 lines or more, and
# accepts any shorter one. `sh wants_300000_lines.sh INPUT_FILE`.
test "$(wc -l < "$1")" -lt 300000
