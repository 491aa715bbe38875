//! `Forms::cool` and `Forms::heat` against their definitions (Siegel, *Combinatorial Game
//! Theory*, II.5), written plainly here by recursion over the options, with the temperatures and
//! means of the oracle of `thermo_oracle/mod.rs` (which shares no code with the library's
//! thermographs) deciding where cooling freezes; and the theorems that tie them to the
//! thermograph, on every distinct value of Domineering up to 4 x 4, of Toads and Frogs up to 8
//! cells, and random forms.

use crate::thermo_oracle;

use graph_games::partizan::{FormId, Forms};
use std::collections::HashMap;
use thermo_oracle::{domineering_values, random_values, toads_frogs_values, Oracle, Q};

/// `g` cooled by `t >= 0` by the definition: a number is itself; a form colder than `t` its
/// mean; else `{G^L_t - t | G^R_t + t}`.
fn cooled(f: &mut Forms, oracle: &mut Oracle, memo: &mut HashMap<FormId, FormId>, g: FormId, t: Q) -> FormId {
    if f.is_number(g) {
        return g;
    }
    if let Some(&c) = memo.get(&g) {
        return c;
    }
    let walls = oracle.walls(f, g);
    let c = if walls.temperature < t {
        f.number(walls.mean.dyadic()).unwrap()
    } else {
        let (minus, plus) = (f.number(Q::int(0).sub(t).dyadic()).unwrap(), f.number(t.dyadic()).unwrap());
        let left: Vec<FormId> = f.left(g).to_vec();
        let right: Vec<FormId> = f.right(g).to_vec();
        let left: Vec<FormId> = left
            .into_iter()
            .map(|o| {
                let c = cooled(f, oracle, memo, o, t);
                f.sum(c, minus).unwrap()
            })
            .collect();
        let right: Vec<FormId> = right
            .into_iter()
            .map(|o| {
                let c = cooled(f, oracle, memo, o, t);
                f.sum(c, plus).unwrap()
            })
            .collect();
        f.make(&left, &right).unwrap()
    };
    memo.insert(g, c);
    c
}

/// `g` heated by `t` by the definition: a number is itself; else `{∫G^L + t | ∫G^R - t}`.
fn heated(f: &mut Forms, memo: &mut HashMap<FormId, FormId>, g: FormId, t: Q) -> FormId {
    if f.is_number(g) {
        return g;
    }
    if let Some(&c) = memo.get(&g) {
        return c;
    }
    let (plus, minus) = (f.number(t.dyadic()).unwrap(), f.number(Q::int(0).sub(t).dyadic()).unwrap());
    let left: Vec<FormId> = f.left(g).to_vec();
    let right: Vec<FormId> = f.right(g).to_vec();
    let left: Vec<FormId> = left
        .into_iter()
        .map(|o| {
            let h = heated(f, memo, o, t);
            f.sum(h, plus).unwrap()
        })
        .collect();
    let right: Vec<FormId> = right
        .into_iter()
        .map(|o| {
            let h = heated(f, memo, o, t);
            f.sum(h, minus).unwrap()
        })
        .collect();
    let h = f.make(&left, &right).unwrap();
    memo.insert(g, h);
    h
}

fn q(text: &str) -> Q {
    Q::of(&graph_games::partizan::Dyadic::parse(text).unwrap())
}

fn all_values(f: &mut Forms) -> Vec<(&'static str, Vec<FormId>)> {
    vec![
        ("Domineering up to 4x4", domineering_values(f)),
        ("Toads and Frogs up to 8 cells", toads_frogs_values(f)),
        ("random forms", random_values(f, 5, 600)),
    ]
}

/// The temperatures tried, and each value's own.
const TEMPERATURES: [&str; 9] = ["0", "1/8", "1/4", "3/8", "1/2", "3/4", "1", "3/2", "2"];

#[test]
fn cooling_is_its_definition() {
    let mut f = Forms::new();
    let mut oracle = Oracle::default();
    for (name, values) in all_values(&mut f) {
        let mut wrong = Vec::new();
        let mut ts: Vec<Q> = TEMPERATURES.iter().map(|t| q(t)).collect();
        ts.extend(values.iter().filter(|&&g| !f.is_number(g)).map(|&g| oracle.walls(&f, g).temperature));
        ts.sort();
        ts.dedup();
        for &t in &ts {
            let mut memo = HashMap::new();
            for &g in &values {
                let expected = cooled(&mut f, &mut oracle, &mut memo, g, t);
                if f.cool(g, &t.dyadic()).unwrap() != expected {
                    wrong.push(format!("{} cooled by {t:?}: {}", f.show(g), f.show(expected)));
                }
            }
        }
        println!(
            "{name}: {} values cooled by {} temperatures, {} wrong",
            values.len(),
            ts.len(),
            wrong.len()
        );
        assert!(wrong.is_empty(), "{}", wrong[..wrong.len().min(5)].join("\n"));
    }
}

