//! Stops, thermographs, mean and temperature of a form, as CGSuite and Siegel's *Combinatorial
//! Game Theory* (II.3, II.5) define them.
//!
//! The **stops**: a number `x` has both stops `x`; otherwise the left stop is the largest right
//! stop of a Left option, the right stop the smallest left stop of a Right option (where play
//! stops when Left, or Right, moves first and both play to the number reached).
//!
//! The **thermograph**: two walls, functions of the temperature `t >= -1`, the stops of `G`
//! cooled by `t` ([`Forms::cool`]). Each wall is continuous and piecewise linear with dyadic
//! breakpoints; the left wall has slopes 0 and -1, the right 0 and +1 (as functions of `t`). For a
//! form that is not a number, taxing the options' walls gives the scaffolds
//! `L'(t) = max over G^L of (right wall of G^L)(t) - t` and
//! `R'(t) = min over G^R of (left wall of G^R)(t) + t`, each the maximum (minimum) of whole
//! piecewise-linear functions: between two consecutive breakpoints of either, the one ahead just
//! after the first (the better value, on a tie the better slope: an option's wall that starts level
//! with another's and then passes it counts from there), and where the other overtakes it, the
//! other. The **temperature** `τ` is the least `t >= -1` with `L'(t) <= R'(t)` (they meet there:
//! `L' - R'` only decreases), the **mean** `m` their value at `τ`, and the walls are `L'`, `R'` up
//! to `τ` and the mast `m` above it. Numbers
//! are CGSuite's: an integer `n` is a mast at `n` from `t = -1` (temperature -1); `x = m/2^k`
//! (`k >= 1`) has the walls of its canonical form `{x - 2^-k | x + 2^-k}`, made as any form's
//! from its options' walls (not masts: below `t = -1/2` they bend), which meet at `t = -2^-k`;
//! `number_walls` gives them in closed form.
//!
//! Invariant: every form's stops and walls are computed once, children first over
//! [`Forms::followers_in_order`] (no recursion), and kept in the table's memos (`stops_memo`,
//! `walls_memo`, grown checked); a wall is kept normalised (no two consecutive pieces on one
//! line), so equal walls are equal vectors.

use super::bigint::or_panic;
use super::dyadic::Dyadic;
use super::forms::{reserve, reserve_entry, walls_heap, FormId, Forms, Line, Side};
use crate::input::{out_of_memory, Error};
use crate::memory::check_memory;
use std::convert::TryFrom;

/// A form's thermograph (module doc): its two walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Vec<Line>,
    right: Vec<Line>,
}

impl Thermograph {
    /// The left wall at temperature `t >= -1`: the left stop of the form cooled by `t` (panics
    /// when memory for the number cannot be had).
    pub fn left_wall(&self, t: &Dyadic) -> Dyadic {
        or_panic(wall_at(&self.left, t))
    }

    /// The right wall at temperature `t >= -1` ([`Thermograph::left_wall`]).
    pub fn right_wall(&self, t: &Dyadic) -> Dyadic {
        or_panic(wall_at(&self.right, t))
    }

    /// The mean: where the mast stands.
    pub fn mean(&self) -> Dyadic {
        self.left.last().expect("a wall").1.clone()
    }

    /// The temperature: where the mast starts.
    pub fn temperature(&self) -> Dyadic {
        let left = &self.left.last().expect("a wall").0;
        let right = &self.right.last().expect("a wall").0;
        left.max(right).clone()
    }

    /// The breakpoints of the left wall, `(t, value)` from `t = -1` up, the last one where the
    /// wall turns vertical for good (the mast).
    pub fn left_breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.left.iter().map(|(t, v, _)| (t.clone(), v.clone())).collect()
    }

    /// The breakpoints of the right wall ([`Thermograph::left_breakpoints`]).
    pub fn right_breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.right.iter().map(|(t, v, _)| (t.clone(), v.clone())).collect()
    }
}

impl Forms {
    /// The left stop of `g` (module doc).
    pub fn left_stop(&mut self, g: FormId) -> Result<Dyadic, Error> {
        Ok(self.stops(g)?.0)
    }

