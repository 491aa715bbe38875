//! Printing forms in CGSuite's ASCII notation ([`Forms::show`]); reading it back is in parse.rs.
//!
//! Invariant: the text printed for a form reads back ([`Forms::parse`]) as that very form, and is
//! the text CGSuite prints for it (but for Tiny and Miny, printed here as braces). The rules,
//! CGSuite's (its `CanonicalShortGame.appendTo`, `Uptimal.appendTo`):
//! - a number as `5`, `-3/2`; a form `x + n·^ + *m` (an *uptimal*) as the number (left out when
//!   0), the ups (`^`, `^^`, `^3`, ...; `v`, `vv`, `v3`, ...), the nimber (`*`, `*2`, ...), with no
//!   `+` between: `6^*`, `^*6`, `73/16v9*8`;
//! - a switch (a form equal to its negative, `{G^L | -G^L}`) as `+-` and its Left options: `+-1`,
//!   `+-(1*)` (one uptimal option in parentheses), `+-{2|1}`, `+-{1,*}` (several, in braces);
//! - any other form as `{L|R}`, options separated by `,`, sorted as CGSuite sorts them (numbers by
//!   value, then nimbers, then uptimals, then the rest by their sorted options). An option alone on
//!   its side is printed without braces, and its parent then takes one more bar than it has
//!   (`{0||0|v*}` is `{0 | {0 | v*}}`); a form that would take 4 bars keeps its braces (and 4 bars).
//!
//! A form is recognised as an uptimal exactly, from the canonical forms of uptimals (proved in the
//! tests against forms built with [`Forms::sum`]), by uptimal.rs's recogniser, the one sums.rs
//! adds uptimals with. Since every option of an uptimal is one, the forms are classified children
//! first (options before the forms that have them), each one's parts kept in the layout of the
//! printing. A switch is found the same way: the negative of each follower is looked up among the
//! followers. Nothing recurses: the walk is [`Forms::followers_in_order`], the printing an explicit
//! stack of pieces to write.

use super::dyadic::Dyadic;
use super::forms::{reserve, reserve_entry, reserve_one, FormId, Forms};
use super::hash::FastMap;
use crate::input::{out_of_memory, Error};
use crate::memory::check_memory;
use std::cmp::Ordering;
use std::convert::TryFrom;

/// What a form prints as (module doc).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Number,
    /// `number + ups·^ + *nim`, not a number; `number` is the id of a number form.
    Uptimal {
        number: FormId,
        ups: i64,
        nim: u64,
    },
    /// A form equal to its negative, not an uptimal.
    Switch,
    General,
}

/// Each follower's kind, and for the other forms the options sorted as CGSuite prints them.
pub(crate) struct Layout {
    pub(crate) kinds: FastMap<FormId, Kind>,
    /// Left options then Right options, sorted (module doc), for the forms neither numbers nor
    /// uptimals: at `sorted_at[g]` in `sorted` (one vector for all: one growth check per doubling).
    sorted_at: FastMap<FormId, usize>,
    sorted: Vec<FormId>,
    /// The bars a general form takes when printed without braces (module doc).
    bars: FastMap<FormId, u32>,
}

/// CGSuite's limit: a form that would take this many bars keeps its braces.
const MAX_BARS: u32 = 4;

/// One piece of output on the printing stack.
enum Piece {
    Text(&'static str),
    Bars(u32),
    Form { g: FormId, braces: bool, parens: bool },
}

impl Forms {
    /// The form in CGSuite's notation (module doc). Panics only when memory runs out: a program
    /// that prints what its input made uses [`Forms::try_show`].
    pub fn show(&self, g: FormId) -> String {
        match self.try_show(g) {
            Ok(text) => text,
            Err(e) => panic!("{}", e),
        }
    }

    /// The form in CGSuite's notation, or an error when memory runs out.
    pub fn try_show(&self, g: FormId) -> Result<String, Error> {
        let layout = self.layout(g)?;
        let mut out = String::new();
        self.write_shown(g, &layout, &mut out, usize::MAX)?;
        Ok(out)
    }

