//! What a run gives: its stdout and exit status, and strings as JSON.

/// What a run prints and its exit status.
pub struct Outcome {
    pub stdout: String,
    pub status: i32,
    /// A line for stderr (why nothing was emitted), or empty.
    pub note: String,
}

/// A string as JSON.
pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
