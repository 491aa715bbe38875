// The floor under any move_or_block solver (BOJ 31567): read N and the board the usual C way
// (scanf) and look at every cell once, here to count the walls and find the piece. Every solver
// has to do at least this much; it answers nothing (it prints the piece's cell and the walls).
// Boards of up to 10^8 cells: the buffer is static, and only the pages the board fills are used.
#include <cstdio>

static char board[100000000 + 2];

int main() {
    int n;
    if (scanf("%d", &n) != 1 || n < 1 || n > 100000000) return 1;
    if (scanf("%100000000s", board) != 1) return 1;
    long walls = 0, piece = -1;
    for (int i = 0; i < n; i++) {
        walls += board[i] == 'X';
        if (board[i] == 'O') piece = i;
    }
    printf("piece at %ld, %ld walls\n", piece + 1, walls);
}
