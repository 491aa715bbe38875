//! The judges' source-size limits, for `--judge NAME`: the largest file each takes, in bytes, with
//! where the figure comes from (docs/bundling.md has the same table). A limit given in `KB` or `kB`
//! by its source is taken in its smaller reading, `1000` bytes a kilobyte, so that a bundle within
//! it is within the judge's limit whichever reading the judge meant.
//!
//! Invariant: every name and alias is lowercase and names one judge.

/// A judge and its limit on a submitted source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// The name `--judge` takes, and the other names it answers to.
    pub names: &'static [&'static str],
    /// The largest source accepted, in bytes.
    pub bytes: usize,
    /// The limit as its source states it, and where.
    pub source: &'static str,
}

/// The judges whose limit was found in a source; the first name of each is the one `--help` shows.
pub const JUDGES: [Judge; 6] = [
    Judge {
        names: &["codeforces", "cf"],
        bytes: 64 * 1024,
        source:
            "64 KiB: the figure of issue 51 and of the project's docs; no page of Codeforces' own was found",
    },
    Judge {
        names: &["atcoder"],
        bytes: 512_000,
        source: "512 kb, as AtCoder's, per makutamoto/mojacoder issue #2 (a second-hand source)",
    },
    Judge {
        names: &["boj", "baekjoon"],
        bytes: 512_000,
        source: "512K, raised from 64K: Startlink/BOJ-Feature-Request issue #56, by Baekjoon",
    },
    Judge {
        names: &["cses"],
        bytes: 128_000,
        source: "128 kB: the instructions of CSES contests (cses.fi/234/text/1596, cses.fi/95/text/785)",
    },
    Judge {
        names: &["spoj"],
        bytes: 50_000,
        source: "50 000 bytes, unless the problem says otherwise: SPOJ's guide (hs.spoj.pl/embed/guide)",
    },
    Judge {
        names: &["yosupo", "library-checker"],
        bytes: 1024 * 1024,
        source: "1 MiB: maxSourceSize in api/validate.go of yosupo06/library-checker-judge",
    },
];

/// The limit a user's own file is held to by default: Codeforces'.
pub const DEFAULT_FOR_USERS: &str = "codeforces";

/// The judge named `name` (any case), or an error listing the known names.
pub fn judge(name: &str) -> Result<Judge, String> {
    let lower = name.to_ascii_lowercase();
    JUDGES.iter().find(|j| j.names.contains(&lower.as_str())).copied().ok_or_else(|| {
        let known: Vec<&str> = JUDGES.iter().map(|j| j.names[0]).collect();
        format!("--judge: `{name}` is not a judge known here; the known ones: {}", known.join(", "))
    })
}

/// The default limit for a user's file ([`DEFAULT_FOR_USERS`]), in bytes.
pub fn default_for_users() -> usize {
    JUDGES.iter().find(|j| j.names[0] == DEFAULT_FOR_USERS).map_or(64 * 1024, |j| j.bytes)
}

/// A size limit as given to `--limit`: a positive whole number of bytes, or an error saying so.
pub fn limit(given: &str) -> Result<usize, String> {
    // Decimal digits only: `parse` would take a leading `+` too.
    let digits = !given.is_empty() && given.bytes().all(|b| b.is_ascii_digit());
    let bytes = given.parse().ok().filter(|&b: &usize| digits && b > 0);
    bytes.ok_or_else(|| format!("--limit: `{given}` is not a positive whole number of bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judge_is_found_by_any_of_its_names_and_an_unknown_one_lists_them() {
        assert_eq!(judge("Codeforces").unwrap().bytes, 65_536);
        assert_eq!(judge("baekjoon").unwrap(), judge("boj").unwrap());
        assert_eq!(judge("library-checker").unwrap().bytes, 1_048_576);
        assert_eq!(
            judge("topcoder").unwrap_err(),
            "--judge: `topcoder` is not a judge known here; the known ones: codeforces, atcoder, boj, cses, \
             spoj, yosupo"
        );
        assert_eq!(default_for_users(), 65_536);
        let mut names: Vec<&str> = JUDGES.iter().flat_map(|j| j.names.iter().copied()).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name names one judge");
        assert!(names.iter().all(|n| *n == n.to_ascii_lowercase()));
    }

    #[test]
    fn a_limit_is_a_positive_whole_number_of_bytes() {
        assert_eq!(limit("70000"), Ok(70_000));
        for bad in ["0", "-1", "+100", " 1", "64K", "1.5", "", "99999999999999999999999"] {
            assert_eq!(limit(bad), Err(format!("--limit: `{bad}` is not a positive whole number of bytes")));
        }
    }
}
