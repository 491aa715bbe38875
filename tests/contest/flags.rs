/// The flags this program takes.
pub const FLAGS: [&str; 2] = ["--misere", "--depth"];
