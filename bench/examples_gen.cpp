// Inputs for make bench's berzerk and shiritori rows (bench/run.sh), from a seeded splitmix64:
// the same file on every machine.
//
//   examples_gen berzerk N K1 K2 DIVISOR SEED   n = N; Rick's K1 and Morty's K2 steps drawn at
//                                               random among the multiples of DIVISOR below N
//                                               (DIVISOR 1: among all of 1..N-1; K = N-1: all)
//   examples_gen shiritori N LETTERS SEED       N words of 3 to 8 letters from the first LETTERS
//                                               of A-Z a-z (a few letters: a dense graph, cycles
//                                               everywhere, many draws; all 52: a sparse one)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static unsigned long long rng_state;
static unsigned long long next_random() {
    unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static unsigned below(unsigned bound) { return (unsigned)(next_random() % bound); }

static int usage() {
    fprintf(stderr,
            "usage: examples_gen berzerk N K1 K2 DIVISOR SEED | examples_gen shiritori N LETTERS SEED\n");
    return 2;
}

// K distinct multiples of divisor in 1..n-1, in random order (a partial Fisher-Yates shuffle).
static std::vector<unsigned> steps(unsigned n, unsigned k, unsigned divisor) {
    std::vector<unsigned> all;
    for (unsigned x = divisor; x < n; x += divisor) all.push_back(x);
    if (k > all.size()) {
        fprintf(stderr, "error: %u steps asked, only %zu multiples of %u below %u\n", k, all.size(),
                divisor, n);
        exit(2);
    }
    for (unsigned i = 0; i < k; i++) std::swap(all[i], all[i + below(all.size() - i)]);
    all.resize(k);
    return all;
}

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::string out;
    if (!strcmp(argv[1], "berzerk") && argc == 7) {
        unsigned n = atoi(argv[2]), k1 = atoi(argv[3]), k2 = atoi(argv[4]), d = atoi(argv[5]);
        rng_state = strtoull(argv[6], 0, 10);
        if (n < 2 || d < 1) return usage();
        out = std::to_string(n) + "\n";
        for (unsigned k : {k1, k2}) {
            out += std::to_string(k);
            for (unsigned x : steps(n, k, d)) out += " " + std::to_string(x);
            out += "\n";
        }
    } else if (!strcmp(argv[1], "shiritori") && argc == 5) {
        unsigned n = atoi(argv[2]), letters = atoi(argv[3]);
        rng_state = strtoull(argv[4], 0, 10);
        if (letters < 1 || letters > 52) return usage();
        const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        out = std::to_string(n) + "\n";
        for (unsigned i = 0; i < n; i++) {
            unsigned len = 3 + below(6);
            for (unsigned j = 0; j < len; j++) out += alphabet[below(letters)];
            out += "\n";
        }
    } else {
        return usage();
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