    /// The forms `gs` in CGSuite's notation, a line each (the text, then `\n`), or `None` when
    /// that would take more than `max_bytes` bytes; an error when memory runs out. One layout
    /// serves them all, so that their followers are classified once, not once per form: the
    /// time is linear in the followers and in the text written, which stops once past
    /// `max_bytes` (a form whose text is exponential in its size is not written out to be
    /// measured).
    pub fn try_show_lines(&self, gs: &[FormId], max_bytes: usize) -> Result<Option<String>, Error> {
        let layout = self.layout_of(gs)?;
        // The numbers' texts alone, each at its least, may already be too long: refused before
        // any is written (their digits cost time quadratic in their count).
        let mut least = 0usize;
        for &g in gs {
            let number = match layout.kind(self, g) {
                Kind::Number => g,
                Kind::Uptimal { number, .. } => number,
                _ => continue,
            };
            least = least.saturating_add(least_text_len(self.as_number(number).expect("a number")) + 1);
        }
        if least > max_bytes {
            return Ok(None);
        }
        let mut out = String::new();
        for &g in gs {
            if !self.write_shown(g, &layout, &mut out, max_bytes)? {
                return Ok(None);
            }
            push_text(&mut out, "\n")?;
        }
        Ok(if out.len() > max_bytes { None } else { Some(out) })
    }

