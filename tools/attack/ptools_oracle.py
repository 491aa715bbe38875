#!/usr/bin/env python3
"""Attack oracle for graph_partizan: plain minimax over positions (sorted tuples of token vertices).
Shares no code with the program. Usage: ptools_oracle.py SEED COUNT BIN"""
import random, subprocess, sys
from functools import lru_cache

sys.setrecursionlimit(100000)

def gen(rng):
    n = rng.randint(1, rng.choice([4, 7, 10]))
    m = rng.randint(0, rng.choice([6, 12, 20]))
    edges = []
    for _ in range(m):
        if n < 2:
            break
        u = rng.randint(1, n - 1)
        v = rng.randint(u + 1, n)
        # DAG: edges from smaller to larger index, then relabel with a permutation
        edges.append((u, v, rng.choice("LR")))
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    edges = [(perm[u - 1], perm[v - 1], c) for u, v, c in edges]
    queries = []
    # repeat the same multiset in different orders to exercise the memo
    for _ in range(rng.randint(1, 8)):
        k = rng.randint(1, 4)
        q = [rng.randint(1, n) for _ in range(k)]
        queries.append(q)
        for _ in range(rng.randint(0, 2)):
            q2 = q[:]
            rng.shuffle(q2)
            queries.append(q2)
    return n, edges, queries

def text(n, edges, queries):
    s = [f"{n} {len(edges)}"] + [f"{u} {v} {c}" for u, v, c in edges] + [str(len(queries))]
    s += [" ".join(map(str, [len(q)] + q)) for q in queries]
    return "\n".join(s) + "\n"

def solver(n, edges):
    out = {"L": {}, "R": {}}
    for u, v, c in edges:
        out[c].setdefault(u, []).append(v)

    @lru_cache(maxsize=None)
    def wins(pos, side):  # side to move wins?
        other = "R" if side == "L" else "L"
        for i, t in enumerate(pos):
            for w in out[side].get(t, []):
                nxt = tuple(sorted(pos[:i] + (w,) + pos[i + 1:]))
                if not wins(nxt, other):
                    return True
        return False
    return out, wins

def klass(wins, q):
    p = tuple(sorted(q))
    lw, rw = wins(p, "L"), wins(p, "R")
    return {(True, False): "Left", (False, True): "Right", (True, True): "First", (False, False): "Second"}[(lw, rw)]

def first_winning(out, wins, q, side):
    other = "R" if side == "L" else "L"
    for i, t in enumerate(q):
        for w in out[side].get(t, []):
            nxt = q[:i] + [w] + q[i + 1:]
            if not wins(tuple(sorted(nxt)), other):
                return i + 1, w
    return None

def check(binary, n, edges, queries):
    inp = text(n, edges, queries)
    out, wins = solver(n, edges)
    plain = subprocess.run([binary], input=inp, capture_output=True, text=True, timeout=60)
    expect = [klass(wins, q) for q in queries]
    if plain.returncode != 0 or plain.stdout.split("\n")[:-1] != expect:
        return f"judge mode differs\n{inp}\ngot {plain.stdout!r} {plain.stderr!r}\nwant {expect}"
    for side, flags in (("L", ["--move"]), ("R", ["--move", "--right"])):
        r = subprocess.run([binary] + flags, input=inp, capture_output=True, text=True, timeout=60)
        lines = r.stdout.split("\n")[:-1]
        if r.returncode != 0 or len(lines) != len(queries):
            return f"{flags} failed\n{inp}\n{r.stdout!r} {r.stderr!r}"
        for q, cls, line in zip(queries, expect, lines):
            fw = first_winning(out, wins, q, side)
            mover_wins = cls == "First" or cls == ("Left" if side == "L" else "Right")
            want = cls if fw is None else f"{cls} {fw[0]} {fw[1]}"
            assert (fw is not None) == mover_wins
            if line != want:
                # is it at least a winning move?
                parts = line.split()
                ok = False
                if len(parts) == 3:
                    i, w = int(parts[1]), int(parts[2])
                    if 1 <= i <= len(q) and w in out[side].get(q[i - 1], []):
                        nxt = q[:i - 1] + [w] + q[i:]
                        ok = not wins(tuple(sorted(nxt)), "R" if side == "L" else "L")
                return f"{flags} line {line!r} want {want!r} (named move wins: {ok}) query {q}\n{inp}"
    return None

def main():
    seed, count, binary = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    fails = 0
    for case in range(count):
        n, edges, queries = gen(rng)
        msg = check(binary, n, edges, queries)
        if msg:
            fails += 1
            print(f"case {case}: {msg}")
            if fails > 3:
                break
    print(f"{count} cases, {fails} failures")

if __name__ == "__main__":
    main()
