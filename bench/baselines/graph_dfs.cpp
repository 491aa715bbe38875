// graph_game the way a contestant copies the seed article's method (e-maxx / cp-algorithms,
// "Games on arbitrary graphs"): reversed adjacency lists as vector<vector<int>>, a counter of the
// moves not yet known to lead to a won position, and the article's recursive DFS from every
// vertex decided at the start (no move: lose). Normal play only, no input checks.
// Input: n m, then m edges u v (1-based). Output: win, lose or draw per vertex, one a line.
// The recursion goes as deep as the longest decided chain: run it with an unlimited stack.
#include <bits/stdc++.h>
using namespace std;

vector<vector<int>> radj;  // radj[v]: every u with a move u -> v
vector<int> cnt;           // moves of u not yet known to lead to a won position
vector<char> win, lose, seen;

void dfs(int v) {
    seen[v] = 1;
    for (int u : radj[v]) {
        if (seen[u]) continue;
        if (lose[v]) {
            win[u] = 1;
        } else {
            if (--cnt[u] > 0) continue;
            lose[u] = 1;
        }
        dfs(u);
    }
}

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    long long m;
    cin >> n >> m;
    radj.resize(n + 1);
    cnt.assign(n + 1, 0);
    win.assign(n + 1, 0);
    lose.assign(n + 1, 0);
    seen.assign(n + 1, 0);
    for (long long i = 0; i < m; i++) {
        int u, v;
        cin >> u >> v;
        radj[v].push_back(u);
        cnt[u]++;
    }
    for (int v = 1; v <= n; v++)
        if (cnt[v] == 0) lose[v] = 1;
    for (int v = 1; v <= n; v++)
        if ((win[v] || lose[v]) && !seen[v]) dfs(v);
    for (int v = 1; v <= n; v++)
        cout << (win[v] ? "win" : lose[v] ? "lose" : "draw") << '\n';
}
