//! The parameters' names: each must compile as a parameter of the emitted function in Rust, C++
//! and Python alike, so a name is refused, with the reason, when it is a keyword or reserved word
//! of one of them, a name of theirs the emitted code relies on, or given twice.
//!
//! The emitted code's own local variables (`i`, `k`, `first`, `cycle`, ...) are not reserved: they
//! are renamed around the parameters' names ([`fresh`]).

/// Rust's keywords, strict and reserved (every edition), and the prelude's variants, which a
/// parameter cannot be named (`fn value(None: i64)` is a pattern, not a name).
const RUST: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self",
    "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async",
    "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof",
    "unsized", "virtual", "yield", "try", "gen", "Some", "None", "Ok", "Err",
];

/// C++'s keywords and alternative tokens (C++23), and the macros of the C and C++ libraries and of
/// g++ (GNU mode defines `linux` and `unix` as 1) that a name would be replaced by.
const CPP: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "std",
    "NULL",
    "EOF",
    "errno",
    "assert",
    "stdin",
    "stdout",
    "stderr",
    "offsetof",
    "BUFSIZ",
    "FILENAME_MAX",
    "SEEK_SET",
    "SEEK_CUR",
    "SEEK_END",
    "RAND_MAX",
    "EXIT_SUCCESS",
    "EXIT_FAILURE",
    "MB_CUR_MAX",
    "CHAR_BIT",
    "INT_MAX",
    "INT_MIN",
    "LONG_MAX",
    "LONG_MIN",
    "LLONG_MAX",
    "LLONG_MIN",
    "SIZE_MAX",
    "WEOF",
    "linux",
    "unix",
    "i386",
    "setjmp",
    "va_arg",
    "va_start",
    "va_end",
    "va_copy",
    "L_tmpnam",
    "TMP_MAX",
];

/// Python's keywords, and the built-ins the emitted Python calls.
const PYTHON: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
    "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
    "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "str",
    "len", "divmod", "min", "max",
];

/// Why `name` cannot name a parameter, if it cannot.
pub fn refused(name: &str) -> Option<String> {
    let mut chars = name.chars();
    let shape = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !shape {
        return Some("a name is ASCII letters, digits and _, not starting with a digit".to_string());
    }
    if name == "_" {
        return Some("`_` is no name in Rust".to_string());
    }
    if name.contains("__")
        || (name.starts_with('_') && name[1..].starts_with(|c: char| c.is_ascii_uppercase()))
    {
        return Some("names with `__` or starting with `_` and a capital are reserved in C++".to_string());
    }
    for (list, what) in [(RUST, "Rust"), (CPP, "C++"), (PYTHON, "Python")] {
        if list.contains(&name) {
            return Some(format!("a keyword or reserved name of {what}"));
        }
    }
    None
}

/// Checks the names of `--names`: each a name ([`refused`]), none twice.
pub fn check(names: &[String]) -> Result<(), String> {
    for (i, name) in names.iter().enumerate() {
        if let Some(why) = refused(name) {
            return Err(format!("`{}` cannot name a parameter: {why}", crate::table::shown(name)));
        }
        if names[..i].contains(name) {
            return Err(format!("`{name}` names two parameters"));
        }
    }
    Ok(())
}

/// A name for a local variable of the emitted code: `base`, else `base2`, `base3`, ..., the first
/// that is neither a parameter's nor in `taken`.
pub fn fresh(base: &str, params: &[String], taken: &[String]) -> String {
    let used = |n: &str| params.iter().chain(taken).any(|p| p == n);
    if !used(base) {
        return base.to_string();
    }
    (2..).map(|k| format!("{base}{k}")).find(|n| !used(n)).unwrap_or_else(|| base.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_every_language_refused_with_the_reason() {
        assert_eq!(refused("dyn").unwrap(), "a keyword or reserved name of Rust");
        assert_eq!(refused("xor").unwrap(), "a keyword or reserved name of C++");
        assert_eq!(refused("nonlocal").unwrap(), "a keyword or reserved name of Python");
        assert!(refused("__LINE__").unwrap().contains("reserved in C++"));
        assert!(refused("_X").unwrap().contains("reserved in C++"));
        assert!(refused("2b").unwrap().contains("not starting with a digit"));
        for ok in ["k", "i", "first", "cycle", "value", "K", "n", "_x", "a1"] {
            assert_eq!(refused(ok), None, "{ok}");
        }
        let names = |s: &str| s.split(',').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(check(&names("a,a")).unwrap_err(), "`a` names two parameters");
        assert_eq!(fresh("k", &names("n,k"), &[]), "k2");
        assert_eq!(fresh("k", &names("n,k,k2"), &["k3".to_string()]), "k4");
    }
}
