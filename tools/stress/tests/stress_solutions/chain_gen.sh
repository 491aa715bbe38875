#!/bin/sh
# A generator for graph_game, for `stress --ref ... --gen ...`: run as `chain_gen.sh SEED SIZE`,
# it prints a path of exactly SIZE vertices (1 -> 2 -> ... -> SIZE, whatever the seed), so that
# the size given is the N a solution reads.
n=$2
echo "$n $((n - 1))"
i=1
while [ "$i" -lt "$n" ]; do
    echo "$i $((i + 1))"
    i=$((i + 1))
done
