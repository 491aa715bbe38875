"""A wrong player of `guess`: it guesses 1, 2, 3, ... in turn, so it needs more than the bit
length of n guesses whenever x is larger than that (a wrong answer: too many guesses)."""
import sys

n = int(sys.stdin.readline())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if sys.stdin.readline().strip() == "=":
        break
