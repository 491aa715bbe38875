//! What the thermograph tests (`partizan_thermo.rs`, `partizan_cool.rs`) share: an oracle for
//! stops, thermographs, mean and temperature that shares no code with `src/partizan/thermo.rs`,
//! and the values it is tried on.
//!
//! The oracle knows a form only through `Forms::left`, `Forms::right` and `Forms::as_number`, and
//! works on its own exact fractions (`Q`, `i128` over `i128`) and its own piecewise-linear
//! functions (`Pl`: the vertices, then the slope after the last one). The walls are the textbook's
//! (Siegel, *Combinatorial Game Theory*, II.5): for a form that is not a number, the Left scaffold
//! is `max over G^L of (right wall of G^L)(t) - t`, the Right scaffold `min over G^R of (left wall
//! of G^R)(t) + t`, each max or min taken as a whole function: every breakpoint of either side and
//! every crossing between two breakpoints becomes a vertex. The temperature is the least `t >= -1`
//! where the Left scaffold is at or below the Right one, the mean their value there, and the walls
//! are the scaffolds up to it, then the mast. Numbers follow CGSuite: an integer is a mast from
//! `t = -1`; `x = m/2^k` has the walls of the form `{x - 2^-k | x + 2^-k}`, its options' walls
//! made the same way (not masts: a number's walls bend below its temperature), which meet at
//! `t = -2^-k`.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use graph_games::partizan::{Dyadic, Evaluator, FormId, Forms, Rules, Side};
use std::cmp::Ordering;
use std::collections::HashMap;

/// An exact fraction `n / d`, `d > 0`, reduced.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Q {
    pub n: i128,
    pub d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Q {
    pub fn new(n: i128, d: i128) -> Q {
        assert!(d != 0);
        let g = gcd(n, d).max(1) * d.signum();
        Q { n: n / g, d: d / g }
    }
    pub fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }
    pub fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    pub fn sub(self, o: Q) -> Q {
        Q::new(self.n * o.d - o.n * self.d, self.d * o.d)
    }
    pub fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    pub fn div(self, o: Q) -> Q {
        Q::new(self.n * o.d, self.d * o.n)
    }
    /// From a `Dyadic`, read from its text (`m` or `m/d`).
    pub fn of(x: &Dyadic) -> Q {
        let text = x.to_string();
        match text.split_once('/') {
            Some((n, d)) => Q::new(n.parse().unwrap(), d.parse().unwrap()),
            None => Q::int(text.parse().unwrap()),
        }
    }
    /// As a `Dyadic` (the denominator is a power of two).
    pub fn dyadic(self) -> Dyadic {
        Dyadic::parse(&if self.d == 1 { format!("{}", self.n) } else { format!("{}/{}", self.n, self.d) })
            .unwrap()
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// A continuous piecewise-linear function on `[-1, inf)`: linear between its vertices (the first
/// at `t = -1`), with slope `tail` after the last.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pl {
    pub vertices: Vec<(Q, Q)>,
    pub tail: Q,
}

impl Pl {
    pub fn constant(x: Q) -> Pl {
        Pl { vertices: vec![(Q::int(-1), x)], tail: Q::int(0) }
    }

    pub fn at(&self, t: Q) -> Q {
        let k = self.vertices.iter().rposition(|&(s, _)| s <= t).unwrap_or(0);
        let (s, v) = self.vertices[k];
        let slope = match self.vertices.get(k + 1) {
            Some(&(s2, v2)) => v2.sub(v).div(s2.sub(s)),
            None => self.tail,
        };
        v.add(slope.mul(t.sub(s)))
    }

    /// `self(t) + c·t`.
    pub fn plus_line(&self, c: i128) -> Pl {
        let c = Q::int(c);
        let vertices = self.vertices.iter().map(|&(t, v)| (t, v.add(c.mul(t)))).collect();
        Pl { vertices, tail: self.tail.add(c) }
    }

