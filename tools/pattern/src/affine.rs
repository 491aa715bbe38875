//! The periods along the lines of a table of two parameters or more, and periods that grow with
//! another parameter: on the lines along `n` (the others fixed), a period that is an affine
//! function of the fixed ones (`K + 1`, `2 * K`, `a + b + 1`) on at least [`MIN_LINES`] lines of
//! at least three different periods. Such a period is said ("period K + 1 along n, for K mod 3 ==
//! 0"), and its residue `n mod (K + 1)` becomes a column the rule search may use ([`Residue`]).
//!
//! # The families
//! A modulus is `scale * q + offset` for one fixed parameter `q`, `1 <= scale <= 4`,
//! `|offset| <= 4`, or (three parameters or more) the sum of all fixed ones plus `offset`. A
//! residue column is used only where its modulus is at least 1 and its terms fit `i64` on the
//! whole box of the table ([`Residue::bounds`]), so the emitted code computes it exactly there.

use crate::table::{period_of, Table};
use graph_games::pattern::{Theorem, MIN_CHECKED, MIN_PERIODS};
use std::cmp::Ordering;

/// Lines with the affine period, at least.
pub const MIN_LINES: usize = 3;
/// The most axes whose lines are studied (a note says the others were left out).
pub const MAX_AXES: usize = 6;

/// `p[along] mod (scale * (sum of p[over]) + offset)`, a column after the parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Residue {
    pub along: usize,
    pub over: Vec<usize>,
    pub scale: i64,
    pub offset: i64,
}

impl Residue {
    /// The modulus on a row, exact.
    pub fn modulus(&self, p: &[i64]) -> i128 {
        self.scale as i128 * self.over.iter().map(|&j| p[j] as i128).sum::<i128>() + self.offset as i128
    }

    /// The residue on a row; -1 where the modulus is not positive (never on the table's box), as
    /// the emitted code has it.
    pub fn eval(&self, p: &[i64]) -> i64 {
        let m = self.modulus(p);
        if m < 1 {
            return -1;
        }
        let r = (p[self.along] as i128).rem_euclid(m);
        if r > i64::MAX as i128 {
            -1
        } else {
            r as i64
        }
    }

    /// The modulus as a person and the emitted code read it: `K + 1`, `2 * K`, `a + b - 1`.
    pub fn modulus_text(&self, names: &[String]) -> String {
        let sum: Vec<&str> = self.over.iter().map(|&j| names[j].as_str()).collect();
        let mut s = match (self.scale, sum.len()) {
            (1, _) => sum.join(" + "),
            (k, 1) => format!("{k} * {}", sum[0]),
            (k, _) => format!("{k} * ({})", sum.join(" + ")),
        };
        match self.offset.cmp(&0) {
            Ordering::Greater => s.push_str(&format!(" + {}", self.offset)),
            Ordering::Less => s.push_str(&format!(" - {}", -self.offset)),
            Ordering::Equal => {}
        }
        s
    }

    /// The column's name: `n mod (K + 1)`.
    pub fn text(&self, names: &[String]) -> String {
        let m = self.modulus_text(names);
        if m.contains(' ') {
            format!("{} mod ({m})", names[self.along])
        } else {
            format!("{} mod {m}", names[self.along])
        }
    }

    /// The residue's least and greatest value on the box `bounds` of the parameters, when every
    /// step of the emitted code (`scale * q`, the sum, the offset) fits `i64` there and the modulus
    /// is at least 1; else `None`: the column is not used.
    pub fn bounds(&self, bounds: &[(i64, i64)]) -> Option<(i64, i64)> {
        let fits = |v: i128| v >= i64::MIN as i128 && v <= i64::MAX as i128;
        let (mut lo, mut hi) = (0i128, 0i128);
        for &j in &self.over {
            lo += bounds[j].0 as i128;
            hi += bounds[j].1 as i128;
            if !fits(lo) || !fits(hi) {
                return None;
            }
        }
        let (lo, hi) = (lo * self.scale as i128, hi * self.scale as i128);
        let (lo, hi) = (lo + self.offset as i128, hi + self.offset as i128);
        if lo < 1 || !fits(hi) || !fits(lo - self.offset as i128) || !fits(hi - self.offset as i128) {
            return None;
        }
        Some((0, (hi - 1) as i64))
    }
}

