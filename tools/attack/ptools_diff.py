#!/usr/bin/env python3
"""Diff graph_partizan --values (and --move) between two builds on random DAGs.
Usage: ptools_diff.py SEED COUNT NEW OLD"""
import random, subprocess, sys

def gen(rng):
    shape = rng.randrange(4)
    n = rng.randint(1, [8, 30, 80, 300][shape])
    m = rng.randint(0, min(2 * n * rng.choice([1, 2, 4]), 2000))
    edges = []
    for _ in range(m):
        if n < 2:
            break
        u = rng.randint(1, n - 1)
        # mostly short edges: deeper forms
        v = min(n, u + rng.choice([1, 1, 2, 3, rng.randint(1, n)]))
        edges.append((u, v, rng.choice("LR")))
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    edges = [(perm[u - 1], perm[v - 1], c) for u, v, c in edges]
    qs = [[rng.randint(1, n) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 5))]
    s = [f"{n} {len(edges)}"] + [f"{u} {v} {c}" for u, v, c in edges] + [str(len(qs))]
    s += [" ".join(map(str, [len(q)] + q)) for q in qs]
    return "\n".join(s) + "\n"

def run(b, flags, inp):
    try:
        r = subprocess.run([b] + flags, input=inp, capture_output=True, text=True, timeout=20)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout"

seed, count, new, old = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rng = random.Random(seed)
compared = diffs = 0
for case in range(count):
    inp = gen(rng)
    for flags in (["--values"], ["--values", "--move"], ["--values", "--move", "--right"]):
        a, b = run(new, flags, inp), run(old, flags, inp)
        if b[0] == 0:
            compared += 1
            if a != b:
                diffs += 1
                print(f"case {case} {flags}: new rc={a[0]} err={a[2]!r}\n" + inp)
                open(f"/tmp/atk/diff_{seed}_{case}.txt", "w").write(inp)
        elif a[0] != 2 and a[0] != 0:
            print(f"case {case} {flags}: new rc={a[0]} {a[2]!r}")
    if diffs > 5:
        break
print(f"{count} cases, {compared} compared, {diffs} diffs")
