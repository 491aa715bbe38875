//! The reduced canonical form (src/partizan/reduced.rs) against its defining properties, checked
//! here with no code of reduced.rs: comparisons modulo infinitesimals are made with a small number
//! (`G <=_Inf H` when `G <= H + x`, `x = 2^-30`, smaller than any gap between stops of the forms
//! tested), stops by a plain walk of the options. For every form `G` of the data:
//! - `rcf(G) - G` is infinitesimal: `-x < rcf(G) - G < x`;
//! - `rcf(G)` is reduced: every follower is a number or is not close to one (its stops differ),
//!   and has no option Inf-dominated by another nor Inf-reversible;
//! - `rcf(rcf(G)) = rcf(G)`, and `rcf(G + e) = rcf(G)` for infinitesimals `e`;
//! - `rcf(G)` is what CGSuite computes otherwise (Grossman and Siegel): the number part of a number
//!   plus ups plus a nimber, else the star projection of `G` heated by `*`, both written here.
//!
//! Data: every Domineering filling of 4x4 and 3x5, every Toads and Frogs strip of up to 8 cells,
//! every Linear Clobber row of up to 7, random forms (1,286 distinct forms, 906 of them not their
//! own reduced form), and values worked by hand.

use crate::cgt_data;
use crate::random;

use graph_games::partizan::{Comparison, Dyadic, FormId, Forms};
use random::Rng;
use std::collections::HashMap;

/// The options of `g` for Left (`left`) or Right, a number's too.
fn options(f: &mut Forms, g: FormId, left: bool) -> Vec<FormId> {
    match f.as_number(g).cloned() {
        Some(x) => {
            let (l, r) = x.options();
            let o = if left { l } else { r };
            o.into_iter().map(|y| f.number(y).unwrap()).collect()
        }
        None if left => f.left(g).to_vec(),
        None => f.right(g).to_vec(),
    }
}

/// The stops: where play ends when Left (Right) starts and both play to a number.
fn stops(f: &Forms, g: FormId) -> (Dyadic, Dyadic) {
    if let Some(x) = f.as_number(g) {
        return (x.clone(), x.clone());
    }
    let left = f.left(g).iter().map(|&o| stops(f, o).1).max().unwrap();
    let right = f.right(g).iter().map(|&o| stops(f, o).0).min().unwrap();
    (left, right)
}

fn tiny(f: &mut Forms) -> FormId {
    f.number(Dyadic::parse("1/1073741824").unwrap()).unwrap()
}

/// `g <= h` modulo infinitesimals: `g <= h + x` for the small `x`.
fn le_inf(f: &mut Forms, g: FormId, h: FormId) -> bool {
    let x = tiny(f);
    let h_plus = f.sum(h, x).unwrap();
    f.le(g, h_plus).unwrap()
}

fn infinitesimal(f: &mut Forms, d: FormId) -> bool {
    let x = tiny(f);
    let minus_x = f.neg(x).unwrap();
    f.compare(d, x).unwrap() == Comparison::Less && f.compare(minus_x, d).unwrap() == Comparison::Less
}

/// Every follower of `g` is a number or far from one, with no Inf-dominated or Inf-reversible
/// option; the first that is not, as text.
fn not_reduced(f: &mut Forms, g: FormId) -> Option<String> {
    if f.is_number(g) {
        return None;
    }
    let (ls, rs) = stops(f, g);
    if ls == rs {
        return Some(format!("{} is close to {ls}", f.show(g)));
    }
    for left in [true, false] {
        let mine = options(f, g, left);
        for &a in &mine {
            for &b in &mine {
                let dominated = if left { le_inf(f, a, b) } else { le_inf(f, b, a) };
                if a != b && dominated {
                    return Some(format!("{}: {} dominated by {}", f.show(g), f.show(a), f.show(b)));
                }
            }
            for reply in options(f, a, !left) {
                let reverses = if left { le_inf(f, reply, g) } else { le_inf(f, g, reply) };
                if reverses {
                    return Some(format!("{}: {} reverses through {}", f.show(g), f.show(a), f.show(reply)));
                }
            }
            if let Some(why) = not_reduced(f, a) {
                return Some(why);
            }
        }
    }
    None
}

/// `g` heated by `*`: a number as it is, else `{G^L + * | G^R + *}` (`-* = *`).
fn heated_by_star(f: &mut Forms, g: FormId, memo: &mut HashMap<FormId, FormId>) -> FormId {
    if f.is_number(g) {
        return g;
    }
    if let Some(&h) = memo.get(&g) {
        return h;
    }
    let star = f.parse("*").unwrap();
    let mut sides = [Vec::new(), Vec::new()];
    for (k, left) in [true, false].into_iter().enumerate() {
        for o in options(f, g, left) {
            let heated = heated_by_star(f, o, memo);
            sides[k].push(f.sum(heated, star).unwrap());
        }
    }
    let h = f.make(&sides[0], &sides[1]).unwrap();
    memo.insert(g, h);
    h
}

