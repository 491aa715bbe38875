//! `pattern`'s command line: every argument checked, an unknown or misused one an error.

use crate::emit::Lang;
use crate::table::Error;
use graph_games::pattern::Theorem;

pub const USAGE: &str = "usage: pattern [FILE] [--names a,b,..] [--window T | --octal T] [--svg FILE]
               [--emit rust|cpp|python] [--check FILE] [--json] [--color auto|always|never]

Reads a table (FILE, or stdin): one row a line, `p1 ... pk value`, whitespace-separated, the
parameters integers, the value any token (W/L/D, First, win, 3, inf); `#` starts a comment.
One parameter: the eventual period (preperiod, period, saltus, exceptions), checked up to the
table's end, or proved with --window T (each value is one function of the T before it) or
--octal T (an octal game whose moves remove at most T). Two or more: a picture, the periods
along each line, and the smallest rule found (a decision list), reported only when confirmed
on rows it was not fitted on; else the closest one, with its exceptions.
  --names a,b,..   the parameters' names (default n for one, else a, b, c, ... or p1, p2, ...);
                   not a keyword of Rust, C++ or Python, nor twice
  --svg FILE       the picture as an SVG image (two parameters or more)
  --emit LANG      the rule or the period as a function `value`, in rust, cpp or python
  --check FILE     the rule or period against a second table: exit status 1 if one row disagrees
  --json           the findings as one JSON object
  --color WHEN     colour the picture: auto (on a terminal), always, never
Exit status: 0, 1 (--check disagrees, or nothing to --emit), 2 (bad input or arguments).
docs/pattern.md has the details.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone)]
pub struct Options {
    pub input: Option<String>,
    pub names: Option<Vec<String>>,
    pub theorem: Theorem,
    pub svg: Option<String>,
    pub emit: Option<Lang>,
    pub check: Option<String>,
    pub json: bool,
    pub colour: Colour,
    pub help: bool,
}

pub fn parse(args: &[String]) -> Result<Options, Error> {
    let mut o = Options {
        input: None,
        names: None,
        theorem: Theorem::None,
        svg: None,
        emit: None,
        check: None,
        json: false,
        colour: Colour::Auto,
        help: false,
    };
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let mut value = |what: &str| -> Result<String, Error> {
            i += 1;
            args.get(i).cloned().ok_or_else(|| Error::new(format!("{arg} needs {what}")))
        };
        match arg {
            "--help" | "-h" => o.help = true,
            "--json" => o.json = true,
            "--names" => {
                let names: Vec<String> = value("names, as a,b,c")?.split(',').map(str::to_string).collect();
                crate::names::check(&names).map_err(|why| Error::new(format!("--names: {why}")))?;
                o.names = Some(names);
            }
            "--window" | "--octal" => {
                let word = value("a number T")?;
                let t: usize = word.parse().ok().filter(|t| (1..=1 << 20).contains(t)).ok_or_else(|| {
                    Error::new(format!("{arg} takes a number T from 1 to 2^20, not `{word}`"))
                })?;
                if o.theorem != Theorem::None {
                    return Err(Error::new("--window and --octal: one theorem at most"));
                }
                o.theorem = if arg == "--window" { Theorem::Window(t) } else { Theorem::Octal(t) };
            }
            "--svg" => o.svg = Some(value("a file name")?),
            "--check" => o.check = Some(value("a file name")?),
            "--emit" => {
                let word = value("a language: rust, cpp or python")?;
                o.emit =
                    Some(Lang::parse(&word).ok_or_else(|| {
                        Error::new(format!("--emit takes rust, cpp or python, not `{word}`"))
                    })?);
            }
            "--color" | "--colour" => {
                let word = value("auto, always or never")?;
                o.colour = match word.as_str() {
                    "auto" => Colour::Auto,
                    "always" => Colour::Always,
                    "never" => Colour::Never,
                    _ => return Err(Error::new(format!("{arg} takes auto, always or never, not `{word}`"))),
                };
            }
            _ if arg.starts_with('-') && arg != "-" => {
                return Err(Error::new(format!("unknown option `{arg}` (pattern --help)")))
            }
            _ if o.input.is_some() => {
                return Err(Error::new(format!("a second input file `{arg}`: one table at a time")))
            }
            _ => o.input = Some(arg.to_string()),
        }
        i += 1;
    }
    if o.emit.is_some() && o.json {
        return Err(Error::new("--emit and --json: one output at a time"));
    }
    Ok(o)
}
