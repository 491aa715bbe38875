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

/// C++'s keywords and alternative tokens (C++23), and `std`.
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
];

/// The macros a name would be replaced by in the emitted C++, whitespace-separated: those that
/// `<algorithm>` and `<string>` (all it includes) define with g++ 12 and glibc, in every language
/// mode (`-std=c++98` to `gnu++23`; GNU mode adds `linux` and `unix`), less the names already
/// reserved (`__x`, `_X`); and a few of other headers and targets (`offsetof`, `setjmp`,
/// `va_arg`, `i386` on 32-bit x86). `tests/macros.rs` checks that it covers what this machine's
/// g++ defines (`g++ -dM -E`); the tool itself never runs g++.
const CPP_MACROS: &str = "
alloca assert be16toh be32toh be64toh BIG_ENDIAN BUFSIZ BYTE_ORDER CHAR_BIT E2BIG EACCES
EADDRINUSE EADDRNOTAVAIL EADV EAFNOSUPPORT EAGAIN EALREADY EBADE EBADF EBADFD EBADMSG EBADR
EBADRQC EBADSLT EBFONT EBUSY ECANCELED ECHILD ECHRNG ECOMM ECONNABORTED ECONNREFUSED
ECONNRESET EDEADLK EDEADLOCK EDESTADDRREQ EDOM EDOTDOT EDQUOT EEXIST EFAULT EFBIG EHOSTDOWN
EHOSTUNREACH EHWPOISON EIDRM EILSEQ EINPROGRESS EINTR EINVAL EIO EISCONN EISDIR EISNAM
EKEYEXPIRED EKEYREJECTED EKEYREVOKED EL2HLT EL2NSYNC EL3HLT EL3RST ELIBACC ELIBBAD ELIBEXEC
ELIBMAX ELIBSCN ELNRNG ELOOP EMEDIUMTYPE EMFILE EMLINK EMSGSIZE EMULTIHOP ENAMETOOLONG
ENAVAIL ENETDOWN ENETRESET ENETUNREACH ENFILE ENOANO ENOBUFS ENOCSI ENODATA ENODEV ENOENT
ENOEXEC ENOKEY ENOLCK ENOLINK ENOMEDIUM ENOMEM ENOMSG ENONET ENOPKG ENOPROTOOPT ENOSPC ENOSR
ENOSTR ENOSYS ENOTBLK ENOTCONN ENOTDIR ENOTEMPTY ENOTNAM ENOTRECOVERABLE ENOTSOCK ENOTSUP
ENOTTY ENOTUNIQ ENXIO EOF EOPNOTSUPP EOVERFLOW EOWNERDEAD EPERM EPFNOSUPPORT EPIPE EPROTO
EPROTONOSUPPORT EPROTOTYPE ERANGE EREMCHG EREMOTE EREMOTEIO ERESTART ERFKILL EROFS errno
ESHUTDOWN ESOCKTNOSUPPORT ESPIPE ESRCH ESRMNT ESTALE ESTRPIPE ETIME ETIMEDOUT ETOOMANYREFS
ETXTBSY EUCLEAN EUNATCH EUSERS EWOULDBLOCK EXDEV EXFULL EXIT_FAILURE EXIT_SUCCESS FD_CLR
FD_ISSET FD_SET FD_SETSIZE FD_ZERO FILENAME_MAX FOPEN_MAX htobe16 htobe32 htobe64 htole16
htole32 htole64 i386 INT16_C INT16_MAX INT16_MIN INT16_WIDTH INT32_C INT32_MAX INT32_MIN
INT32_WIDTH INT64_C INT64_MAX INT64_MIN INT64_WIDTH INT8_C INT8_MAX INT8_MIN INT8_WIDTH
INT_FAST16_MAX INT_FAST16_MIN INT_FAST16_WIDTH INT_FAST32_MAX INT_FAST32_MIN
INT_FAST32_WIDTH INT_FAST64_MAX INT_FAST64_MIN INT_FAST64_WIDTH INT_FAST8_MAX INT_FAST8_MIN
INT_FAST8_WIDTH INT_LEAST16_MAX INT_LEAST16_MIN INT_LEAST16_WIDTH INT_LEAST32_MAX
INT_LEAST32_MIN INT_LEAST32_WIDTH INT_LEAST64_MAX INT_LEAST64_MIN INT_LEAST64_WIDTH
INT_LEAST8_MAX INT_LEAST8_MIN INT_LEAST8_WIDTH INT_MAX INT_MIN INTMAX_C INTMAX_MAX
INTMAX_MIN INTMAX_WIDTH INTPTR_MAX INTPTR_MIN INTPTR_WIDTH L_ctermid L_cuserid L_tmpnam
LC_ADDRESS LC_ADDRESS_MASK LC_ALL LC_ALL_MASK LC_COLLATE LC_COLLATE_MASK LC_CTYPE
LC_CTYPE_MASK LC_GLOBAL_LOCALE LC_IDENTIFICATION LC_IDENTIFICATION_MASK LC_MEASUREMENT
LC_MEASUREMENT_MASK LC_MESSAGES LC_MESSAGES_MASK LC_MONETARY LC_MONETARY_MASK LC_NAME
LC_NAME_MASK LC_NUMERIC LC_NUMERIC_MASK LC_PAPER LC_PAPER_MASK LC_TELEPHONE
LC_TELEPHONE_MASK LC_TIME LC_TIME_MASK le16toh le32toh le64toh linux LITTLE_ENDIAN LLONG_MAX
LLONG_MIN LONG_MAX LONG_MIN MB_CUR_MAX NFDBITS NULL offsetof P_tmpdir PDP_ENDIAN PTRDIFF_MAX
PTRDIFF_MIN PTRDIFF_WIDTH RAND_MAX RENAME_EXCHANGE RENAME_NOREPLACE RENAME_WHITEOUT SEEK_CUR
SEEK_DATA SEEK_END SEEK_HOLE SEEK_SET setjmp SIG_ATOMIC_MAX SIG_ATOMIC_MIN SIG_ATOMIC_WIDTH
SIZE_MAX SIZE_WIDTH stderr stdin stdout TMP_MAX UINT16_C UINT16_MAX UINT16_WIDTH UINT32_C
UINT32_MAX UINT32_WIDTH UINT64_C UINT64_MAX UINT64_WIDTH UINT8_C UINT8_MAX UINT8_WIDTH
UINT_FAST16_MAX UINT_FAST16_WIDTH UINT_FAST32_MAX UINT_FAST32_WIDTH UINT_FAST64_MAX
UINT_FAST64_WIDTH UINT_FAST8_MAX UINT_FAST8_WIDTH UINT_LEAST16_MAX UINT_LEAST16_WIDTH
UINT_LEAST32_MAX UINT_LEAST32_WIDTH UINT_LEAST64_MAX UINT_LEAST64_WIDTH UINT_LEAST8_MAX
UINT_LEAST8_WIDTH UINTMAX_C UINTMAX_MAX UINTMAX_WIDTH UINTPTR_MAX UINTPTR_WIDTH unix va_arg
va_copy va_end va_start WCHAR_MAX WCHAR_MIN WCHAR_WIDTH WCONTINUED WEOF WEXITED WEXITSTATUS
WIFCONTINUED WIFEXITED WIFSIGNALED WIFSTOPPED WINT_MAX WINT_MIN WINT_WIDTH WNOHANG WNOWAIT
WSTOPPED WSTOPSIG WTERMSIG WUNTRACED
";

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
    if CPP_MACROS.split_whitespace().any(|m| m == name) {
        return Some(
            "a keyword or reserved name of C++ (a macro of the headers the emitted C++ includes)".to_string(),
        );
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
        for macro_name in ["EDOM", "ERANGE", "INT64_MAX", "LC_ALL", "P_tmpdir", "NULL", "linux"] {
            assert!(refused(macro_name).unwrap().contains("macro"), "{macro_name}");
        }
        for ok in ["k", "i", "first", "cycle", "value", "K", "n", "_x", "a1"] {
            assert_eq!(refused(ok), None, "{ok}");
        }
        let names = |s: &str| s.split(',').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(check(&names("a,a")).unwrap_err(), "`a` names two parameters");
        assert_eq!(fresh("k", &names("n,k"), &[]), "k2");
        assert_eq!(fresh("k", &names("n,k,k2"), &["k3".to_string()]), "k4");
    }
}