#[test]
fn cooled_by_its_temperature_a_form_is_infinitesimally_close_to_its_mean() {
    // Siegel II.5: the walls at t are the stops of G_t; they meet at the temperature, at the
    // mean; above it G_t is the mean. The stops here are the oracle's, from the options alone.
    let mut f = Forms::new();
    let mut oracle = Oracle::default();
    let above = q("1/1024");
    for (name, values) in all_values(&mut f) {
        let mut tried = 0;
        let hot: Vec<FormId> = values.iter().copied().filter(|&g| !f.is_number(g)).collect();
        for g in hot {
            let (temperature, mean) = (f.temperature(g).unwrap(), f.mean(g).unwrap());
            let c = f.cool(g, &temperature).unwrap();
            assert_eq!(
                oracle.stops(&f, c),
                (Q::of(&mean), Q::of(&mean)),
                "{} cooled by {temperature}",
                f.show(g)
            );
            let hotter = Q::of(&temperature).add(above).dyadic();
            let frozen = f.cool(g, &hotter).unwrap();
            assert_eq!(f.as_number(frozen), Some(&mean), "{}", f.show(g));
            tried += 1;
        }
        println!("{name}: {tried} forms that are not numbers");
    }
}

#[test]
fn cooling_is_additive() {
    // Siegel II.5 (Theorem 5.14): (G + H)_t = G_t + H_t.
    let mut f = Forms::new();
    let mut values = domineering_values(&mut f);
    values.retain(|&g| !f.is_number(g));
    values.truncate(150);
    values.extend(random_values(&mut f, 6, 100));
    for t in ["1/4", "1/2", "1"] {
        let t = q(t).dyadic();
        for (k, &g) in values.iter().enumerate() {
            let h = values[(k * 13 + 5) % values.len()];
            let sum = f.sum(g, h).unwrap();
            let (cg, ch) = (f.cool(g, &t).unwrap(), f.cool(h, &t).unwrap());
            let expected = f.sum(cg, ch).unwrap();
            assert_eq!(f.cool(sum, &t).unwrap(), expected, "({} + {}) cooled by {t}", f.show(g), f.show(h));
        }
    }
}

#[test]
fn heating_is_its_definition() {
    let mut f = Forms::new();
    for (name, values) in all_values(&mut f) {
        let mut wrong = Vec::new();
        for t in ["-1/2", "0", "1/4", "1/2", "1", "2"] {
            let t = q(t);
            let mut memo = HashMap::new();
            for &g in &values {
                let expected = heated(&mut f, &mut memo, g, t);
                if f.heat(g, &t.dyadic()).unwrap() != expected {
                    wrong.push(format!("{} heated by {t:?}: {}", f.show(g), f.show(expected)));
                }
            }
        }
        println!("{name}: {} values heated by 6 temperatures, {} wrong", values.len(), wrong.len());
        assert!(wrong.is_empty(), "{}", wrong[..wrong.len().min(5)].join("\n"));
    }
}

#[test]
fn cooling_undoes_heating_and_heating_after_cooling_keeps_the_mean() {
    // Heating is the inverse of cooling one way: (∫^t G)_t = G for t >= 0 (the integral sign
    // is chosen for that: cooling differentiates). The other way it is not: {1|*} cooled by 1/2
    // is 1/2* (* froze to 0 at its temperature 0), which heats to {1|0}. What holds is that the
    // mean stays (cooling and heating each keep it), and, for t at most the temperature, the
    // temperature (cooling lowers the thermograph by t, heating a form that is not a number
    // raises it by t).
    let mut f = Forms::new();
    let mut oracle = Oracle::default();
    let g = f.parse("{1|*}").unwrap();
    let c = f.cool(g, &q("1/2").dyadic()).unwrap();
    assert_eq!(f.show(c), "1/2*");
    let back = f.heat(c, &q("1/2").dyadic()).unwrap();
    assert_eq!(f.show(back), "{1|0}");
    for (name, values) in all_values(&mut f) {
        let mut changed = 0;
        for t in TEMPERATURES {
            let t = q(t);
            for &g in &values {
                let h = f.heat(g, &t.dyadic()).unwrap();
                assert_eq!(f.cool(h, &t.dyadic()).unwrap(), g, "{} heated and cooled by {t:?}", f.show(g));
                let c = f.cool(g, &t.dyadic()).unwrap();
                let back = f.heat(c, &t.dyadic()).unwrap();
                let (before, after) = (oracle.walls(&f, g), oracle.walls(&f, back));
                assert_eq!(before.mean, after.mean, "{} cooled and heated by {t:?}", f.show(g));
                if !f.is_number(g) && t <= before.temperature {
                    assert_eq!(
                        before.temperature,
                        after.temperature,
                        "{} cooled and heated by {t:?}",
                        f.show(g)
                    );
                }
                changed += usize::from(back != g);
            }
        }
        println!(
            "{name}: cooled and heated again, {changed} of {} (value, t) pairs are not the value",
            values.len() * 9
        );
    }
}
