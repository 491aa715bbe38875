#!/usr/bin/env python3
"""Inputs that break graph_partizan's claims (attack on issue 52's items 7-8). Usage:
  ptools_shapes.py values-refusal > a.txt   # --values: 5.2 s CPU to refuse (deepest 2^-k first)
  ptools_shapes.py long-numbers K > b.txt   # 1 - 2^-k chain: K=99999 1.2 GB in judge mode;
                                            # K=12000 under `ulimit -v 16000`: abort (exit 134)
"""
import sys

def values_refusal():
    # vertex n - j has value 2^-j (j >= 1), n - 0 is 1, n is... 1-based: zero is vertex n.
    K = 99999
    n = K + 2
    vid = lambda j: n - (j + 1)  # j = -1 (zero) .. K
    edges = [(vid(0), vid(-1), "L")]
    for j in range(1, K + 1):
        edges += [(vid(j), vid(-1), "L"), (vid(j), vid(j - 1), "R")]
    return n, edges, ["1 1"]

def long_numbers(K):
    # 1 is 0, 2 is 1, 2 + k is {1 - 2^-(k-1) | 1} = 1 - 2^-k
    edges = [(2, 1, "L")]
    for k in range(1, K + 1):
        edges += [(2 + k, 1 if k == 1 else 1 + k, "L"), (2 + k, 2, "R")]
    return K + 2, edges, [f"1 {K + 2}"]

if __name__ == "__main__":
    n, edges, qs = values_refusal() if sys.argv[1] == "values-refusal" else long_numbers(int(sys.argv[2]))
    print("\n".join([f"{n} {len(edges)}"] + [f"{u} {v} {c}" for u, v, c in edges] + [str(len(qs))] + qs))
