//! The picture of a table of two parameters or more: a character per cell, the first parameter
//! down, the second across; with three or more, one slice per value of the others. On a terminal
//! (or `--color always`) each value has its background colour. `--svg` draws the same as an
//! image, a square per cell, with its legend.

use crate::table::{escape, shown, Table};

/// The most values the legend names (the others are `*`).
const MAX_LEGEND: usize = 40;
use std::collections::BTreeMap;

/// A cell's character per token: its first character where those differ, else `0-9a-zA-Z...`.
pub fn symbols(tokens: &[String]) -> Vec<char> {
    // A character that would not show (a control or invisible one) makes the table use the pool.
    let first: Vec<char> = tokens
        .iter()
        .map(|t| t.chars().next().filter(|c| escape(&c.to_string()).len() == c.len_utf8()).unwrap_or('\u{0}'))
        .collect();
    let mut distinct = first.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() == first.len() && !first.contains(&'\u{0}') {
        return first;
    }
    let pool: Vec<char> = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".chars().collect();
    (0..tokens.len()).map(|i| if i < pool.len().min(MAX_LEGEND) { pool[i] } else { '*' }).collect()
}

/// The background colours of the terminal (ANSI 256-colour numbers) and of the SVG.
const TERMINAL: [u8; 10] = [34, 160, 214, 27, 129, 37, 250, 94, 201, 118];
const SVG: [&str; 10] = [
    "#2e9d4a", "#d03030", "#f0b020", "#2f6fd6", "#8e44ad", "#1abc9c", "#bdbdbd", "#8d5524", "#e84393",
    "#9be15d",
];

/// The first [`MAX_SLICES`] slices of a table (and whether there are more): per value of
/// parameters 3.. (in order), the cells of parameters 1, 2. Only the rows of those slices are kept.
#[allow(clippy::type_complexity)]
fn slices(table: &Table) -> (BTreeMap<Vec<i64>, BTreeMap<(i64, i64), u32>>, bool) {
    // The smallest MAX_SLICES keys (one more, to know there are more), then their cells.
    let mut keys: std::collections::BTreeSet<&[i64]> = std::collections::BTreeSet::new();
    for r in 0..table.rows() {
        let key = &table.row(r)[2..];
        if keys.len() > MAX_SLICES && keys.iter().next_back().map_or(false, |&last| key >= last) {
            continue;
        }
        keys.insert(key);
        if keys.len() > MAX_SLICES + 1 {
            let last = *keys.iter().next_back().unwrap_or(&key);
            keys.remove(last);
        }
    }
    let mut slices: BTreeMap<Vec<i64>, BTreeMap<(i64, i64), u32>> = BTreeMap::new();
    for r in 0..table.rows() {
        let p = table.row(r);
        if keys.contains(&p[2..]) {
            slices.entry(p[2..].to_vec()).or_default().insert((p[0], p[1]), table.values[r]);
        }
    }
    (slices, keys.len() > MAX_SLICES)
}

/// The most slices drawn.
pub const MAX_SLICES: usize = 24;

