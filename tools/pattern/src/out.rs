//! What a run gives: its stdout and exit status, and strings as JSON.

/// What a run prints and its exit status.
pub struct Outcome {
    pub stdout: String,
    pub status: i32,
    /// A line for stderr (why nothing was emitted), or empty.
    pub note: String,
}

/// What `--check` found on `rows` rows of which `disagree` disagree: the text's words
/// ("R rows, A agree, D disagree") and the JSON's member (`, "check": {...}`).
pub fn check_counts(rows: usize, disagree: usize) -> (String, String) {
    let agree = rows - disagree;
    (
        format!("{rows} rows, {agree} agree, {disagree} disagree"),
        format!(", \"check\": {{\"rows\": {rows}, \"agree\": {agree}, \"disagree\": {disagree}}}"),
    )
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
