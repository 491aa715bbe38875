//! `pattern`: reads a table and prints its periods and the rule found (the crate's doc).

#[global_allocator]
static ALLOCATOR: pattern::memory::Checked = pattern::memory::Checked;

fn main() {
    let args: Result<Vec<String>, _> = std::env::args_os().skip(1).map(|a| a.into_string()).collect();
    let result = match args {
        Ok(args) => pattern::cli::run(&args),
        Err(bad) => Err(pattern::table::Error::new(format!(
            "the argument `{}` is not UTF-8 text",
            bad.to_string_lossy()
        ))),
    };
    std::process::exit(pattern::cli::finish(result));
}
