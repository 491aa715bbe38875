// AtCoder ABC 261 Ex "Game on Graph" as a contestant writes it from the editorial: read with
// scanf; the edges stored reversed (a vector of (from, weight) per vertex); two states per vertex,
// Takahashi or Aoki to move; a Dijkstra from the vertices without an edge with a
// std::priority_queue of (total, vertex, player), lazy deletion: a Takahashi state is settled by
// its first (cheapest) settled move, an Aoki state when its counter of unsettled moves reaches 0,
// at the largest of them. What is never settled is INFINITY.
#include <cstdio>
#include <functional>
#include <queue>
#include <tuple>
#include <utility>
#include <vector>
using namespace std;

typedef long long ll;

int main() {
    int n, m, start;
    if (scanf("%d %d %d", &n, &m, &start) != 3) return 1;
    vector<vector<pair<int, int>>> reverse(n);
    vector<int> out_deg(n, 0);
    for (int i = 0; i < m; i++) {
        int a, b, c;
        if (scanf("%d %d %d", &a, &b, &c) != 3) return 1;
        reverse[b - 1].push_back({a - 1, c});
        out_deg[a - 1]++;
    }
    const ll INF = -1;  // not settled
    // dist[2 * v]: Takahashi to move at v, dist[2 * v + 1]: Aoki to move.
    vector<ll> dist(2 * (size_t)n, INF), best(2 * (size_t)n, INF);
    vector<char> done(2 * (size_t)n, 0);
    vector<int> left = out_deg;  // Aoki's moves not yet settled
    priority_queue<tuple<ll, int, int>, vector<tuple<ll, int, int>>, greater<tuple<ll, int, int>>> pq;
    for (int v = 0; v < n; v++)
        if (out_deg[v] == 0) pq.push({0, v, 0}), pq.push({0, v, 1});
    while (!pq.empty()) {
        ll d;
        int v, p;
        tie(d, v, p) = pq.top();
        pq.pop();
        if (done[2 * v + p]) continue;
        done[2 * v + p] = 1;
        dist[2 * v + p] = d;
        for (auto& e : reverse[v]) {
            int u = e.first;
            ll nd = d + e.second;
            if (p == 1) {  // (u, Takahashi) moves to (v, Aoki): the cheapest settles it
                if (!done[2 * u] && (best[2 * u] < 0 || nd < best[2 * u])) {
                    best[2 * u] = nd;
                    pq.push({nd, u, 0});
                }
            } else {  // (u, Aoki) moves to (v, Takahashi): settled once all its moves are
                if (done[2 * u + 1]) continue;
                if (nd > best[2 * u + 1]) best[2 * u + 1] = nd;
                if (--left[u] == 0) pq.push({best[2 * u + 1], u, 1});
            }
        }
    }
    ll answer = dist[2 * (start - 1)];
    if (answer < 0) printf("INFINITY\n");
    else printf("%lld\n", answer);
}
