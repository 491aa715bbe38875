#!/bin/sh
# The generator of `guess`: `sh guess_gen.sh SEED SIZE` prints `n x`, n from 1 to 10 * SIZE and
# x from 1 to n, both from the seed.
n=$(( $1 % (10 * $2) + 1 ))
x=$(( $1 / 7 % n + 1 ))
echo "$n $x"
