//! Cooling and heating by a dyadic temperature `t`, as Siegel's *Combinatorial Game Theory*
//! (II.5) defines them, on canonical forms.
//!
//! **Cooling** (`G_t`, CGSuite's `G.Cool(t)`), for `t >= 0`: a number is unchanged; otherwise
//! `G_t = {G^L_t - t | G^R_t + t}`, unless that is infinitesimally close to a number at some
//! temperature `t' < t`, in which case `G_t` is that number. The least such `t'` is `G`'s
//! temperature and the number its mean (the thermograph's walls at `t'` are the stops of
//! `{G^L_t' - t' | G^R_t' + t'}`, which meet there: [`Forms::thermograph`]), so a form hotter than
//! `t` is taxed and one colder is its mean. (Siegel's definition goes down to `t = -1`, where
//! cooling a number `m/2^k` by `t < -2^-k` is no longer the identity; CGSuite cools by `t >= 0`
//! only, and so does this.)
//!
//! **Heating** (`∫^t G`, CGSuite's `G.Heat(t)`), for any `t`: a number is unchanged; otherwise
//! `∫^t G = {∫^t G^L + t | ∫^t G^R - t}`, on the canonical form (heating depends on the form: it
//! is defined on forms, and here the canonical one is taken).
//!
//! Invariant: both walk the form with an explicit stack (checked growth), each pair (follower,
//! offset) imaged once (a map): no recursion, a form 10^5 deep works.

use super::dyadic::Dyadic;
use super::forms::{push, reserve_entry, FormId, Forms, Side};
use super::hash::FastMap;
use crate::input::Error;

impl Forms {
    /// `g` cooled by `t >= 0` (module doc): an error for `t < 0`.
    pub fn cool(&mut self, g: FormId, t: &Dyadic) -> Result<FormId, Error> {
        if t.signum() < 0 {
            return Err(Error::new(format!("cooling by {t}: the temperature must be at least 0")));
        }
        // The walls of every follower, for their temperatures and means.
        self.thermograph(g)?;
        self.shifted_image(g, t, Operation::Cool)
    }

    /// `g` heated by `t` (module doc).
    pub fn heat(&mut self, g: FormId, t: &Dyadic) -> Result<FormId, Error> {
        self.shifted_image(g, t, Operation::Heat)
    }

    /// `g` cooled or heated by `t`, as the images `h' + c` of pairs (follower `h`, offset `c`),
    /// `c` a multiple of `t`: `(h + c)_t = {(h^L)_t + (c - t) | (h^R)_t + (c + t)}` when cooling
    /// (and `mean + c` when `h` is colder than `t`), `∫^t h + c = {∫^t h^L + (c + t) | ...}` when
    /// heating, a number `x` giving `x + c`. Carrying the offset down instead of adding it to each
    /// image builds each pair once: a form `n` deep costs `n` pairs, where translating every image
    /// (a sum walks the whole form) would cost `n^2`.
    fn shifted_image(&mut self, g: FormId, t: &Dyadic, operation: Operation) -> Result<FormId, Error> {
        let what = "a cooled or heated form";
        // How the offset moves, in multiples of t, into a Left option (a Right option: the
        // opposite).
        let left_step: i64 = if operation == Operation::Cool { -1 } else { 1 };
        let mut memo: FastMap<(FormId, i64), FormId> = FastMap::default();
        let mut stack: Vec<Frame> = Vec::new();
        let root = match self.image_if_known(g, &Dyadic::zero(), t, operation)? {
            Some(done) => return Ok(done),
            None => Frame::new(g, 0, Dyadic::zero()),
        };
        push(&mut stack, root, what)?;
        loop {
            let top = stack.len() - 1;
            let (h, next) = (stack[top].h, stack[top].next);
            let left_count = self.left(h).len();
            if next == left_count + self.right(h).len() {
                let frame = stack.pop().expect("a frame");
                let mut made = self.make(&frame.images[0], &frame.images[1])?;
                if frame.multiple != 0 && self.is_number(made) {
                    // `{A + c | B + c}` is a number exactly when `{A | B}` is one, and then it
                    // need not be `{A | B} + c` (number translation holds for forms that are not
                    // numbers): made again at offset 0, then `c` added.
                    let redo = Frame {
                        shift: Some((frame.offset, frame.multiple)),
                        ..Frame::new(h, 0, Dyadic::zero())
                    };
                    push(&mut stack, redo, what)?;
                    continue;
                }
                reserve_entry(&mut memo)?;
                memo.insert((frame.h, frame.multiple), made);
                if let Some((offset, multiple)) = frame.shift {
                    let offset = self.number(offset)?;
                    made = self.sum(made, offset)?;
                    reserve_entry(&mut memo)?;
                    memo.insert((frame.h, multiple), made);
                }
                match stack.last_mut() {
                    None => return Ok(made),
                    Some(parent) => {
                        let side = usize::from(parent.next > self.left(parent.h).len());
                        push(&mut parent.images[side], made, what)?;
                    }
                }
                continue;
            }
            stack[top].next += 1;
            let side = usize::from(next >= left_count);
            let o = self.options_of(h, if side == 0 { Side::Left } else { Side::Right })
                [if side == 0 { next } else { next - left_count }];
            let step = if side == 0 { left_step } else { -left_step };
            let multiple = stack[top].multiple + step;
            let offset =
                if step > 0 { stack[top].offset.try_add(t)? } else { stack[top].offset.try_sub(t)? };
            let known = match memo.get(&(o, multiple)) {
                Some(&done) => Some(done),
                None => self.image_if_known(o, &offset, t, operation)?,
            };
            match known {
                Some(done) => push(&mut stack[top].images[side], done, what)?,
                None => push(&mut stack, Frame::new(o, multiple, offset), what)?,
            }
        }
    }