    /// Without the vertices on the line through their neighbours.
    pub fn simplified(mut self) -> Pl {
        let mut out: Vec<(Q, Q)> = Vec::new();
        for k in 0..self.vertices.len() {
            let (t, v) = self.vertices[k];
            if out.last().map_or(false, |&(s, _)| s == t) {
                continue;
            }
            let keep = match (out.last(), self.vertices.get(k + 1)) {
                (None, _) => true,
                (Some(&(s0, v0)), Some(&(t2, v2))) => v.sub(v0).div(t.sub(s0)) != v2.sub(v).div(t2.sub(t)),
                (Some(&(s0, v0)), None) => v.sub(v0).div(t.sub(s0)) != self.tail,
            };
            if keep {
                out.push((t, v));
            }
        }
        self.vertices = out;
        self
    }
}

/// The larger (`larger`) or smaller of `a` and `b` at every `t`: a vertex at every breakpoint of
/// either and at every crossing between two consecutive ones.
pub fn extreme(a: &Pl, b: &Pl, larger: bool) -> Pl {
    let pick = |x: Q, y: Q| if larger { x.max(y) } else { x.min(y) };
    let mut points: Vec<Q> = a.vertices.iter().chain(&b.vertices).map(|&(t, _)| t).collect();
    points.sort();
    points.dedup();
    let last = *points.last().unwrap();
    // Past the last breakpoint both are lines: a point far enough to see which one is ahead.
    let far = last.add(Q::int(1));
    let mut with_crossings = points.clone();
    for k in 0..points.len() {
        let (p, q) = (points[k], points.get(k + 1).copied().unwrap_or(far));
        let (dp, dq) = (a.at(p).sub(b.at(p)), a.at(q).sub(b.at(q)));
        if (dp.n > 0 && dq.n < 0) || (dp.n < 0 && dq.n > 0) {
            // d is linear on [p, q]: it is zero at p + dp (q - p) / (dp - dq).
            with_crossings.push(p.add(dp.mul(q.sub(p)).div(dp.sub(dq))));
        }
    }
    // Beyond `far` they cannot cross again unless they did not cross by `far`: add that point too.
    let (df, slopes) = (a.at(far).sub(b.at(far)), a.tail.sub(b.tail));
    if df.n != 0 && slopes.n != 0 && (df.n > 0) != (slopes.n > 0) {
        with_crossings.push(far.sub(df.div(slopes)));
    }
    with_crossings.sort();
    with_crossings.dedup();
    let vertices: Vec<(Q, Q)> = with_crossings.iter().map(|&t| (t, pick(a.at(t), b.at(t)))).collect();
    // The tail: whichever is ahead past every crossing, or on a tie the one that pulls ahead.
    let end = with_crossings.last().unwrap().add(Q::int(1));
    let (va, vb) = (a.at(end), b.at(end));
    let tail = if va == vb {
        pick(a.tail, b.tail)
    } else if (va > vb) == larger {
        a.tail
    } else {
        b.tail
    };
    Pl { vertices, tail }.simplified()
}

/// The least `t >= -1` with `left(t) <= right(t)`: `(t, left(t))`.
pub fn meeting(left: &Pl, right: &Pl) -> (Q, Q) {
    let mut points: Vec<Q> = left.vertices.iter().chain(&right.vertices).map(|&(t, _)| t).collect();
    points.sort();
    points.dedup();
    let gap = |t: Q| left.at(t).sub(right.at(t));
    if gap(points[0]) <= Q::int(0) {
        return (points[0], left.at(points[0]));
    }
    for w in points.windows(2) {
        let (p, q) = (w[0], w[1]);
        if gap(q) <= Q::int(0) {
            let t = p.add(gap(p).mul(q.sub(p)).div(gap(p).sub(gap(q))));
            return (t, left.at(t));
        }
    }
    let p = *points.last().unwrap();
    let closing = right.tail.sub(left.tail);
    assert!(closing > Q::int(0), "walls that never meet");
    let t = p.add(gap(p).div(closing));
    (t, left.at(t))
}