/// The star projection: `x` for `x` and `x*`, else the projections of the options.
fn star_projection(f: &mut Forms, g: FormId) -> FormId {
    if f.is_number(g) {
        return g;
    }
    let (left, right) = (f.left(g).to_vec(), f.right(g).to_vec());
    if left == right && left.len() == 1 && f.is_number(left[0]) {
        return left[0];
    }
    let left: Vec<FormId> = left.into_iter().map(|o| star_projection(f, o)).collect();
    let right: Vec<FormId> = right.into_iter().map(|o| star_projection(f, o)).collect();
    f.make(&left, &right).unwrap()
}

fn as_cgsuite_computes_it(f: &mut Forms, g: FormId, memo: &mut HashMap<FormId, FormId>) -> FormId {
    if let Some(u) = f.as_uptimal(g).unwrap() {
        return f.number(u.number).unwrap();
    }
    let heated = heated_by_star(f, g, memo);
    star_projection(f, heated)
}

#[test]
fn reduced_forms_have_their_defining_properties() {
    let mut f = Forms::new();
    let mut rng = Rng::new(52);
    let mut forms = cgt_data::domineering(&mut f, 4, 4);
    forms.extend(cgt_data::domineering(&mut f, 3, 5));
    forms.extend(cgt_data::toads_and_frogs(&mut f, 8));
    forms.extend(cgt_data::clobber(&mut f, 7));
    forms.extend(cgt_data::random_forms(&mut f, &mut rng, 3000));
    forms.sort_unstable();
    forms.dedup();
    let epsilons: Vec<FormId> =
        ["^", "*", "v*", "{0|v*}", "{^|v}"].iter().map(|t| f.parse(t).unwrap()).collect();
    let mut memo = HashMap::new();
    let mut changed = 0;
    for &g in &forms {
        let r = f.reduced(g).unwrap();
        let (text, reduced_text) = (f.show(g), f.show(r));
        let difference = f.difference(r, g).unwrap();
        assert!(infinitesimal(&mut f, difference), "{text}: {reduced_text}");
        if let Some(why) = not_reduced(&mut f, r) {
            panic!("{text}: {reduced_text} is not reduced: {why}");
        }
        assert_eq!(f.reduced(r).unwrap(), r, "{text}");
        for &e in &epsilons {
            let moved = f.sum(g, e).unwrap();
            assert_eq!(f.reduced(moved).unwrap(), r, "{text} + {}", f.show(e));
        }
        let expected = as_cgsuite_computes_it(&mut f, g, &mut memo);
        assert_eq!(r, expected, "{text}: {reduced_text}, CGSuite's way {}", f.show(expected));
        changed += usize::from(r != g);
    }
    assert!(forms.len() > 500 && changed > 200, "{} forms, {changed} changed", forms.len());
}

#[test]
fn reduced_forms_by_hand() {
    let mut f = Forms::new();
    // Infinitesimals and numbers plus infinitesimals reduce to the number (stops equal).
    // {1 | *}: stops 1 and 0; its options reduce to 1 and 0, and {1 | 0} has nothing dominated
    // (one option a side) or reversible (1 = {0|} has no Right option, 0 none at all).
    // {1, 1* | -1}: both Left options reduce to 1, so +-1.
    let cases = [("^", "0"), ("*", "0"), ("^*", "0"), ("1*", "1"), ("-1/2^^", "-1/2"), ("{0|v}", "0")];
    for (text, reduced) in cases.iter().chain(&[("{1|*}", "{1|0}"), ("{1,1*|-1}", "+-1"), ("+-1", "+-1")]) {
        let g = f.parse(text).unwrap();
        let r = f.reduced(g).unwrap();
        assert_eq!(f.show(r), *reduced, "{text}");
    }
    // Modulo infinitesimals ^ and * are 0, and 1/2 is below 1, as the small number says.
    let pairs = [("^", "*"), ("*", "^"), ("^", "0"), ("1/2", "1"), ("1", "1/2"), ("{1|0}", "1/2")];
    for (g, h) in pairs {
        let (g, h) = (f.parse(g).unwrap(), f.parse(h).unwrap());
        assert_eq!(f.le_inf(g, h).unwrap(), le_inf(&mut f, g, h), "{} {}", f.show(g), f.show(h));
    }
    let (half, one) = (f.parse("1/2").unwrap(), f.parse("1").unwrap());
    assert!(f.le_inf(half, one).unwrap() && !f.le_inf(one, half).unwrap());
}
