"""A wrong player of `guess`: a right binary search, but from n = 4 on it forgets to flush its
guesses, which then wait in its buffer while it waits for the answer (idleness)."""
import sys

# Its own buffered writer on stdout: block-buffered as a pipe is, even under PYTHONUNBUFFERED.
out = open(sys.stdout.fileno(), "w", closefd=False)
n = int(sys.stdin.readline())
lo, hi = 1, n
while True:
    mid = (lo + hi) // 2
    print("?", mid, file=out, flush=n < 4)
    answer = sys.stdin.readline().strip()
    if answer == "=":
        break
    if answer == "<":
        hi = mid - 1
    else:
        lo = mid + 1