/// `wall` up to `tau`, then the mast at `mean`.
pub fn up_to(wall: &Pl, tau: Q, mean: Q) -> Pl {
    let mut vertices: Vec<(Q, Q)> = wall.vertices.iter().copied().filter(|&(t, _)| t < tau).collect();
    vertices.push((tau, mean));
    Pl { vertices, tail: Q::int(0) }.simplified()
}

/// A form's thermograph by the oracle: both walls, its temperature and mean.
#[derive(Clone, Debug)]
pub struct Walls {
    pub left: Pl,
    pub right: Pl,
    pub temperature: Q,
    pub mean: Q,
}

/// The oracle (module doc), memoised by form.
#[derive(Default)]
pub struct Oracle {
    known: HashMap<FormId, Walls>,
    stops: HashMap<FormId, (Q, Q)>,
}

impl Oracle {
    pub fn walls(&mut self, f: &Forms, g: FormId) -> Walls {
        if let Some(x) = f.as_number(g) {
            return number_walls(Q::of(x));
        }
        if let Some(w) = self.known.get(&g) {
            return w.clone();
        }
        let mut scaffold = [None, None];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for &o in f.options_of(g, side) {
                let w = self.walls(f, o);
                let taxed = if side == Side::Left { w.right.plus_line(-1) } else { w.left.plus_line(1) };
                scaffold[k] = Some(match scaffold[k].take() {
                    None => taxed,
                    Some(best) => extreme(&best, &taxed, side == Side::Left),
                });
            }
        }
        let [left, right] = scaffold.map(|s| s.expect("a form that is not a number has options"));
        let (temperature, mean) = meeting(&left, &right);
        let w = Walls {
            left: up_to(&left, temperature, mean),
            right: up_to(&right, temperature, mean),
            temperature,
            mean,
        };
        self.known.insert(g, w.clone());
        w
    }

    /// The stops by their definition: a number's are itself; else the best stop of an option,
    /// the other side's, for the side to move.
    pub fn stops(&mut self, f: &Forms, g: FormId) -> (Q, Q) {
        if let Some(x) = f.as_number(g) {
            return (Q::of(x), Q::of(x));
        }
        if let Some(&s) = self.stops.get(&g) {
            return s;
        }
        let left = f.left(g).iter().map(|&o| self.stops(f, o).1).max().unwrap();
        let right = f.right(g).iter().map(|&o| self.stops(f, o).0).min().unwrap();
        self.stops.insert(g, (left, right));
        (left, right)
    }
}

/// A number's walls (module doc): an integer's a mast from `t = -1`; `x = m/2^k` those of the form
/// `{x - 2^-k | x + 2^-k}`, from its options' own walls (numbers with smaller denominators: the
/// recursion is as deep as `k`).
pub fn number_walls(x: Q) -> Walls {
    if x.d == 1 {
        return Walls { left: Pl::constant(x), right: Pl::constant(x), temperature: Q::int(-1), mean: x };
    }
    let step = Q::new(1, x.d);
    let (below, above) = (number_walls(x.sub(step)), number_walls(x.add(step)));
    let (left, right) = (below.right.plus_line(-1), above.left.plus_line(1));
    let (temperature, mean) = meeting(&left, &right);
    Walls {
        left: up_to(&left, temperature, mean),
        right: up_to(&right, temperature, mean),
        temperature,
        mean,
    }
}

/// Domineering on a board of at most 4 x 4 cells: `(rows, cols, empty cells as bits)`; Left places
/// vertical dominoes, Right horizontal ones.
pub struct Domineering;

impl Rules for Domineering {
    type Position = (u8, u8, u16);
    fn moves(&self, &(rows, cols, empty): &(u8, u8, u16), side: Side, list: &mut Vec<(u8, u8, u16)>) {
        let (rows, cols) = (rows as usize, cols as usize);
        let (di, dj) = if side == Side::Left { (1, 0) } else { (0, 1) };
        for i in 0..rows - di {
            for j in 0..cols - dj {
                let pair = 1u16 << (i * cols + j) | 1u16 << ((i + di) * cols + j + dj);
                if empty & pair == pair {
                    list.push((rows as u8, cols as u8, empty & !pair));
                }
            }
        }
    }
}

