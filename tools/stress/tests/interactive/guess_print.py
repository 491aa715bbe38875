"""A wrong player of `guess`: a right binary search that prints its guesses with a plain
`print`, never flushing them. Under PYTHONUNBUFFERED=1 every print goes out at once and it
passes; a judge runs it without that variable, and its first guess waits in the buffer while it
waits for the answer (idleness)."""
import sys

n = int(sys.stdin.readline())
lo, hi = 1, n
while True:
    mid = (lo + hi) // 2
    print("?", mid)
    answer = sys.stdin.readline().strip()
    if answer == "=":
        break
    if answer == "<":
        hi = mid - 1
    else:
        lo = mid + 1