    /// The right stop of `g` (module doc).
    pub fn right_stop(&mut self, g: FormId) -> Result<Dyadic, Error> {
        Ok(self.stops(g)?.1)
    }

    /// The mean value of `g` (module doc).
    pub fn mean(&mut self, g: FormId) -> Result<Dyadic, Error> {
        // Taken from the walls, not copied: no memory.
        let mut walls = self.thermograph(g)?;
        Ok(walls.left.pop().expect("a wall").1)
    }

    /// The temperature of `g` (module doc): -1 for an integer, `-1/2^k` for `m/2^k`, 0 for `*`,
    /// `^` and every other infinitesimal, `t` for the switch `{t | -t}`.
    pub fn temperature(&mut self, g: FormId) -> Result<Dyadic, Error> {
        let mut walls = self.thermograph(g)?;
        let (left, right) = (walls.left.pop().expect("a wall").0, walls.right.pop().expect("a wall").0);
        Ok(left.max(right))
    }

    /// The thermograph of `g` (module doc).
    pub fn thermograph(&mut self, g: FormId) -> Result<Thermograph, Error> {
        if let Some(x) = self.as_number(g) {
            let (left, right) = number_walls(x)?;
            return Ok(Thermograph { left, right });
        }
        if !self.walls_memo.contains_key(&g.0) {
            for h in self.followers_in_order(g)? {
                if self.walls_memo.contains_key(&h.0) {
                    continue;
                }
                let walls = self.walls_of(h)?;
                reserve_entry(&mut self.walls_memo)?;
                self.add_held(walls_heap(&walls));
                self.walls_memo.insert(h.0, walls);
            }
        }
        let (left, right) = &self.walls_memo[&g.0];
        Ok(Thermograph { left: copy_of_wall(left)?, right: copy_of_wall(right)? })
    }

    /// The temperature and mean of `h`, not a number, whose walls are known (after
    /// [`Forms::thermograph`] of a form `h` follows).
    pub(super) fn temperature_and_mean_of(&self, h: FormId) -> (&Dyadic, &Dyadic) {
        let (left, right) = &self.walls_memo[&h.0];
        let (left, right) = (left.last().expect("a wall"), right.last().expect("a wall"));
        (std::cmp::max(&left.0, &right.0), &left.1)
    }

    /// `(left stop, right stop)` of `g`, memoised.
    fn stops(&mut self, g: FormId) -> Result<(Dyadic, Dyadic), Error> {
        if let Some(x) = self.as_number(g) {
            return Ok((x.try_clone()?, x.try_clone()?));
        }
        if !self.stops_memo.contains_key(&g.0) {
            for h in self.followers_in_order(g)? {
                if self.stops_memo.contains_key(&h.0) {
                    continue;
                }
                let left = self.best_stop(h, Side::Left)?;
                let right = self.best_stop(h, Side::Right)?;
                reserve_entry(&mut self.stops_memo)?;
                self.add_held(left.heap_bytes() + right.heap_bytes());
                self.stops_memo.insert(h.0, (left, right));
            }
        }
        let (left, right) = &self.stops_memo[&g.0];
        Ok((left.try_clone()?, right.try_clone()?))
    }

    /// For Left, the largest right stop of a Left option of `h`; for Right, the smallest left
    /// stop of a Right option. The options' stops are known (children first).
    fn best_stop(&self, h: FormId, side: Side) -> Result<Dyadic, Error> {
        let mut best: Option<&Dyadic> = None;
        for &o in self.options_of(h, side) {
            let stop = match self.as_number(o) {
                Some(x) => x,
                None => {
                    let (l, r) = &self.stops_memo[&o.0];
                    if side == Side::Left {
                        r
                    } else {
                        l
                    }
                }
            };
            let better = match best {
                None => true,
                Some(b) => (side == Side::Left && stop > b) || (side == Side::Right && stop < b),
            };
            if better {
                best = Some(stop);
            }
        }
        best.ok_or_else(no_options)?.try_clone()
    }

