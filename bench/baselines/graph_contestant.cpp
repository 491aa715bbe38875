// graph_game as a strong C++ contestant writes it: the whole of stdin in one buffer (fread), a
// hand-written digit parser, the reversed edges sorted by target with a counting sort into one
// array (CSR), then the counter-based search with a plain array as its queue, and the answer
// built in one buffer and written with one fwrite. Normal play only, no input checks.
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
    std::vector<unsigned> out_deg(n + 1, 0), first(n + 2, 0);  // first[v]: v's slice of pred
    for (unsigned i = 0; i < m; i++) {
        from[i] = next_number();
        to[i] = next_number();
        out_deg[from[i]]++;
        first[to[i]]++;
    }
    free(in);
    // Exclusive prefix sums: v's predecessors go to pred[first[v] .. first[v + 1]).
    unsigned sum = 0;
    for (unsigned v = 0; v <= n + 1; v++) {
        unsigned c = first[v];
        first[v] = sum;
        sum += c;
    }
    std::vector<unsigned> pred(m), fill(first.begin(), first.end());
    for (unsigned i = 0; i < m; i++) pred[fill[to[i]]++] = from[i];
    std::vector<unsigned>().swap(from);
    std::vector<unsigned>().swap(to);
    std::vector<unsigned>().swap(fill);

    // state: 0 undecided, 1 win, 2 lose. The queue holds every decided vertex once.
    std::vector<unsigned char> state(n + 1, 0);
    std::vector<unsigned> queue(n);
    unsigned head = 0, tail = 0;
    for (unsigned v = 1; v <= n; v++)
        if (out_deg[v] == 0) state[v] = 2, queue[tail++] = v;
    while (head < tail) {
        unsigned v = queue[head++];
        bool lost = state[v] == 2;
        for (unsigned e = first[v]; e < first[v + 1]; e++) {
            unsigned u = pred[e];
            if (state[u]) continue;
            if (lost) state[u] = 1, queue[tail++] = u;
            else if (--out_deg[u] == 0) state[u] = 2, queue[tail++] = u;
        }
    }
    char* out = (char*)malloc((size_t)n * 5 + 1);
    size_t len = 0;
    for (unsigned v = 1; v <= n; v++) {
        const char* word = state[v] == 1 ? "win\n" : state[v] == 2 ? "lose\n" : "draw\n";
        size_t k = state[v] == 1 ? 4 : 5;
        memcpy(out + len, word, k);
        len += k;
    }
    fwrite(out, 1, len, stdout);
}
