# A weak token_duel player: it always moves first, and moves the first token that can move along
# its first edge. It loses (or is held to a draw) wherever moving first is not a win.
import sys


def words():
    return sys.stdin.readline().split()


n, m = map(int, words())
edges = [[] for _ in range(n + 1)]
for _ in range(m):
    u, v = map(int, words())
    edges[u].append(v)
tokens = list(map(int, words()))[1:]
print("first", flush=True)
while True:
    moved = False
    for i, t in enumerate(tokens):
        if edges[t]:
            tokens[i] = edges[t][0]
            print(i + 1, tokens[i], flush=True)
            moved = True
            break
    if not moved:
        break
    reply = words()
    if not reply or reply == ["0", "0"]:
        break
    tokens[int(reply[0]) - 1] = int(reply[1])