    /// The image of `(h, offset)` when it needs no options: `x + offset` for a number `x`, and
    /// `mean + offset` when cooling a form colder than `t`.
    fn image_if_known(
        &mut self,
        h: FormId,
        offset: &Dyadic,
        t: &Dyadic,
        operation: Operation,
    ) -> Result<Option<FormId>, Error> {
        if let Some(x) = self.as_number(h) {
            let x = x.try_add(offset)?;
            return self.number(x).map(Some);
        }
        if operation == Operation::Cool {
            let (temperature, mean) = self.temperature_and_mean_of(h);
            if temperature < t {
                let image = mean.try_add(offset)?;
                return self.number(image).map(Some);
            }
        }
        Ok(None)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Operation {
    Cool,
    Heat,
}

/// A pair `(h, offset = multiple · t)` being imaged: its options' images so far, Left's then
/// Right's, and the index of the next option.
struct Frame {
    h: FormId,
    multiple: i64,
    offset: Dyadic,
    next: usize,
    images: [Vec<FormId>; 2],
    /// For `(h, 0)` made again for `(h, c)`: `c` and its multiple, to add to the image.
    shift: Option<(Dyadic, i64)>,
}

impl Frame {
    fn new(h: FormId, multiple: i64, offset: Dyadic) -> Frame {
        Frame { h, multiple, offset, next: 0, images: [Vec::new(), Vec::new()], shift: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dyadic {
        Dyadic::parse(text).unwrap()
    }

    fn cooled(f: &mut Forms, text: &str, t: &str) -> String {
        let g = f.parse(text).unwrap();
        let c = f.cool(g, &d(t)).unwrap();
        f.show(c)
    }

    #[test]
    fn cooling_worked_by_hand() {
        let mut f = Forms::new();
        for (text, t, expected) in [
            // {4|0}: {3|1} at 1, {2|2} = 2* at its temperature 2, its mean 2 above it.
            ("{4|0}", "1", "{3|1}"),
            ("{4|0}", "2", "2*"),
            ("{4|0}", "3", "2"),
            // {1|0} at 1/2 is 1/2*; at 1, 1/2.
            ("{1|0}", "1/2", "1/2*"),
            ("{1|0}", "1", "1/2"),
            // {3||2|0} at 1: {2 | {1|1} + 1} = {2|2*} = 2^.
            ("{3||2|0}", "1", "2^"),
            // * and ^ are infinitesimal: their temperature is 0, so any t > 0 makes them 0.
            ("*", "1/8", "0"),
            ("^", "1", "0"),
            ("*", "0", "*"),
            ("5/8", "3", "5/8"),
        ] {
            assert_eq!(cooled(&mut f, text, t), expected, "{text} cooled by {t}");
        }
        let g = f.parse("+-1").unwrap();
        assert!(f.cool(g, &d("-1/2")).is_err());
    }

    #[test]
    fn heating_worked_by_hand() {
        let mut f = Forms::new();
        for (text, t, expected) in [
            ("*", "1", "+-1"),
            // ^ = {0|*}: {0 + 1 | +-1 - 1} = {1 | {0|-2}}.
            ("^", "1", "{1||0|-2}"),
            ("{1|0}", "2", "{3|-2}"),
            ("3/4", "5", "3/4"),
        ] {
            let g = f.parse(text).unwrap();
            let h = f.heat(g, &d(t)).unwrap();
            assert_eq!(f.show(h), expected, "{text} heated by {t}");
        }
    }

    #[test]
    fn a_deep_form_is_cooled_and_heated_without_recursion() {
        // g_k = {0 | g_(k-1)}, g_0 = 0: *, ^, ... every one of temperature 0.
        let mut f = Forms::new();
        let mut g = Forms::ZERO;
        for _ in 0..50_000 {
            g = f.make(&[Forms::ZERO], &[g]).unwrap();
        }
        assert_eq!(f.cool(g, &d("0")).unwrap(), g);
        assert_eq!(f.cool(g, &d("1/4")).unwrap(), Forms::ZERO);
        // Heated by 1: {1 | (heated g_(k-1)) - 1}; cooled by 1 again, g.
        let h = f.heat(g, &d("1")).unwrap();
        assert_eq!(f.temperature(h).unwrap(), d("1"));
        assert_eq!(f.cool(h, &d("1")).unwrap(), g);
    }
}
