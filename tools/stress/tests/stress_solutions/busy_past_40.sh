#!/bin/sh
# Right but too slow past N = 40: reads the first line (`N M` of graph_game), spins on the CPU
# forever when N > 40, else hands the input to the right program given as its arguments. It
# stands for a solution whose time explodes past a size, which `stress` must find and shrink by
# size to within a factor of two of 41.
read -r n rest
if [ "$n" -gt 40 ]; then
    while :; do :; done
fi
{ echo "$n $rest"; cat; } | "$@"