    /// The walls of `h`, not a number, from its options' (known: children first).
    fn walls_of(&self, h: FormId) -> Result<(Vec<Line>, Vec<Line>), Error> {
        // L' = max of the Left options' right walls, taxed; R' = min of the Right options' left walls.
        let mut taxed: [Option<Vec<Line>>; 2] = [None, None];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for &o in self.options_of(h, side) {
                let numbers;
                let (left, right) = match self.as_number(o) {
                    Some(x) => {
                        numbers = number_walls(x)?;
                        (&numbers.0, &numbers.1)
                    }
                    None => {
                        let walls = &self.walls_memo[&o.0];
                        (&walls.0, &walls.1)
                    }
                };
                let wall = match side {
                    Side::Left => shifted(right, -1)?,
                    Side::Right => shifted(left, 1)?,
                };
                taxed[k] = Some(match taxed[k].take() {
                    None => wall,
                    Some(best) => combine(&best, &wall, side == Side::Left)?,
                });
            }
        }
        let [left, right] = taxed;
        let (left, right) = (left.ok_or_else(no_options)?, right.ok_or_else(no_options)?);
        let (tau, mean) = meeting(&left, &right)?;
        Ok((up_to(&left, &tau, &mean)?, up_to(&right, &tau, &mean)?))
    }
}

fn no_options() -> Error {
    Error::new("a form that is not a number has no options for one side: not a canonical form")
}

/// The walls of the number `x` (module doc). An integer's are masts from `t = -1`. Those of
/// `x = m/2^k` (`k >= 1`) are the walls of its canonical form `{x - 2^-k | x + 2^-k}`, made as
/// any form's: by induction on `k` (its options' exponents are smaller), the left wall passes
/// through `(-2^-j, x rounded up to a multiple of 2^-j)` and the right wall through
/// `(-2^-j, x rounded down)` for `j = 0..=k`, straight between, and both stand at `x` from
/// `t = -2^-k` on. (At `-2^-j`, `j < k`: Right's wall of `x - 2^-k` there, taxed by `2^-j`, is
/// `x` rounded up; between two points both are straight; the walls are apart until `-2^-k`.)
/// A piece starts only where the slope changes; `k + 1` pieces at most, so a number of a long
/// fraction has a long thermograph, checked before it is made.
fn number_walls(x: &Dyadic) -> Result<(Vec<Line>, Vec<Line>), Error> {
    let k = x.exponent();
    let pieces = usize::try_from(k).unwrap_or(usize::MAX).saturating_add(1);
    if k > 64 {
        let piece = x.heap_bytes().saturating_add(2 * std::mem::size_of::<Line>());
        check_memory(2 * pieces as u128 * piece as u128, "the thermograph of a number")?;
    }
    let rounded = |j: u64, up: bool| {
        let scaled = x.try_mul_pow2(j as i64)?;
        let whole = if up { scaled.try_ceil()? } else { scaled.try_floor()? };
        whole.try_mul_pow2(-(j as i64))
    };
    let mut walls: (Vec<Line>, Vec<Line>) = (Vec::new(), Vec::new());
    let mut at = (rounded(0, true)?, rounded(0, false)?);
    let minus_one = Dyadic::try_from_i64(-1)?;
    for j in 0..=k {
        let start = minus_one.try_mul_pow2(-(j as i64))?;
        let next = if j == k {
            (x.try_clone()?, x.try_clone()?)
        } else {
            (rounded(j + 1, true)?, rounded(j + 1, false)?)
        };
        // Over the next 2^-(j+1), the left wall falls by 0 or 2^-(j+1) (slope 0 or -1), the right
        // rises by 0 or 2^-(j+1); at j = k, the mast.
        let slopes = (if next.0 == at.0 { 0 } else { -1 }, if next.1 == at.1 { 0 } else { 1 });
        for (wall, value, slope) in [(&mut walls.0, &at.0, slopes.0), (&mut walls.1, &at.1, slopes.1)] {
            if wall.last().map_or(true, |line| line.2 != slope) {
                room(wall, 1)?;
                wall.push((start.try_clone()?, value.try_clone()?, slope));
            }
        }
        at = next;
    }
    Ok(walls)
}

