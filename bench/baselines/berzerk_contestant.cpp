// Codeforces 786A "Berzerk" as a strong C++ contestant writes it: the whole of stdin in one buffer
// (fread) and a hand-written digit parser; a state is (position, player to move), position 0 the
// black hole; the usual queue over plain arrays with a per-position counter of moves known to
// reach a winning state, walking the other player's steps backwards from each decided state
// (position minus step, plus n below 0); the answer built in one buffer, one fwrite.
#include <cstdio>
#include <cstdlib>
#include <cstring>

static char buf[1 << 17];
static size_t len, pos;
static int next_number() {
    for (;;) {
        if (pos == len) {
            len = fread(buf, 1, sizeof buf, stdin), pos = 0;
            if (len == 0) return 0;
        }
        if ((unsigned char)(buf[pos] - '0') <= 9) break;
        pos++;
    }
    int x = 0;
    for (;;) {
        if (pos == len) {
            len = fread(buf, 1, sizeof buf, stdin), pos = 0;
            if (len == 0) return x;
        }
        if ((unsigned char)(buf[pos] - '0') > 9) return x;
        x = x * 10 + (buf[pos++] - '0');
    }
}

static const int MAX_N = 7000;
static int steps[2][MAX_N], k[2];
static int result[2][MAX_N];  // 0 undecided, 1 win, 2 lose, for the player to move
static int count[2][MAX_N];   // moves known to reach a winning state
static int queue[2 * MAX_N];

int main() {
    int n = next_number();
    for (int p = 0; p < 2; p++) {
        k[p] = next_number();
        for (int i = 0; i < k[p]; i++) steps[p][i] = next_number();
    }
    int head = 0, tail = 0;
    result[0][0] = result[1][0] = 2;
    queue[tail++] = 0;
    queue[tail++] = 1;
    while (head < tail) {
        int state = queue[head++];
        int q = state >> 1, mover = state & 1, before = mover ^ 1;
        bool lost = result[mover][q] == 2;
        const int* s = steps[before];
        for (int i = 0; i < k[before]; i++) {
            int p = q - s[i];
            if (p < 0) p += n;
            if (result[before][p]) continue;
            if (lost) {
                result[before][p] = 1;
                queue[tail++] = p << 1 | before;
            } else if (++count[before][p] == k[before]) {
                result[before][p] = 2;
                queue[tail++] = p << 1 | before;
            }
        }
    }
    static char out[2 * 5 * MAX_N + 2];
    int o = 0;
    for (int mover = 0; mover < 2; mover++) {
        for (int q = 1; q < n; q++) {
            const char* word = result[mover][q] == 1 ? "Win " : result[mover][q] == 2 ? "Lose " : "Loop ";
            int w = result[mover][q] == 1 ? 4 : 5;
            memcpy(out + o, word, w);
            o += w;
        }
        out[o - 1] = '\n';
    }
    fwrite(out, 1, o, stdout);
}
