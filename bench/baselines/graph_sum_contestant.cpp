// graph_sum as a strong C++ contestant writes it, by the usual stage-by-stage method for loopy nim
// values: the whole of stdin in one buffer (fread), a hand-written digit parser, the moves as a
// forward and a reverse CSR (counting sort into one array each), then for each stage g = 0, 1, 2,
// ... a win/lose search over the whole graph, recomputed from scratch: a counter per open vertex
// of its options without a value (open or infinite) not yet known to have an option of value g,
// a plain array as the queue; at the end of the stage the open vertices with no option of value g
// are infinite. The stages stop once every vertex has a value. Then the queries: all finite, the
// xor; one infinite token, a win exactly when the xor of the others is the value of one of its
// options (checked on its options); two or more, a draw. The answer built in one buffer and
// written with one fwrite. No flags, no input checks.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static char* in;
static size_t in_len, in_pos;

static unsigned next_number() {
    while (in_pos < in_len && (unsigned char)(in[in_pos] - '0') > 9) in_pos++;
    unsigned x = 0;
    while (in_pos < in_len && (unsigned char)(in[in_pos] - '0') <= 9) x = x * 10 + (in[in_pos++] - '0');
    return x;
}

// A vertex's value: a natural number, or one of these.
static const int OPEN = -1, INFINITE = -2;

int main() {
    size_t cap = 1 << 24;
    in = (char*)malloc(cap);
    for (;;) {
        size_t got = fread(in + in_len, 1, cap - in_len, stdin);
        in_len += got;
        if (got == 0) break;
        if (in_len == cap) in = (char*)realloc(in, cap *= 2);
    }
    unsigned n = next_number(), m = next_number();
    std::vector<unsigned> from(m), to(m);
    // v's options are succ[sfirst[v] .. sfirst[v + 1]), its predecessors pred[pfirst[v] ..].
    std::vector<unsigned> sfirst(n + 2, 0), pfirst(n + 2, 0);
    for (unsigned i = 0; i < m; i++) {
        from[i] = next_number();
        to[i] = next_number();
        sfirst[from[i]]++;
        pfirst[to[i]]++;
    }
    unsigned ssum = 0, psum = 0;
    for (unsigned v = 0; v <= n + 1; v++) {
        unsigned s = sfirst[v], p = pfirst[v];
        sfirst[v] = ssum, pfirst[v] = psum;
        ssum += s, psum += p;
    }
    std::vector<unsigned> succ(m), pred(m);
    {
        std::vector<unsigned> sfill(sfirst.begin(), sfirst.end()), pfill(pfirst.begin(), pfirst.end());
        for (unsigned i = 0; i < m; i++) {
            succ[sfill[from[i]]++] = to[i];
            pred[pfill[to[i]]++] = from[i];
        }
    }
    std::vector<unsigned>().swap(from);
    std::vector<unsigned>().swap(to);

    std::vector<int> val(n + 1, OPEN);
    std::vector<unsigned> cnt(n + 1), queue(n);
    std::vector<char> reached(n + 1);
    unsigned open = n;
    for (int g = 0; open > 0; g++) {
        // The stage from scratch: every open vertex's counter of options without a value.
        unsigned head = 0, tail = 0;
        for (unsigned v = 1; v <= n; v++) {
            reached[v] = 0;
            if (val[v] != OPEN) continue;
            unsigned c = 0;
            for (unsigned e = sfirst[v]; e < sfirst[v + 1]; e++) c += val[succ[e]] < 0;
            cnt[v] = c;
            if (c == 0) queue[tail++] = v;
        }
        for (unsigned i = 0; i < tail; i++) val[queue[i]] = g;  // after the counting, which they change
        // The queue holds the vertices that got g and those found to have an option of value g.
        while (head < tail) {
            unsigned v = queue[head++];
            if (val[v] == g) {
                for (unsigned e = pfirst[v]; e < pfirst[v + 1]; e++) {
                    unsigned u = pred[e];
                    if (val[u] < 0 && !reached[u]) reached[u] = 1, queue[tail++] = u;
                }
            } else {
                for (unsigned e = pfirst[v]; e < pfirst[v + 1]; e++) {
                    unsigned u = pred[e];
                    if (val[u] == OPEN && !reached[u] && --cnt[u] == 0) val[u] = g, queue[tail++] = u;
                }
            }
        }
        for (unsigned v = 1; v <= n; v++) {
            if (val[v] == g) open--;
            else if (val[v] == OPEN && !reached[v]) val[v] = INFINITE, open--;
        }
    }

    unsigned q = next_number();
    char* out = (char*)malloc((size_t)q * 5 + 1);
    size_t len = 0;
    for (unsigned i = 0; i < q; i++) {
        unsigned k = next_number(), x = 0, infinite = 0, token = 0;
        for (unsigned j = 0; j < k; j++) {
            unsigned t = next_number();
            if (val[t] == INFINITE) infinite++, token = t;
            else x ^= (unsigned)val[t];
        }
        int outcome;  // 0 lose, 1 win, 2 draw
        if (infinite == 0) {
            outcome = x != 0;
        } else if (infinite == 1) {
            outcome = 2;
            for (unsigned e = sfirst[token]; e < sfirst[token + 1]; e++)
                if (val[succ[e]] == (int)x) { outcome = 1; break; }
        } else {
            outcome = 2;
        }
        const char* word = outcome == 1 ? "win\n" : outcome == 0 ? "lose\n" : "draw\n";
        size_t w = outcome == 1 ? 4 : 5;
        memcpy(out + len, word, w);
        len += w;
    }
    fwrite(out, 1, len, stdout);
}