/// Room for `more` items in `v`, checked: with the margin of [`reserve`] for a wall of more than a
/// few hundred bytes, and as it is for a smaller one (as the table's memos are).
fn room<T>(v: &mut Vec<T>, more: usize) -> Result<(), Error> {
    if (v.len() + more) * std::mem::size_of::<T>() <= 512 {
        v.try_reserve(more).map_err(|_| out_of_memory(512, "a thermograph"))
    } else {
        reserve(v, more, "a thermograph")
    }
}

/// A copy of a wall, its memory (the pieces' and their numbers') checked.
fn copy_of_wall(wall: &[Line]) -> Result<Vec<Line>, Error> {
    let mut copy = Vec::new();
    room(&mut copy, wall.len())?;
    for (start, value, slope) in wall {
        copy.push((start.try_clone()?, value.try_clone()?, *slope));
    }
    Ok(copy)
}

/// `slope · d` (a wall's slopes are 0 and ±1; differences of two, at most ±2).
fn times(slope: i8, d: &Dyadic) -> Result<Dyadic, Error> {
    let mut product = Dyadic::zero();
    for _ in 0..slope.unsigned_abs() {
        product = product.try_add(d)?;
    }
    if slope < 0 {
        product.try_neg()
    } else {
        Ok(product)
    }
}

/// `d / k` for `k` in ±1, ±2 (a wall's slopes are 0, ±1, so two walls' differ by at most 2).
fn divided(d: &Dyadic, k: i8) -> Result<Dyadic, Error> {
    match k {
        1 => d.try_clone(),
        -1 => d.try_neg(),
        2 => d.try_mul_pow2(-1),
        -2 => d.try_mul_pow2(-1)?.try_neg(),
        _ => Err(Error::new(format!("two walls of a thermograph cross at slopes {k} apart: not 1 or 2"))),
    }
}

/// The value of the piece `line` at `t`.
fn line_at(line: &Line, t: &Dyadic) -> Result<Dyadic, Error> {
    line.1.try_add(&times(line.2, &t.try_sub(&line.0)?)?)
}

/// The index of the piece of `wall` in force at `t` (the last starting at or before it).
fn piece_at(wall: &[Line], t: &Dyadic) -> usize {
    wall.partition_point(|line| line.0 <= *t).max(1) - 1
}

fn wall_at(wall: &[Line], t: &Dyadic) -> Result<Dyadic, Error> {
    line_at(&wall[piece_at(wall, t)], t)
}

/// `wall(t) + sign·t`.
fn shifted(wall: &[Line], sign: i8) -> Result<Vec<Line>, Error> {
    let mut out = Vec::new();
    room(&mut out, wall.len())?;
    for (start, value, slope) in wall {
        out.push((start.try_clone()?, value.try_add(&times(sign, start)?)?, slope + sign));
    }
    Ok(out)
}

/// Where the pieces of two walls start, merged: the points between which both are lines.
fn starts(a: &[Line], b: &[Line]) -> Result<Vec<Dyadic>, Error> {
    let mut points = Vec::new();
    room(&mut points, a.len() + b.len())?;
    for line in a.iter().chain(b) {
        points.push(line.0.try_clone()?);
    }
    // (Both sorts are in place: no memory.)
    points.sort_unstable();
    points.dedup();
    Ok(points)
}

/// The larger (`take_max`) or the smaller of two walls, point by point.
fn combine(a: &[Line], b: &[Line], take_max: bool) -> Result<Vec<Line>, Error> {
    let points = starts(a, b)?;
    let mut out: Vec<Line> = Vec::new();
    for (k, s) in points.iter().enumerate() {
        let (la, lb) = (&a[piece_at(a, s)], &b[piece_at(b, s)]);
        let (va, vb) = (line_at(la, s)?, line_at(lb, s)?);
        // The better just after `s`: the better value, or on a tie the better slope (for the
        // maximum the larger, for the minimum the smaller: the one that goes on below).
        let a_first = if take_max { (&va, la.2) >= (&vb, lb.2) } else { (&va, la.2) <= (&vb, lb.2) };
        let (first, second) = if a_first { ((va, la.2), (vb, lb.2)) } else { ((vb, lb.2), (va, la.2)) };
        room(&mut out, 2)?;
        let mut crossing = None;
        if first.1 != second.1 {
            // The lines meet at s + (second - first) / (first slope - second slope).
            let at = s.try_add(&divided(&second.0.try_sub(&first.0)?, first.1 - second.1)?)?;
            if at > *s && points.get(k + 1).map_or(true, |end| at < *end) {
                let value = first.0.try_add(&times(first.1, &at.try_sub(s)?)?)?;
                crossing = Some((at, value, second.1));
            }
        }
        out.push((s.try_clone()?, first.0, first.1));
        out.extend(crossing);
    }
    normalised(out)
}

