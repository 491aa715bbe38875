// police_thief as a contestant writes the seed article's program (e-maxx / cp-algorithms, "Games
// on arbitrary graphs", the policeman and the thief) for boards of up to 40x40 cells: a state is
// (policeman's cell, thief's cell, whose turn), the graph of moves is built explicitly and
// reversed into a vector<State> per state, in static arrays sized for 1600 cells, and the
// article's recursive DFS decides every state from the finished ones (caught, or the thief on an
// exit). Input and output as the project's police_thief; no input checks.
// The recursion can go millions of states deep: run it with an unlimited stack.
#include <bits/stdc++.h>
using namespace std;

const int MAXC = 40 * 40;

struct State {
    int p, t;     // the cells of the policeman and of the thief, row * m + column
    bool police;  // the policeman moves
};

vector<State> radj[MAXC][MAXC][2];  // radj[x]: every state with a move into x
bool winning[MAXC][MAXC][2], losing[MAXC][MAXC][2], visited[MAXC][MAXC][2];
int degree_[MAXC][MAXC][2];  // moves not yet known to lead to a won state

void dfs(State v) {
    visited[v.p][v.t][v.police] = true;
    for (State u : radj[v.p][v.t][v.police]) {
        if (visited[u.p][u.t][u.police]) continue;
        if (losing[v.p][v.t][v.police])
            winning[u.p][u.t][u.police] = true;
        else if (--degree_[u.p][u.t][u.police] == 0)
            losing[u.p][u.t][u.police] = true;
        else
            continue;
        dfs(u);
    }
}

int main() {
    int n, m;
    cin >> n >> m;
    vector<string> a(n);
    for (auto& row : a) cin >> row;
    if (n * m > MAXC) {
        cerr << "board over " << MAXC << " cells" << endl;
        return 1;
    }
    // The thief steps along the first 4 directions, the policeman along all 8.
    const int dr[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
    const int dc[8] = {0, 0, -1, 1, -1, 1, -1, 1};
    auto open = [&](int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && a[r][c] != '*'; };

    for (int p = 0; p < n * m; p++)
        for (int t = 0; t < n * m; t++)
            for (int s = 0; s < 2; s++) {
                int pr = p / m, pc = p % m, tr = t / m, tc = t % m;
                if (!open(pr, pc) || !open(tr, tc)) continue;
                bool caught = p == t, escaped = !caught && a[tr][tc] == 'E';
                if (caught || escaped) {  // over: the player to move has won or lost
                    winning[p][t][s] = s ? caught : escaped;
                    losing[p][t][s] = s ? escaped : caught;
                    continue;
                }
                State from = {p, t, (bool)s};
                degree_[p][t][s]++;  // skipping the turn
                radj[p][t][!s].push_back(from);
                for (int d = 0; d < (s ? 8 : 4); d++) {
                    int np = p, nt = t;
                    if (s) {
                        if (!open(pr + dr[d], pc + dc[d])) continue;
                        np = (pr + dr[d]) * m + pc + dc[d];
                    } else {
                        if (!open(tr + dr[d], tc + dc[d])) continue;
                        nt = (tr + dr[d]) * m + tc + dc[d];
                    }
                    degree_[p][t][s]++;
                    radj[np][nt][!s].push_back(from);
                }
            }

    for (int p = 0; p < n * m; p++)
        for (int t = 0; t < n * m; t++)
            for (int s = 0; s < 2; s++)
                if ((winning[p][t][s] || losing[p][t][s]) && !visited[p][t][s]) dfs({p, t, (bool)s});

    int police = 0, thief = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            if (a[r][c] == 'P') police = r * m + c;
            if (a[r][c] == 'T') thief = r * m + c;
        }
    if (winning[police][thief][1])
        cout << "Police catches the thief" << endl;
    else if (losing[police][thief][1])
        cout << "The thief escapes" << endl;
    else
        cout << "Draw" << endl;
}