/// What one line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Found {
    /// A period (with its saltus) from the line's value `from` on.
    Period { period: usize, saltus: i64, from: i64 },
    /// None the table confirms.
    Nothing,
    /// The line has gaps.
    Gaps,
}

/// One line: its fixed values, what it shows, its number of rows.
pub type Line = (Vec<i128>, Found, usize);

/// The lines along `axis` (`None`: for two parameters, the diagonals `b - a` fixed, along `a`),
/// in the order of their fixed values.
pub fn lines(table: &Table, axis: Option<usize>, numbers: &[Option<i64>]) -> Vec<Line> {
    let key = |r: usize, out: &mut Vec<i128>| {
        out.clear();
        let p = table.row(r);
        match axis {
            Some(i) => out.extend((0..p.len()).filter(|&j| j != i).map(|j| p[j] as i128)),
            None => out.push(p[1] as i128 - p[0] as i128),
        }
    };
    let along = |r: usize| table.row(r)[axis.unwrap_or(0)];
    // Sorted by the fixed values, then along the line, comparing in place (no key is built).
    let fixed_order = |x: usize, y: usize| {
        let (p, q) = (table.row(x), table.row(y));
        match axis {
            Some(i) => (0..p.len()).filter(|&j| j != i).map(|j| p[j].cmp(&q[j])).find(|o| o.is_ne()),
            None => {
                Some((p[1] as i128 - p[0] as i128).cmp(&(q[1] as i128 - q[0] as i128))).filter(|o| o.is_ne())
            }
        }
        .unwrap_or(Ordering::Equal)
    };
    // Sorted by a hash of the fixed values, then along the line: each line's rows together, in
    // order (a sort of small tuples, where comparing rows in place missed the cache). Two lines
    // of one hash (never seen) are told apart by sorting by the rows themselves instead.
    let mix = |h: u64, v: u64| (h ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    let hash_of = |r: usize| {
        let p = table.row(r);
        match axis {
            Some(i) => (0..p.len()).filter(|&j| j != i).fold(0, |h, j| mix(h, p[j] as u64)),
            None => mix(0, p[1].wrapping_sub(p[0]) as u64),
        }
    };
    let mut keyed: Vec<(u64, i64, u32)> =
        (0..table.rows()).map(|r| (hash_of(r), along(r), r as u32)).collect();
    keyed.sort_unstable();
    let collided =
        keyed.windows(2).any(|w| w[0].0 == w[1].0 && fixed_order(w[0].2 as usize, w[1].2 as usize).is_ne());
    let mut order: Vec<u32> = keyed.into_iter().map(|k| k.2).collect();
    if collided {
        order.sort_unstable_by(|&x, &y| {
            let (x, y) = (x as usize, y as usize);
            fixed_order(x, y).then(along(x).cmp(&along(y)))
        });
    }
    let mut ka = Vec::new();
    let mut found = Vec::new();
    let mut start = 0;
    while start < order.len() {
        key(order[start] as usize, &mut ka);
        let mut end = start + 1;
        while end < order.len() && fixed_order(order[start] as usize, order[end] as usize).is_eq() {
            end += 1;
        }
        let line = &order[start..end];
        let runs = line.windows(2).all(|w| along(w[0] as usize).checked_add(1) == Some(along(w[1] as usize)));
        // A line shorter than MIN_CHECKED + 1 values never confirms a period (the library's
        // invariant): no need to look.
        let what = if runs && line.len() <= MIN_CHECKED {
            Found::Nothing
        } else if runs {
            let ids: Vec<u32> = line.iter().map(|&r| table.values[r as usize]).collect();
            match period_of(&ids, numbers, Theorem::None) {
                Some(f) => Found::Period {
                    period: f.period,
                    saltus: f.saltus,
                    from: along(line[0] as usize).saturating_add(f.preperiod as i64),
                },
                None => Found::Nothing,
            }
        } else {
            Found::Gaps
        };
        found.push((ka.clone(), what, line.len()));
        start = end;
    }
    found.sort_unstable_by(|x, y| x.0.cmp(&y.0));
    found
}

/// The affine period of the lines along `axis` (module doc), if one is there: the residue, the
/// fixed values of the lines it holds on, and the condition on one fixed parameter that tells
/// those lines from the others whose period could have been it (`(index among the fixed, m, r)`:
/// `q mod m == r`).
#[allow(clippy::type_complexity)]
pub fn affine(
    arity: usize,
    axis: usize,
    lines: &[Line],
) -> Option<(Residue, Vec<Vec<i128>>, Option<(usize, i64, i64)>)> {
    let others: Vec<usize> = (0..arity).filter(|&j| j != axis).collect();
    let periodic: Vec<(&Vec<i128>, i128, usize)> = lines
        .iter()
        .filter_map(|(key, f, len)| match f {
            Found::Period { period, saltus: 0, .. } => Some((key, *period as i128, *len)),
            _ => None,
        })
        .collect();
    // Too few lines, or periods, for any candidate to hold: nothing to try (with thousands of
    // parameters, the candidates are many).
    let mut distinct: Vec<i128> = periodic.iter().map(|x| x.1).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if periodic.len() < MIN_LINES || distinct.len() < 3 {
        return None;
    }
    // Each candidate (positions in the key summed, scale, offset) is tried as it is made: about
    // 36 per fixed parameter, each against every periodic line, so linear in the table.
    let mut best: Option<(usize, Residue, Vec<Vec<i128>>)> = None;
    let mut consider = |over: &[usize], scale: i64, offset: i64| {
        let modulus =
            |key: &Vec<i128>| scale as i128 * over.iter().map(|&q| key[q]).sum::<i128>() + offset as i128;
        let held: Vec<&(&Vec<i128>, i128, usize)> =
            periodic.iter().filter(|(key, p, _)| modulus(key) == *p).collect();
        if held.len() < MIN_LINES || best.as_ref().map_or(false, |b| b.0 >= held.len()) {
            return;
        }
        let mut periods: Vec<i128> = held.iter().map(|h| h.1).collect();
        periods.sort_unstable();
        periods.dedup();
        if periods.len() < 3 {
            return;
        }
        let residue = Residue { along: axis, over: over.iter().map(|&q| others[q]).collect(), scale, offset };
        best = Some((held.len(), residue, held.iter().map(|h| h.0.clone()).collect()));
    };
    for q in 0..others.len() {
        for scale in 1..=4 {
            for offset in -4..=4 {
                consider(&[q], scale, offset);
            }
        }
    }
    if others.len() >= 2 {
        let all: Vec<usize> = (0..others.len()).collect();
        for offset in -4..=4 {
            consider(&all, 1, offset);
        }
    }
    let (_, residue, keys) = best?;
    let modulus_of = |key: &Vec<i128>| {
        let mut p = vec![0i64; arity];
        for (q, &j) in others.iter().enumerate() {
            p[j] = key[q] as i64;
        }
        residue.modulus(&p)
    };
    // The other lines with a period, long enough to have shown the affine one (`MIN_PERIODS`
    // periods, `MIN_CHECKED` values compared): those the condition must leave out. A shorter
    // line with another period does not contradict it.
    let could_show = |m: i128, len: usize| {
        m >= 1 && (len as i128) >= MIN_PERIODS as i128 * m && len as i128 - m >= MIN_CHECKED as i128
    };
    let rest: Vec<&Vec<i128>> = periodic
        .iter()
        .filter(|(key, p, len)| modulus_of(key) != *p && could_show(modulus_of(key), *len))
        .map(|x| x.0)
        .collect();
    let mut condition = None;
    'search: for q in 0..others.len() {
        for m in 2..=6i64 {
            let r = keys[0][q].rem_euclid(m as i128) as i64;
            let holds = |key: &Vec<i128>| key[q].rem_euclid(m as i128) == r as i128;
            if keys.iter().all(holds) && !rest.iter().any(|k| holds(k)) {
                condition = Some((q, m, r));
                break 'search;
            }
        }
    }
    Some((residue, keys, condition))
}