/// Where `L'` first comes down to `R'` (module doc): the temperature and the mean.
fn meeting(left: &[Line], right: &[Line]) -> Result<(Dyadic, Dyadic), Error> {
    let points = starts(left, right)?;
    for (k, s) in points.iter().enumerate() {
        let (ll, rl) = (&left[piece_at(left, s)], &right[piece_at(right, s)]);
        let (vl, vr) = (line_at(ll, s)?, line_at(rl, s)?);
        if vl <= vr {
            return Ok((s.try_clone()?, vl));
        }
        let closing = ll.2 - rl.2;
        if closing < 0 {
            let at = s.try_add(&divided(&vl.try_sub(&vr)?, -closing)?)?;
            if points.get(k + 1).map_or(true, |end| at <= *end) {
                let mean = line_at(ll, &at)?;
                return Ok((at, mean));
            }
        }
    }
    Err(Error::new("the walls of a thermograph never meet: not a canonical form"))
}

/// `wall` up to `tau`, then the mast at `mean`.
fn up_to(wall: &[Line], tau: &Dyadic, mean: &Dyadic) -> Result<Vec<Line>, Error> {
    let mut out: Vec<Line> = Vec::new();
    room(&mut out, wall.len() + 1)?;
    for (start, value, slope) in wall.iter().filter(|line| line.0 < *tau) {
        out.push((start.try_clone()?, value.try_clone()?, *slope));
    }
    out.push((tau.try_clone()?, mean.try_clone()?, 0));
    normalised(out)
}