/// Toads and Frogs: a strip of `T` (Left's, moving right), `F` (Right's, moving left), `.`; a
/// creature steps into the empty cell next to it, or jumps one of the other kind into the empty
/// cell beyond.
pub struct ToadsFrogs;

impl Rules for ToadsFrogs {
    type Position = Vec<u8>;
    fn moves(&self, strip: &Vec<u8>, side: Side, list: &mut Vec<Vec<u8>>) {
        let (mine, theirs, step) = if side == Side::Left { (b'T', b'F', 1isize) } else { (b'F', b'T', -1) };
        let cell =
            |i: isize| if i >= 0 && (i as usize) < strip.len() { Some(strip[i as usize]) } else { None };
        for i in 0..strip.len() as isize {
            if cell(i) != Some(mine) {
                continue;
            }
            let to = if cell(i + step) == Some(b'.') {
                i + step
            } else if cell(i + step) == Some(theirs) && cell(i + 2 * step) == Some(b'.') {
                i + 2 * step
            } else {
                continue;
            };
            let mut next = strip.clone();
            next.swap(i as usize, to as usize);
            list.push(next);
        }
    }
}

/// The distinct values of every filling (subset of cells) of every board up to 4 x 4.
pub fn domineering_values(f: &mut Forms) -> Vec<FormId> {
    let shapes: Vec<(u8, u8)> = (1..=4).flat_map(|rows| (1..=4).map(move |cols| (rows, cols))).collect();
    domineering_values_of(f, &shapes)
}

/// The distinct values of every filling of boards of the shapes `(rows, cols)` (at most 16 cells).
pub fn domineering_values_of(f: &mut Forms, shapes: &[(u8, u8)]) -> Vec<FormId> {
    let mut evaluator = Evaluator::new(Domineering);
    let mut values = Vec::new();
    for &(rows, cols) in shapes {
        for empty in 0..1u32 << (rows * cols) {
            values.push(evaluator.value(f, (rows, cols, empty as u16)).unwrap());
        }
    }
    distinct(values)
}

/// The distinct values of every strip of `T`, `F`, `.` of 1 to 8 cells.
pub fn toads_frogs_values(f: &mut Forms) -> Vec<FormId> {
    let mut evaluator = Evaluator::new(ToadsFrogs);
    let mut values = Vec::new();
    for len in 1..=8u32 {
        for code in 0..3usize.pow(len) {
            let strip: Vec<u8> = (0..len).map(|i| b"TF."[code / 3usize.pow(i) % 3]).collect();
            values.push(evaluator.value(f, strip).unwrap());
        }
    }
    distinct(values)
}

/// Forms made by `Forms::make` from one to three options a side drawn among the earlier ones (a
/// seed of numbers, `*`, `^` and switches), `count` of them distinct.
pub fn random_values(f: &mut Forms, seed: u64, count: usize) -> Vec<FormId> {
    let mut state = seed;
    let mut next = move |bound: usize| {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % bound as u64) as usize
    };
    let mut pool: Vec<FormId> =
        ["0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4", "-3/2", "*", "^", "+-1", "{2|1/2}"]
            .iter()
            .map(|text| f.parse(text).unwrap())
            .collect();
    while pool.len() < count {
        let mut sides = [Vec::new(), Vec::new()];
        for side in &mut sides {
            for _ in 0..1 + next(3) {
                // Recent forms more often: deeper thermographs.
                let k =
                    if next(2) == 0 { next(pool.len()) } else { pool.len() - 1 - next(pool.len().min(30)) };
                side.push(pool[k]);
            }
        }
        let g = f.make(&sides[0], &sides[1]).unwrap();
        if !pool.contains(&g) {
            pool.push(g);
        }
    }
    pool
}

fn distinct(mut values: Vec<FormId>) -> Vec<FormId> {
    values.sort_by_key(|g| g.index());
    values.dedup();
    values
}
