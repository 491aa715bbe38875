"""A right player of `guess` (guess_jury.py): a binary search, each guess flushed."""
import sys

n = int(sys.stdin.readline())
lo, hi = 1, n
while True:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    answer = sys.stdin.readline().strip()
    if answer == "=":
        break
    if answer == "<":
        hi = mid - 1
    else:
        lo = mid + 1