/// `wall` without the pieces that go on the line of the piece before them (in place: only the
/// values compared are made).
fn normalised(mut wall: Vec<Line>) -> Result<Vec<Line>, Error> {
    let mut kept = 0;
    for i in 0..wall.len() {
        let goes_on = kept > 0 && {
            let (last, line) = (&wall[kept - 1], &wall[i]);
            last.2 == line.2 && line_at(last, &line.0)? == line.1
        };
        if !goes_on {
            wall.swap(kept, i);
            kept += 1;
        }
    }
    wall.truncate(kept);
    Ok(wall)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::hash::FastMap;
    use crate::rng::Rng;

    fn d(text: &str) -> Dyadic {
        Dyadic::parse(text).unwrap()
    }

    /// (left stop, right stop, mean, temperature) as text.
    fn values(f: &mut Forms, text: &str) -> [String; 4] {
        let g = f.parse(text).unwrap();
        let values = [
            f.left_stop(g).unwrap(),
            f.right_stop(g).unwrap(),
            f.mean(g).unwrap(),
            f.temperature(g).unwrap(),
        ];
        values.map(|x| x.to_string())
    }

    #[test]
    fn values_cgsuite_and_the_literature_give() {
        let mut f = Forms::new();
        for (text, expected) in [
            // CGSuite's CanonicalShortGameTestCase: leftStop, rightStop, mean, temperature.
            ("0", ["0", "0", "0", "-1"]),
            ("5", ["5", "5", "5", "-1"]),
            ("-1823437", ["-1823437", "-1823437", "-1823437", "-1"]),
            ("-1/2", ["-1/2", "-1/2", "-1/2", "-1/2"]),
            ("25/16", ["25/16", "25/16", "25/16", "-1/16"]),
            ("*8", ["0", "0", "0", "0"]),
            ("^", ["0", "0", "0", "0"]),
            ("v*", ["0", "0", "0", "0"]),
            ("6+^*", ["6", "6", "6", "0"]),
            ("^*6", ["0", "0", "0", "0"]),
            ("73/16+v9*8", ["73/16", "73/16", "73/16", "0"]),
            ("{0|*||*|||*||||*}", ["0", "0", "0", "0"]),
            ("{0||0|v*}", ["0", "0", "0", "0"]),
            // Switches and hot games, worked by hand.
            ("+-1", ["1", "-1", "0", "1"]),
            ("{2|-1/2}", ["2", "-1/2", "3/4", "5/4"]),
            // {2|0} has mean 1 and temperature 1, so L'(t) = t - t = 0 up to 1, R'(t) = t - 1.
            ("{{2|0}|-1}", ["0", "-1", "0", "1"]),
            ("1/2*", ["1/2", "1/2", "1/2", "0"]),
            // The right walls of {3|1} (1 + t up to 1, then 2) and {5/2|2} (2 + t up to 1/4, then
            // 9/4): L'(t) = 2 up to 1/4, then 9/4 - t; R'(t) = t - 2; they meet at 17/8, at 1/8.
            ("{{3|1},{5/2|2}|-2}", ["2", "-2", "1/8", "17/8"]),
        ] {
            assert_eq!(values(&mut f, text), expected, "{text}");
        }
        // {a | b} for numbers a > b: mean (a + b)/2, temperature (a - b)/2.
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let a = Dyadic::from_i64(rng.below(64) as i64 - 32).mul_pow2(-(rng.below(4) as i64));
            let b = Dyadic::from_i64(rng.below(64) as i64 - 32).mul_pow2(-(rng.below(4) as i64));
            if a <= b {
                continue;
            }
            let (x, y) = (f.number(a.clone()).unwrap(), f.number(b.clone()).unwrap());
            let g = f.make(&[x], &[y]).unwrap();
            assert_eq!(f.mean(g).unwrap(), a.add(&b).mul_pow2(-1));
            assert_eq!(f.temperature(g).unwrap(), a.sub(&b).mul_pow2(-1));
            assert_eq!((f.left_stop(g).unwrap(), f.right_stop(g).unwrap()), (a, b));
        }
    }

    /// The stops by their definition, recursively (small forms only).
    fn plain_stops(f: &Forms, g: FormId) -> (Dyadic, Dyadic) {
        if let Some(x) = f.as_number(g) {
            return (x.clone(), x.clone());
        }
        let left = f.left(g).iter().map(|&o| plain_stops(f, o).1).max().unwrap();
        let right = f.right(g).iter().map(|&o| plain_stops(f, o).0).min().unwrap();
        (left, right)
    }

    /// The oracle: `G` cooled by `t >= 0` on canonical forms, and each form's temperature and
    /// mean as the least `t` on a grid of 1/64 at which `{G^L_t - t | G^R_t + t}` is
    /// infinitesimally close to a number (its two stops equal), and that number.
    struct Cooling {
        found: FastMap<FormId, (Dyadic, Dyadic)>,
    }

    impl Cooling {
        fn cooled(&mut self, f: &mut Forms, g: FormId, t: &Dyadic) -> FormId {
            if f.is_number(g) {
                return g;
            }
            let (tau, mean) = self.temperature_and_mean(f, g);
            if *t > tau {
                f.number(mean).unwrap()
            } else {
                self.taxed(f, g, t)
            }
        }

        fn taxed(&mut self, f: &mut Forms, g: FormId, t: &Dyadic) -> FormId {
            let (minus_t, plus_t) = (f.number(t.neg()).unwrap(), f.number(t.clone()).unwrap());
            let mut sides = [Vec::new(), Vec::new()];
            for (k, (side, tax)) in [(Side::Left, minus_t), (Side::Right, plus_t)].into_iter().enumerate() {
                for o in f.options_of(g, side).to_vec() {
                    let c = self.cooled(f, o, t);
                    sides[k].push(f.sum(c, tax).unwrap());
                }
            }
            f.make(&sides[0], &sides[1]).unwrap()
        }

        fn temperature_and_mean(&mut self, f: &mut Forms, g: FormId) -> (Dyadic, Dyadic) {
            if let Some(known) = self.found.get(&g) {
                return known.clone();
            }
            for k in 0..=64 * 16 {
                let t = Dyadic::from_i64(k).mul_pow2(-6);
                let h = self.taxed(f, g, &t);
                let (left, right) = plain_stops(f, h);
                if left == right {
                    self.found.insert(g, (t.clone(), left.clone()));
                    return (t, left);
                }
            }
            panic!("no temperature up to 16 for {}", f.show(g));
        }
    }

    #[test]
    fn stops_mean_and_temperature_agree_with_the_definitions_on_random_forms() {
        let mut f = Forms::new();
        let mut pool: Vec<FormId> = ["0", "1", "-1", "1/2", "-1/2", "2", "-2", "3/4", "*"]
            .iter()
            .map(|text| f.parse(text).unwrap())
            .collect();
        let mut rng = Rng::new(11);
        while pool.len() < 120 {
            let mut sides = [Vec::new(), Vec::new()];
            for side in &mut sides {
                for _ in 0..1 + rng.below(2) {
                    side.push(*rng.pick(&pool));
                }
            }
            let g = f.make(&sides[0], &sides[1]).unwrap();
            if !pool.contains(&g) {
                pool.push(g);
            }
        }
        let mut cooling = Cooling { found: FastMap::default() };
        let zero = Dyadic::zero();
        let mut hot = 0;
        for &g in &pool {
            let (left, right) = plain_stops(&f, g);
            assert_eq!((f.left_stop(g).unwrap(), f.right_stop(g).unwrap()), (left.clone(), right.clone()));
            let thermograph = f.thermograph(g).unwrap();
            if f.is_number(g) {
                continue;
            }
            // The walls at 0 are the stops; the mast is the cooling's number at its temperature.
            assert_eq!((thermograph.left_wall(&zero), thermograph.right_wall(&zero)), (left, right));
            let (tau, mean) = cooling.temperature_and_mean(&mut f, g);
            assert_eq!((f.temperature(g).unwrap(), f.mean(g).unwrap()), (tau.clone(), mean), "{}", f.show(g));
            if tau > zero {
                hot += 1;
            }
        }
        assert!(hot > 20, "{hot}");
    }

    #[test]
    fn a_deep_form_has_its_values() {
        // g_k = {g_(k-1) | -k}, g_0 = 0: stops -(k-1) and -k; by induction on the walls,
        // temperature 1 - 2^-k and mean -(k - 1) - 2^-k (worked by hand for k <= 2, then the
        // same steps: L'(t) = -(k-1) up to the temperature of g_(k-1), R'(t) = t - k).
        let mut f = Forms::new();
        let mut g = Forms::ZERO;
        let n = 100_000;
        let one = d("1");
        for k in 1..=n {
            let x = f.integer(-k).unwrap();
            g = f.make(&[g], &[x]).unwrap();
            if k <= 60 {
                let tiny = one.mul_pow2(-k);
                assert_eq!(f.temperature(g).unwrap(), one.sub(&tiny), "{k}");
                assert_eq!(f.mean(g).unwrap(), Dyadic::from_i64(1 - k).sub(&tiny), "{k}");
            }
        }
        assert_eq!(f.right_stop(g).unwrap(), Dyadic::from_i64(-n));
        assert_eq!(f.left_stop(g).unwrap(), Dyadic::from_i64(1 - n));
        let thermograph = f.thermograph(g).unwrap();
        // L'(-1) = (right wall of g_(n-1))(-1) + 1 = (-(n-1) - 1) + 1.
        assert_eq!(thermograph.left_wall(&d("-1")), Dyadic::from_i64(1 - n));
        // 2^-n is past the i128 stand-in for Dyadic: bounds only, exact with the big integers.
        let (tau, mean) = (thermograph.temperature(), thermograph.mean());
        assert!(
            tau > d("1/2") && tau <= one && mean <= Dyadic::from_i64(1 - n) && mean > Dyadic::from_i64(-n)
        );
    }
}
