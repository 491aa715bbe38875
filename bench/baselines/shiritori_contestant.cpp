// AtCoder ABC 209 E "Shiritori" as a strong C++ contestant writes it: words read with cin (synced
// off); the usual map from three-letter strings to vertices (an unordered_map, reserved); each word
// an edge from its first three letters to its last three, stored reversed (a vector per vertex);
// the counter-based search from the vertices without a word to say, a plain array as its queue;
// the answer built in one string, one fwrite.
#include <cstdio>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    unordered_map<string, int> id;
    id.reserve(2 * n + 1);
    auto vertex = [&](const string& s) {
        auto it = id.find(s);
        if (it != id.end()) return it->second;
        int v = (int)id.size();
        id.emplace(s, v);
        return v;
    };
    vector<int> from(n), to(n);
    for (int i = 0; i < n; i++) {
        string w;
        cin >> w;
        from[i] = vertex(w.substr(0, 3));
        to[i] = vertex(w.substr(w.size() - 3));
    }
    int v_count = (int)id.size();
    vector<vector<int>> reverse(v_count);
    vector<int> out_deg(v_count, 0);
    for (int i = 0; i < n; i++) {
        reverse[to[i]].push_back(from[i]);
        out_deg[from[i]]++;
    }
    // 0 undecided (a draw at the end), 1 win, 2 lose, for the player to move.
    vector<char> result(v_count, 0);
    vector<int> queue(v_count);
    int head = 0, tail = 0;
    for (int v = 0; v < v_count; v++)
        if (out_deg[v] == 0) result[v] = 2, queue[tail++] = v;
    while (head < tail) {
        int v = queue[head++];
        for (int u : reverse[v]) {
            if (result[u]) continue;
            if (result[v] == 2) result[u] = 1, queue[tail++] = u;
            else if (--out_deg[u] == 0) result[u] = 2, queue[tail++] = u;
        }
    }
    string out;
    out.reserve((size_t)n * 10);
    for (int i = 0; i < n; i++) {
        char r = result[to[i]];
        out += r == 2 ? "Takahashi\n" : r == 1 ? "Aoki\n" : "Draw\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
