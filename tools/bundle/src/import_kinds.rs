//! What an import may be, for the `imports` module: a trait, whose methods use it without its
//! name written (std's by a table of their methods, the library's told from the text's
//! declarations), or what is used only where its name is written. When in doubt, `None`: the
//! import is kept for rustc to judge. The tables are those of the std that the library (which
//! compiles with rustc 1.63, `make msrv`) can call, and of later versions.

use super::lex::{Kind, Lexed};
use std::ops::Range;

/// Std's traits imported by the library, with the words a use of each writes besides its name:
/// its methods, and the macros that call them (`write!` and `writeln!` call `write_fmt`).
const STD_TRAITS: [(&str, &[&str]); 15] = [
    (
        "std::io::Read",
        &[
            "read",
            "read_exact",
            "read_to_end",
            "read_to_string",
            "read_vectored",
            "read_buf",
            "bytes",
            "take",
            "chain",
            "by_ref",
        ],
    ),
    (
        "std::io::Write",
        &[
            "write",
            "writeln",
            "write_all",
            "write_fmt",
            "write_vectored",
            "write_all_vectored",
            "flush",
            "by_ref",
        ],
    ),
    (
        "std::io::BufRead",
        &["lines", "read_line", "read_until", "split", "fill_buf", "consume", "skip_until", "has_data_left"],
    ),
    ("std::fmt::Write", &["write", "writeln", "write_str", "write_char", "write_fmt"]),
    ("std::fmt::Debug", &["fmt"]),
    ("std::fmt::Display", &["fmt"]),
    ("std::convert::TryFrom", &["try_from"]),
    ("std::convert::TryInto", &["try_into"]),
    ("std::str::FromStr", &["from_str"]),
    ("std::hash::Hash", &["hash", "hash_slice"]),
    (
        "std::hash::Hasher",
        &[
            "finish",
            "write",
            "write_u8",
            "write_u16",
            "write_u32",
            "write_u64",
            "write_u128",
            "write_usize",
            "write_i8",
            "write_i16",
            "write_i32",
            "write_i64",
            "write_i128",
            "write_isize",
            "write_length_prefix",
            "write_str",
        ],
    ),
    ("std::hash::BuildHasher", &["build_hasher", "hash_one"]),
    ("std::os::unix::ffi::OsStringExt", &["into_vec", "from_vec"]),
    ("std::ops::BitOr", &["bitor"]),
    ("std::ops::Sub", &["sub"]),
];

/// Std's types (no trait among them), used only where their names are written.
const STD_TYPES: [&str; 30] = [
    "Ordering",
    "HashMap",
    "HashSet",
    "BTreeMap",
    "BTreeSet",
    "VecDeque",
    "BinaryHeap",
    "Reverse",
    "PhantomData",
    "Cell",
    "RefCell",
    "Cow",
    "Rc",
    "Arc",
    "Mutex",
    "AtomicBool",
    "AtomicUsize",
    "AtomicU64",
    "BufWriter",
    "BufReader",
    "StdinLock",
    "StdoutLock",
    "Stdin",
    "Stdout",
    "OsStr",
    "OsString",
    "BuildHasherDefault",
    "Duration",
    "Instant",
    "Wrapping",
];

/// A leaf of a use tree (see `use_leaves`).
pub struct Leaf {
    pub first: usize,
    pub end: usize,
    /// The heads of the groups it is in (`std::io::` of `std::io::{self, Read}`), as code indices.
    pub heads: Vec<Range<usize>>,
    pub path: String,
    pub source: String,
    pub name: String,
    pub aliased: bool,
}

/// Std's macros: a call of one brings no name of the text's into play (no `use`, no call of
/// another macro by a name the text gives it). A call of any other macro the text does not
/// define by `macro_rules!` (one defined by a macro, called under an alias or by a name an
/// argument gives) may expand to anything: then every macro body and call of the text counts.
pub const STD_MACROS: [&str; 27] = [
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "cfg",
    "column",
    "concat",
    "env",
    "eprint",
    "eprintln",
    "file",
    "format",
    "format_args",
    "line",
    "matches",
    "panic",
    "print",
    "println",
    "stringify",
    "thread_local",
    "todo",
    "unimplemented",
    "unreachable",
    "vec",
    "write",
];

impl Lexed<'_> {
    /// The words whose absence from a module shows that the import `leaf` is unused there, if
    /// any do (`None`: kept whatever the text says), given every leaf of the text's `use` items
    /// (`all`) and whether a macro definition writes `trait` (then any name may be a trait's).
    pub fn words_of_a_use(&self, leaf: &Leaf, all: &[Leaf], macro_traits: bool) -> Option<Vec<String>> {
        let (source, name) = (leaf.source.as_str(), leaf.name.as_str());
        // A name not all ASCII: rustc normalises identifiers (NFC), this text search does not.
        if !source.is_ascii() || !name.is_ascii() {
            return None;
        }
        let from_std = ["std::", "core::", "alloc::"].iter().find_map(|p| leaf.path.strip_prefix(p));
        if let Some(rest) = from_std {
            // Std's: a trait of the table (its methods too), a type of the table, or what is
            // no type nor trait (a module, a function, a constant); else kept.
            let capital = source.chars().next().map_or(false, |c| c.is_ascii_uppercase());
            let all_caps = source.chars().all(|c| !c.is_ascii_lowercase());
            let path = format!("std::{rest}");
            let mut words = vec![name.to_string()];
            if let Some((_, methods)) = STD_TRAITS.iter().find(|(trait_path, _)| *trait_path == path) {
                words.extend(methods.iter().map(|m| m.to_string()));
                return Some(words);
            }
            return if !capital || all_caps || STD_TYPES.contains(&source) { Some(words) } else { None };
        }
        // The library's (a path from `crate`, `super`, `self` or a module of the text): an item
        // the text declares as no trait, or none it declares (an import of an item cut), unless
        // another `use` may bring the name from elsewhere (it may be a trait's: `use super::Write`
        // of a parent's `use std::io::Write`): under an alias, from outside the text, or by a glob
        // from outside it. A macro that writes `trait` may declare any.
        // (Local: every segment but the last `crate`, `super`, `self` or a module the text
        // declares; not through an imported module, `self::io::Write` of a `use std::io`.)
        let a_module =
            |name: &str| (1..self.code.len()).any(|k| self.text(k - 1) == "mod" && self.text(k) == name);
        let local = |path: &str| {
            let segments: Vec<&str> = path.split("::").collect();
            let through = &segments[..segments.len().saturating_sub(1)];
            !through.is_empty()
                && through
                    .iter()
                    .all(|segment| matches!(*segment, "crate" | "super" | "self") || a_module(segment))
        };
        if macro_traits || !local(&leaf.path) {
            return None;
        }
        let raw = |k: usize| self.text(k).trim_start_matches("r#");
        for k in 1..self.code.len() {
            if raw(k) == source && self.token(k).kind == Kind::Ident && self.text(k - 1) == "trait" {
                return None;
            }
        }
        let elsewhere = all.iter().filter(|other| other.first != leaf.first).any(|other| {
            // (A glob of `std::arch` or `core::arch` brings intrinsics and types, no trait.)
            let arch = ["std::arch::", "core::arch::"].iter().any(|p| other.path.starts_with(p));
            let bringing = other.name == source || other.name == name || (other.source == "*" && !arch);
            bringing && (other.aliased || !local(&other.path))
        });
        if elsewhere {
            None
        } else {
            Some(vec![name.to_string()])
        }
    }
}