/// The picture as text (`colour`: ANSI backgrounds), at most `max_cells` cells (whole slices).
pub fn text(table: &Table, names: &[String], colour: bool, max_cells: usize) -> String {
    let syms = symbols(&table.tokens);
    let (lo0, hi0) = table.range(0);
    let (lo1, hi1) = table.range(1);
    let mut out = String::new();
    let mut legend: Vec<String> =
        table.tokens.iter().zip(&syms).take(MAX_LEGEND).map(|(t, s)| format!("{s} = {}", shown(t))).collect();
    if table.tokens.len() > MAX_LEGEND {
        legend.push(format!("* = the {} others", table.tokens.len() - MAX_LEGEND));
    }
    out.push_str(&format!(
        "picture: {} down ({lo0}..{hi0}), {} across ({lo1}..{hi1}); {}\n",
        names[0],
        names[1],
        legend.join(", ")
    ));
    let (all, _) = slices(table);
    for (count, (rest, cells)) in all.iter().enumerate() {
        let per_slice = (hi0 as i128 - lo0 as i128 + 1) * (hi1 as i128 - lo1 as i128 + 1);
        if count == MAX_SLICES || (count as i128 + 1) * per_slice > max_cells as i128 {
            out.push_str("(the other slices are not drawn)\n");
            break;
        }
        if !rest.is_empty() {
            let named: Vec<String> =
                rest.iter().zip(&names[2..]).take(8).map(|(v, n)| format!("{n} = {v}")).collect();
            let more = if rest.len() > 8 { ", ..." } else { "" };
            out.push_str(&format!("{}{more}:\n", named.join(", ")));
        }
        for a in lo0..=hi0 {
            out.push_str(&format!("{a:>5} "));
            for b in lo1..=hi1 {
                match cells.get(&(a, b)) {
                    Some(&v) if colour => out.push_str(&format!(
                        "\x1b[48;5;{}m{}",
                        TERMINAL[v as usize % TERMINAL.len()],
                        syms[v as usize]
                    )),
                    Some(&v) => out.push(syms[v as usize]),
                    None => out.push(' '),
                }
            }
            if colour {
                out.push_str("\x1b[0m");
            }
            out.push('\n');
        }
    }
    out
}

fn xml(s: &str) -> String {
    escape(s).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The picture as an SVG image: slices side by side, four to a row.
pub fn svg(table: &Table, names: &[String]) -> String {
    let (lo0, hi0) = table.range(0);
    let (lo1, hi1) = table.range(1);
    let (h, w) = ((hi0 - lo0 + 1) as usize, (hi1 - lo1 + 1) as usize);
    let (all, _) = slices(table);
    let shown = all.len().min(MAX_SLICES);
    let across = shown.min(4);
    let down = (shown + across - 1) / across;
    // Cells of at least 1 pixel, an image about 1000 pixels wide.
    let cell = (1000 / (w * across).max(1)).clamp(1, 24);
    let (sw, sh) = (w * cell + 50, h * cell + 50);
    let legend = 24 * table.tokens.len().min(40) + 20;
    let (width, height) = (sw * across + 20, sh * down + 40 + legend);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    out.push_str(&format!(
        "<text x=\"10\" y=\"18\">{} down ({lo0}..{hi0}), {} across ({lo1}..{hi1}), {} rows</text>\n",
        xml(&names[0]),
        xml(&names[1]),
        table.rows()
    ));
    for (k, (rest, cells)) in all.iter().take(shown).enumerate() {
        let (x0, y0) = (10 + (k % across) * sw + 40, 30 + (k / across) * sh + 20);
        if !rest.is_empty() {
            let named: Vec<String> =
                rest.iter().zip(&names[2..]).map(|(v, n)| format!("{} = {v}", xml(n))).collect();
            out.push_str(&format!("<text x=\"{x0}\" y=\"{}\">{}</text>\n", y0 - 4, named.join(", ")));
        }
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{lo0}</text>\n",
            x0 - 4,
            y0 + cell.max(10)
        ));
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{hi0}</text>\n",
            x0 - 4,
            y0 + h * cell
        ));
        for (&(a, b), &v) in cells {
            let (x, y) = (x0 + (b - lo1) as usize * cell, y0 + (a - lo0) as usize * cell);
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\"/>\n",
                SVG[v as usize % SVG.len()]
            ));
        }
    }
    let ly = 30 + down * sh + 20;
    for (i, token) in table.tokens.iter().take(40).enumerate() {
        let y = ly + 24 * i;
        out.push_str(&format!(
            "<rect x=\"10\" y=\"{y}\" width=\"16\" height=\"16\" fill=\"{}\"/><text x=\"32\" y=\"{}\">{}</text>\n",
            SVG[i % SVG.len()],
            y + 13,
            xml(token)
        ));
    }
    out.push_str("</svg>\n");
    out
}