    /// Appends `g`'s text to `out`, its followers' kinds in `layout`; `false` as soon as `out`
    /// holds more than `max_bytes` bytes (each piece of the text checked once written).
    fn write_shown(
        &self,
        g: FormId,
        layout: &Layout,
        out: &mut String,
        max_bytes: usize,
    ) -> Result<bool, Error> {
        let mut stack = vec![Piece::Form { g, braces: true, parens: false }];
        while let Some(piece) = stack.pop() {
            match piece {
                Piece::Text(text) => push_text(out, text)?,
                Piece::Bars(n) => {
                    for _ in 0..n {
                        push_text(out, "|")?;
                    }
                }
                Piece::Form { g, braces, parens } => {
                    let room = max_bytes.saturating_sub(out.len());
                    if !self.write_form(g, braces, parens, layout, out, &mut stack, room)? {
                        return Ok(false);
                    }
                }
            }
            if out.len() > max_bytes {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Writes what `g` prints as by itself, and pushes its options (last first) onto `stack`;
    /// `false`, with nothing written, when its number's text would take more than `room` bytes
    /// (known from the number's size: its decimal digits cost time quadratic in their count,
    /// which a text that is refused need not pay).
    #[allow(clippy::too_many_arguments)]
    fn write_form(
        &self,
        g: FormId,
        braces: bool,
        parens: bool,
        layout: &Layout,
        out: &mut String,
        stack: &mut Vec<Piece>,
        room: usize,
    ) -> Result<bool, Error> {
        let kind = layout.kind(self, g);
        let written = match kind {
            Kind::Number => {
                let x = self.as_number(g).expect("a number");
                if least_text_len(x) > room {
                    return Ok(false);
                }
                push_text(out, &x.try_to_text()?)
            }
            Kind::Uptimal { number, ups, nim } => {
                let x = self.as_number(number).expect("a number");
                if least_text_len(x) > room {
                    return Ok(false);
                }
                // Parentheses where asked, but never around a nimber or a multiple of up.
                let parens = parens && (!x.is_zero() || (ups != 0 && nim != 0));
                let text = uptimal_text(x, ups, nim)?;
                if parens {
                    push_text(out, &format!("({text})"))
                } else {
                    push_text(out, &text)
                }
            }
            Kind::Switch => {
                push_text(out, "+-")?;
                let sorted = layout.sorted_options(self, g);
                let left = &sorted[..self.left(g).len()];
                let several = left.len() > 1;
                reserve(stack, 2 * left.len() + 2, "the text of a form")?;
                if several {
                    stack.push(Piece::Text("}"));
                }
                for (k, &h) in left.iter().enumerate().rev() {
                    stack.push(Piece::Form { g: h, braces: true, parens: !several });
                    if k > 0 {
                        stack.push(Piece::Text(","));
                    }
                }
                if several {
                    stack.push(Piece::Text("{"));
                }
                Ok(())
            }
            Kind::General => {
                let bars = layout.bars[&g];
                let braces = braces || bars == MAX_BARS;
                let sorted = layout.sorted_options(self, g);
                let (left, right) = sorted.split_at(self.left(g).len());
                reserve(stack, 2 * sorted.len() + 3, "the text of a form")?;
                if braces {
                    stack.push(Piece::Text("}"));
                }
                for (side, list) in [(1, right), (0, left)] {
                    for (k, &h) in list.iter().enumerate().rev() {
                        stack.push(Piece::Form { g: h, braces: list.len() > 1, parens: false });
                        if k > 0 {
                            stack.push(Piece::Text(","));
                        }
                    }
                    if side == 1 {
                        stack.push(Piece::Bars(bars));
                    }
                }
                if braces {
                    push_text(out, "{")?;
                }
                Ok(())
            }
        };
        written.map(|()| true)
    }

    /// The kinds, sorted options and bars of `g`'s followers (module doc), children first.
    pub(crate) fn layout(&self, g: FormId) -> Result<Layout, Error> {
        self.layout_of(&[g])
    }

    /// [`Forms::layout`] of the followers of all of `roots`: a form's kind and its options'
    /// order depend on the form alone, so one layout serves each root as its own would.
    fn layout_of(&self, roots: &[FormId]) -> Result<Layout, Error> {
        let order = self.followers_of_all(roots)?;
        let mut layout = Layout {
            kinds: FastMap::default(),
            sorted_at: FastMap::default(),
            sorted: Vec::new(),
            bars: FastMap::default(),
        };
        let mut list_sorted = Vec::new();
        let mut minus = Vec::new();
        let negatives = self.negatives(&order)?;
        for &h in &order {
            let uptimal = self.uptimal_from_options(h, |o| match layout.kind(self, o) {
                Kind::Uptimal { number, ups, nim } => Some((number, ups, nim)),
                _ => None,
            });
            let kind = match uptimal {
                Some((number, ups, nim)) => Kind::Uptimal { number, ups, nim },
                None => {
                    let (left, right) = (self.left(h), self.right(h));
                    minus.clear();
                    reserve(&mut minus, left.len(), "the negatives of the options")?;
                    minus.extend(left.iter().filter_map(|o| negatives.get(o).copied()));
                    minus.sort_unstable();
                    if minus.len() == left.len() && minus == right {
                        Kind::Switch
                    } else {
                        Kind::General
                    }
                }
            };
            reserve_entry(&mut layout.kinds)?;
            layout.kinds.insert(h, kind);
            if let Kind::Uptimal { .. } = kind {
                continue;
            }
            let at = layout.sorted.len();
            let mut bars = 1;
            for list in [self.left(h), self.right(h)] {
                list_sorted.clear();
                reserve(&mut list_sorted, list.len(), "the options of a form")?;
                list_sorted.extend_from_slice(list);
                list_sorted.sort_by(|&a, &b| layout.order(self, a, b));
                reserve(&mut layout.sorted, list.len(), "the options of a form")?;
                layout.sorted.extend_from_slice(&list_sorted);
                if list.len() == 1 {
                    bars = bars.max(layout.bars_without_braces(list[0]) + 1);
                }
            }
            reserve_entry(&mut layout.sorted_at)?;
            layout.sorted_at.insert(h, at);
            if kind == Kind::General {
                reserve_entry(&mut layout.bars)?;
                layout.bars.insert(h, bars);
            }
        }
        Ok(layout)
    }

    /// For each form in `order` (children first) whose negative is among the followers (or is a
    /// number), that negative.
    fn negatives(&self, order: &[FormId]) -> Result<FastMap<FormId, FormId>, Error> {
        let mut by_options: FastMap<(&[FormId], &[FormId]), FormId> = FastMap::default();
        let mut numbers: FastMap<&Dyadic, FormId> = FastMap::default();
        for &h in order {
            reserve_entry(&mut by_options)?;
            by_options.insert((self.left(h), self.right(h)), h);
            for &o in self.left(h).iter().chain(self.right(h)) {
                if let Some(x) = self.as_number(o) {
                    reserve_entry(&mut numbers)?;
                    numbers.insert(x, o);
                }
            }
        }
        let mut negatives: FastMap<FormId, FormId> = FastMap::default();
        for (&x, &o) in &numbers {
            if let Some(&minus) = numbers.get(&x.try_neg()?) {
                reserve_entry(&mut negatives)?;
                negatives.insert(o, minus);
            }
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for &h in order {
            left.clear();
            right.clear();
            for (from, to) in [(self.right(h), &mut left), (self.left(h), &mut right)] {
                for o in from {
                    if let Some(&minus) = negatives.get(o) {
                        reserve_one(to, "the negatives of the options")?;
                        to.push(minus);
                    }
                }
            }
            if left.len() != self.right(h).len() || right.len() != self.left(h).len() {
                continue;
            }
            left.sort_unstable();
            right.sort_unstable();
            if let Some(&minus) = by_options.get(&(&left[..], &right[..])) {
                reserve_entry(&mut negatives)?;
                negatives.insert(h, minus);
            }
        }
        Ok(negatives)
    }
}

impl Layout {
    pub(crate) fn kind(&self, forms: &Forms, g: FormId) -> Kind {
        if forms.is_number(g) {
            Kind::Number
        } else {
            self.kinds[&g]
        }
    }

    /// The options of `g` (not a number nor an uptimal), Left's then Right's, sorted.
    fn sorted_options(&self, forms: &Forms, g: FormId) -> &[FormId] {
        let at = self.sorted_at[&g];
        &self.sorted[at..at + forms.left(g).len() + forms.right(g).len()]
    }

    /// The bars `g` passes to its parent when printed alone on its side, without braces.
    fn bars_without_braces(&self, g: FormId) -> u32 {
        match self.bars.get(&g) {
            Some(&n) if n < MAX_BARS => n,
            _ => 0,
        }
    }

    /// CGSuite's order of options (module doc): numbers, nimbers, other uptimals, the rest. Two
    /// general forms compare as their first differing options, which is a loop, not a recursion:
    /// distinct forms never compare equal.
    fn order(&self, forms: &Forms, mut a: FormId, mut b: FormId) -> Ordering {
        loop {
            if a == b {
                return Ordering::Equal;
            }
            let (ka, kb) = (self.kind(forms, a), self.kind(forms, b));
            let class = |k: Kind| match k {
                Kind::Number => 0,
                Kind::Uptimal { number, ups: 0, .. } if number == Forms::ZERO => 1,
                Kind::Uptimal { .. } => 2,
                _ => 3,
            };
            let (ca, cb) = (class(ka), class(kb));
            if ca != cb {
                return ca.cmp(&cb);
            }
            match (ka, kb) {
                (Kind::Number, Kind::Number) => return forms.as_number(a).cmp(&forms.as_number(b)),
                (
                    Kind::Uptimal { number: x, ups: u, nim: m },
                    Kind::Uptimal { number: y, ups: v, nim: n },
                ) => {
                    let by_number = forms.as_number(x).cmp(&forms.as_number(y));
                    let by_ups = if u != 0 && v != 0 { u.cmp(&v) } else { Ordering::Equal };
                    return by_number.then(by_ups).then((u != 0).cmp(&(v != 0))).then(m.cmp(&n));
                }
                _ => {}
            }
            let (sa, sb) = (self.sorted_options(forms, a), self.sorted_options(forms, b));
            let (la, lb) = (forms.left(a).len(), forms.left(b).len());
            let (left_a, right_a) = sa.split_at(la);
            let (left_b, right_b) = sb.split_at(lb);
            match first_difference(left_a, left_b).or_else(|| first_difference(right_a, right_b)) {
                Some(Ok((c, d))) => {
                    a = c;
                    b = d;
                }
                Some(Err(by_length)) => return by_length,
                None => return Ordering::Equal,
            }
        }
    }
}

/// The first pair of different ids at one position, or how the lengths compare when one list is
/// the start of the other, or `None` when the lists are the same.
fn first_difference(a: &[FormId], b: &[FormId]) -> Option<Result<(FormId, FormId), Ordering>> {
    for (&x, &y) in a.iter().zip(b) {
        if x != y {
            return Some(Ok((x, y)));
        }
    }
    match a.len().cmp(&b.len()) {
        Ordering::Equal => None,
        by_length => Some(Err(by_length)),
    }
}

/// `x + ups·^ + *nim` as CGSuite writes it (module doc).
fn uptimal_text(x: &Dyadic, ups: i64, nim: u64) -> Result<String, Error> {
    let mut text = String::new();
    if !x.is_zero() || (ups == 0 && nim == 0) {
        text = x.try_to_text()?;
    }
    match ups {
        0 => {}
        1 => text.push('^'),
        2 => text.push_str("^^"),
        -1 => text.push('v'),
        -2 => text.push_str("vv"),
        n if n > 0 => text.push_str(&format!("^{n}")),
        n => text.push_str(&format!("v{}", n.unsigned_abs())),
    }
    match nim {
        0 => {}
        1 => text.push('*'),
        m => text.push_str(&format!("*{m}")),
    }
    Ok(text)
}

/// Appends `text` to `out`, its growth checked (the contract: no abort).
fn push_text(out: &mut String, text: &str) -> Result<(), Error> {
    if out.capacity() - out.len() < text.len() {
        let target = (out.capacity() * 2).max(out.len() + text.len()).max(64);
        let what = "the text of a form";
        out.try_reserve_exact(target - out.len()).map_err(|_| out_of_memory(target as u128, what))?;
        check_memory(target as u128 / 8 + (1 << 20), what)?;
    }
    out.push_str(text);
    Ok(())
}

/// A lower bound on the bytes of `x`'s text: `m/2^k` takes at least the digits of `2^k`, at
/// least `k·3/10 + 1` as `log10 2 > 3/10`, a slash and a digit; an integer of `b` bits is at
/// least `2^(b-1)`, so at least `(b-1)·3/10 + 1` digits.
fn least_text_len(x: &Dyadic) -> usize {
    let tenths = |bits: u64| usize::try_from(bits / 10 * 3).unwrap_or(usize::MAX);
    match x.exponent() {
        0 => tenths(x.numerator().bit_len().saturating_sub(1)).saturating_add(1),
        k => tenths(k).saturating_add(3),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::bigint::BigInt;
    use super::*;
    use crate::rng::Rng;

    /// The bound that refuses a text unwritten is never above the text: odd numerators of many
    /// sizes over powers of two up to 2^3000, and integers up to 3000 bits (the decimal text by
    /// `Display`, which the library's own tests check against i128 and python).
    #[test]
    fn least_text_len_is_at_most_the_text() {
        let mut rng = Rng::new(17);
        for _ in 0..400 {
            let bits = rng.below(3000);
            let numerator = BigInt::from_u64(rng.below(u64::MAX) | 1).shl(bits);
            let numerator = if rng.below(2) == 0 { numerator } else { numerator.neg() };
            let exponent = if rng.below(2) == 0 { 0 } else { rng.below(3000) };
            let x = Dyadic::from_parts(numerator, exponent);
            let text = x.to_string();
            assert!(least_text_len(&x) <= text.len(), "{} bytes, bound {}", text.len(), least_text_len(&x));
        }
        assert_eq!(least_text_len(&Dyadic::zero()), 1);
    }

    fn num(f: &mut Forms, text: &str) -> FormId {
        f.number(Dyadic::parse(text).unwrap()).unwrap()
    }

    /// `*m` made through `make` (dominated and reversible options removed by the general rules).
    fn made_nimber(f: &mut Forms, m: u64) -> FormId {
        let mut options = vec![Forms::ZERO];
        let mut g = Forms::ZERO;
        for _ in 0..m {
            g = f.make(&options, &options).unwrap();
            options.push(g);
        }
        g
    }

    /// `x + ups·^ + *nim` added up with `sum` from `^ = {0|*}` made by `make`: the oracle.
    fn summed_uptimal(f: &mut Forms, x: &str, ups: i64, nim: u64) -> FormId {
        let star = made_nimber(f, 1);
        let up = f.make(&[Forms::ZERO], &[star]).unwrap();
        let arrow = if ups < 0 { f.neg(up).unwrap() } else { up };
        let mut g = num(f, x);
        for _ in 0..ups.unsigned_abs() {
            g = f.sum(g, arrow).unwrap();
        }
        let nimber = made_nimber(f, nim);
        f.sum(g, nimber).unwrap()
    }

    #[test]
    fn uptimals_are_recognised_as_sums_make_them_and_printed_as_cgsuite_does() {
        let mut f = Forms::new();
        for x in ["0", "1", "-3/2", "73/16"] {
            for ups in -5i64..=5 {
                for nim in 0..=9 {
                    let g = summed_uptimal(&mut f, x, ups, nim);
                    // The constructor (canonical forms by formula) agrees with the sums.
                    assert_eq!(
                        f.uptimal(&Dyadic::parse(x).unwrap(), ups, nim).unwrap(),
                        g,
                        "{x} {ups} {nim}"
                    );
                    let layout = f.layout(g).unwrap();
                    let kind = layout.kind(&f, g);
                    if ups == 0 && nim == 0 {
                        assert_eq!(kind, Kind::Number);
                        continue;
                    }
                    let number = num(&mut f, x);
                    assert_eq!(kind, Kind::Uptimal { number, ups, nim }, "{x} {ups} {nim}");
                }
            }
        }
        let text = |f: &mut Forms, x: &str, ups: i64, nim: u64| {
            let g = summed_uptimal(f, x, ups, nim);
            f.show(g)
        };
        assert_eq!(text(&mut f, "6", 1, 1), "6^*");
        assert_eq!(text(&mut f, "0", 1, 6), "^*6");
        assert_eq!(text(&mut f, "73/16", -9, 8), "73/16v9*8");
        assert_eq!(text(&mut f, "73/16", -8, 9), "73/16v8*9");
        assert_eq!(text(&mut f, "0", -1, 1), "v*");
        assert_eq!(text(&mut f, "0", 2, 0), "^^");
        assert_eq!(text(&mut f, "0", -2, 3), "vv*3");
        assert_eq!(text(&mut f, "0", 3, 0), "^3");
        assert_eq!(text(&mut f, "-3/2", 0, 1), "-3/2*");
        assert_eq!(text(&mut f, "0", 0, 8), "*8");
        assert_eq!(text(&mut f, "5", 0, 0), "5");
        assert_eq!(text(&mut f, "-3/2", 0, 0), "-3/2");
    }

    /// Random forms: options drawn from the forms made so far, made canonical by `make`.
    pub(crate) fn random_forms(f: &mut Forms, rng: &mut Rng, count: usize) -> Vec<FormId> {
        let mut pool = vec![Forms::ZERO];
        for x in ["1", "-1", "1/2", "-3/4", "2"] {
            pool.push(num(f, x));
        }
        let star = made_nimber(f, 1);
        pool.push(star);
        while pool.len() < count {
            if rng.chance(1, 6) {
                let h = *rng.pick(&pool);
                let minus = f.neg(h).unwrap();
                let switch = f.make(&[h], &[minus]).unwrap();
                pool.push(switch);
                continue;
            }
            let mut sides = [Vec::new(), Vec::new()];
            for side in &mut sides {
                for _ in 0..rng.below(3) {
                    side.push(*rng.pick(&pool));
                }
            }
            let g = f.make(&sides[0], &sides[1]).unwrap();
            pool.push(g);
        }
        pool
    }

    #[test]
    fn every_uptimal_and_switch_found_among_random_forms_is_one() {
        let mut f = Forms::new();
        let mut rng = Rng::new(45);
        let forms = random_forms(&mut f, &mut rng, 400);
        let (mut uptimals, mut switches, mut general) = (0, 0, 0);
        for &g in &forms {
            let layout = f.layout(g).unwrap();
            let minus = f.neg(g).unwrap();
            match layout.kind(&f, g) {
                Kind::Number => assert!(f.is_number(g)),
                Kind::Uptimal { number, ups, nim } => {
                    let x = f.as_number(number).unwrap().to_string();
                    assert_eq!(summed_uptimal(&mut f, &x, ups, nim), g);
                    uptimals += 1;
                }
                Kind::Switch => {
                    assert_eq!(minus, g);
                    switches += 1;
                }
                Kind::General => {
                    assert_ne!(minus, g);
                    general += 1;
                }
            }
        }
        assert!(uptimals > 10 && switches > 3 && general > 50, "{uptimals} {switches} {general}");
    }

    #[test]
    fn bars_nest_up_to_four_then_braces() {
        let mut f = Forms::new();
        let mut g = num(&mut f, "0");
        let mut shown = Vec::new();
        for k in 1..=5 {
            let x = num(&mut f, &k.to_string());
            g = f.make(&[x], &[g]).unwrap();
            shown.push(f.show(g));
        }
        assert_eq!(
            shown,
            ["{1|0}", "{2||1|0}", "{3|||2||1|0}", "{4||||3|||2||1|0}", "{5|{4||||3|||2||1|0}}"]
        );
        // Several options on a side are each in braces; a switch is `+-`.
        let one = num(&mut f, "1");
        let minus_one = num(&mut f, "-1");
        let switch = f.make(&[one], &[minus_one]).unwrap();
        assert_eq!(f.show(switch), "+-1");
        let two = num(&mut f, "2");
        let half = num(&mut f, "-1/2");
        let hot = f.make(&[two], &[half]).unwrap();
        assert_eq!(f.show(hot), "{2|-1/2}");
        let star = made_nimber(&mut f, 1);
        let up = f.make(&[Forms::ZERO], &[star]).unwrap();
        let minus_five = f.integer(-5).unwrap();
        let right = f.make(&[minus_one], &[minus_five]).unwrap();
        let g = f.make(&[hot, switch, up], &[right]).unwrap();
        // +-1 <= {2|-1/2} goes; the Left options are several, each in braces, the Right one
        // alone without, hence two bars.
        assert_eq!(f.show(g), "{^,{2|-1/2}||-1|-5}");
        let one_star = f.sum(one, star).unwrap();
        let minus = f.neg(one_star).unwrap();
        let g = f.make(&[one_star], &[minus]).unwrap();
        assert_eq!(f.show(g), "+-(1*)");
        let three = num(&mut f, "3");
        let hot = f.make(&[three], &[two]).unwrap();
        let minus = f.neg(hot).unwrap();
        let g = f.make(&[hot], &[minus]).unwrap();
        assert_eq!(f.show(g), "+-{3|2}");
    }

    #[test]
    fn a_form_deeper_than_any_stack_prints() {
        // g_k = {g_(k-1) | -k}: a chain of 10^5 general forms.
        let mut f = Forms::new();
        let mut g = Forms::ZERO;
        for k in 1..=100_000 {
            let x = f.integer(-k).unwrap();
            g = f.make(&[g], &[x]).unwrap();
        }
        let text = f.show(g);
        assert!(text.starts_with("{{"), "{}", &text[..40]);
        // g_4 = {0|-1||-2|||-3||||-4} takes braces; g_5 = {g_4|-5} one bar again; and so on.
        assert!(text.ends_with("}|-99997||-99998|||-99999||||-100000}"), "{}", &text[text.len() - 60..]);
        assert_eq!(text.matches('{').count(), 25_000);
    }
}
