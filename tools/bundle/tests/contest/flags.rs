/// The flags this program takes.
pub const FLAGS: [&str; 3] = ["--misere", "--depth", "--move"];
