"""The jury of `guess` (docs/stress.md), a toy interactive problem: the test file holds `n x`
(1 <= x <= n <= 10^9); the jury writes `n`, then answers each guess `? y` with `<` (x is smaller),
`>` (x is larger) or `=` (found: it exits 0). At most Q guesses, Q the bit length of n.
Run as `python3 guess_jury.py [ANY...] TEST_FILE`: the test file is its last argument.
Exit status: 0 accepted, 1 wrong answer, 2 presentation error, 3 a bad test file."""
import sys


def verdict(status, why):
    # The output closed at the verdict: the player reads its end now, not once Python has shut
    # down (a player still waiting is then stopped, the verdict given).
    try:
        sys.stdout.close()
    except OSError:
        pass
    sys.stderr.write(why + "\n")
    sys.exit(status)


def main():
    try:
        tokens = open(sys.argv[-1]).read().split()
        n, x = (int(t) for t in tokens)
    except (OSError, ValueError, IndexError):
        verdict(3, "the test file is not two integers `n x`")
    if not 1 <= x <= n <= 10**9:
        verdict(3, "the test file breaks 1 <= x <= n <= 10^9")
    most = n.bit_length()
    print(n, flush=True)
    guesses = 0
    for line in sys.stdin:
        words = line.split()
        if len(words) != 2 or words[0] != "?" or not words[1].lstrip("-").isdigit():
            verdict(2, "expected `? y`, got `%s`" % line.rstrip("\n"))
        y = int(words[1])
        guesses += 1
        if guesses > most:
            verdict(1, "more than %d guesses" % most)
        if not 1 <= y <= n:
            verdict(1, "the guess %d is not between 1 and %d" % (y, n))
        if y == x:
            print("=", flush=True)
            verdict(0, "found %d in %d guesses" % (x, guesses))
        print("<" if x < y else ">", flush=True)
    verdict(1, "the player's output ended before it found x")


main()
