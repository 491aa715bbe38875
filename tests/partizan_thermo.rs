//! Stops, thermographs, mean and temperature (`Forms::left_stop`, `right_stop`, `thermograph`,
//! `mean`, `temperature`, and `Thermograph`'s walls and breakpoints) against the oracle of
//! `thermo_oracle/mod.rs`, which shares no code with `src/partizan/thermo.rs`: its own fractions,
//! its own piecewise-linear maxima and minima, the walls built from the forms' options alone.
//!
//! The values tried: every distinct value of Domineering on every filling of every board up to
//! 4 x 4 (and of 3 x 5, 5 x 3, 2 x 8, 8 x 2), of Toads and Frogs on every strip of up to 8 cells, random forms made by `Forms::make`,
//! and sums of those (the mean is additive: Siegel, *Combinatorial Game Theory*, II.5); and three
//! forms whose option walls tie and cross, worked by hand. Each test prints how many values it
//! tried and how many disagreed (`cargo test --test suite partizan_thermo:: -- --nocapture`).

use crate::thermo_oracle;

use graph_games::partizan::{Dyadic, FormId, Forms, Thermograph};
use thermo_oracle::{
    domineering_values, domineering_values_of, random_values, toads_frogs_values, Oracle, Pl, Q,
};

/// The library's wall as vertices: its breakpoints, the mast after the last.
fn library_wall(points: Vec<(Dyadic, Dyadic)>) -> Pl {
    let vertices = points.iter().map(|(t, v)| (Q::of(t), Q::of(v))).collect();
    Pl { vertices, tail: Q::int(0) }
}

/// Where the library and the oracle disagree on `g`, if anywhere.
fn disagreement(f: &mut Forms, oracle: &mut Oracle, g: FormId) -> Option<String> {
    let expected = oracle.walls(f, g);
    let stops = oracle.stops(f, g);
    let thermograph: Thermograph = f.thermograph(g).unwrap();
    let left = library_wall(thermograph.left_breakpoints());
    let right = library_wall(thermograph.right_breakpoints());
    let got_stops = (Q::of(&f.left_stop(g).unwrap()), Q::of(&f.right_stop(g).unwrap()));
    let got = (Q::of(&f.temperature(g).unwrap()), Q::of(&f.mean(g).unwrap()));
    let mut problems = Vec::new();
    if left != expected.left || right != expected.right {
        problems.push(format!(
            "walls {:?} | {:?}, expected {:?} | {:?}",
            left.vertices, right.vertices, expected.left.vertices, expected.right.vertices
        ));
    }
    // The walls as functions, at every breakpoint of either, between them and beyond.
    let mut points: Vec<Q> = [&left, &right, &expected.left, &expected.right]
        .iter()
        .flat_map(|w| w.vertices.iter().map(|p| p.0))
        .collect();
    points.sort();
    points.dedup();
    let mut samples = points.clone();
    samples.extend(points.windows(2).map(|w| w[0].add(w[1]).div(Q::int(2))));
    samples.extend([Q::int(1), Q::int(3)].iter().map(|&d| points.last().unwrap().add(d)));
    for &t in &samples {
        let at = (Q::of(&thermograph.left_wall(&t.dyadic())), Q::of(&thermograph.right_wall(&t.dyadic())));
        if at != (expected.left.at(t), expected.right.at(t)) {
            problems.push(format!("walls at {t:?}: {at:?}"));
            break;
        }
    }
    if got_stops != stops {
        problems.push(format!("stops {got_stops:?}, expected {stops:?}"));
    }
    if got != (expected.temperature, expected.mean) {
        problems.push(format!(
            "temperature and mean {:?}, expected {:?}",
            got,
            (expected.temperature, expected.mean)
        ));
    }
    // The Thermograph's own mean and temperature, and the walls at 0 are the stops (not a number).
    if (Q::of(&thermograph.temperature()), Q::of(&thermograph.mean())) != got {
        problems.push("Thermograph::temperature or mean differs from Forms'".to_string());
    }
    if !f.is_number(g) && expected.temperature < Q::int(0) {
        problems.push("a form that is not a number is colder than 0".to_string());
    }
    if !f.is_number(g) && (expected.left.at(Q::int(0)), expected.right.at(Q::int(0))) != stops {
        problems.push("the oracle's walls at 0 are not its stops".to_string());
    }
    if problems.is_empty() {
        None
    } else {
        Some(format!("{}: {}", f.show(g), problems.join("; ")))
    }
}

/// Checks every value of `values`; prints how many were tried, how many are hot (temperature
/// > 0), how many disagreed; returns what disagreed.
fn check_all(name: &str, f: &mut Forms, values: &[FormId]) -> Vec<String> {
    let mut oracle = Oracle::default();
    let mut wrong = Vec::new();
    let mut hot = 0;
    for &g in values {
        if let Some(problem) = disagreement(f, &mut oracle, g) {
            wrong.push(problem);
        }
        if oracle.walls(f, g).temperature > Q::int(0) {
            hot += 1;
        }
    }
    let means = wrong.iter().filter(|w| w.contains("temperature and mean")).count();
    println!(
        "{name}: {} distinct values, {hot} hot, {} disagree with the oracle ({means} in temperature or mean)",
        values.len(),
        wrong.len()
    );
    wrong
}

fn assert_none(name: &str, wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{name}: {} wrong, first:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(5)].join("\n")
    );
}

#[test]
fn hand_worked_forms_whose_option_walls_tie_and_cross() {
    let q = |text: &str| Q::of(&Dyadic::parse(text).unwrap());
    let wall = |points: &[(&str, &str)]| Pl {
        vertices: points.iter().map(|&(t, v)| (q(t), q(v))).collect(),
        tail: Q::int(0),
    };
    let mut f = Forms::new();
    for (text, left, right, temperature, mean) in [
        // Right's options' walls, taxed: * gives 0 up to t = 0, then t; {*|-1*} (temperature 1/2,
        // mean -1/2) gives t up to 0, level with *'s up to 1/2, then t - 1/2, below it. Their
        // minimum meets Left's 1 - t at 3/4, at 1/4.
        (
            "{1|*,{*|-1*}}",
            &[("-1", "2"), ("3/4", "1/4")][..],
            &[("-1", "-1"), ("0", "0"), ("1/2", "0"), ("3/4", "1/4")][..],
            "3/4",
            "1/4",
        ),
        // Left: {3/2|1/2}'s right wall (0 at t = -1, the left wall of 1/2 being 1 - t up to
        // -1/2; then 1/2 + t up to 1/2, then 1) minus t. Right: {0|-2} gives 0 up to 1, then
        // t - 1; {*|-1*} as above, level with it from 0 to 1/2, then above it.
        (
            "{{3/2|1/2}|{0|-2},{*|-1*}}",
            &[("-1", "1"), ("-1/2", "1/2"), ("1/2", "1/2"), ("1", "0")][..],
            &[("-1", "-1"), ("0", "0")][..],
            "1",
            "0",
        ),
        // Left: 2* gives 2 up to 0, then 2 - t. Right: {1|-1/2} (temperature 3/4, mean 1/4) gives 1
        // up to 3/4, then t + 1/4; {1*|*} (temperature 1/2, mean 1/2) gives 1 + t up to 0, 1 up to
        // 1/2, then t + 1/2: level from 0 to 1/2, then above. They meet at 7/8, at 9/8.
        (
            "{2*|{1|-1/2},{1*|*}}",
            &[("-1", "2"), ("0", "2"), ("7/8", "9/8")][..],
            &[("-1", "0"), ("0", "1"), ("3/4", "1"), ("7/8", "9/8")][..],
            "7/8",
            "9/8",
        ),
    ] {
        let g = f.parse(text).unwrap();
        let mut oracle = Oracle::default();
        let expected = oracle.walls(&f, g);
        // The oracle agrees with the hand...
        assert_eq!(
            (expected.left.clone(), expected.right.clone()),
            (wall(left), wall(right)),
            "oracle, {text}"
        );
        assert_eq!((expected.temperature, expected.mean), (q(temperature), q(mean)), "oracle, {text}");
        // ... and so does the library.
        assert_eq!(disagreement(&mut f, &mut oracle, g), None);
        assert_eq!(
            (f.temperature(g).unwrap().to_string(), f.mean(g).unwrap().to_string()),
            (temperature.to_string(), mean.to_string())
        );
    }
}

#[test]
fn domineering_up_to_4x4() {
    let mut f = Forms::new();
    let values = domineering_values(&mut f);
    assert_none("Domineering up to 4x4", &check_all("Domineering up to 4x4", &mut f, &values));
}

#[test]
fn domineering_3x5_5x3_2x8_8x2() {
    let mut f = Forms::new();
    let values = domineering_values_of(&mut f, &[(3, 5), (5, 3), (2, 8), (8, 2)]);
    assert_none(
        "Domineering 3x5, 5x3, 2x8, 8x2",
        &check_all("Domineering 3x5, 5x3, 2x8, 8x2", &mut f, &values),
    );
}

#[test]
fn toads_and_frogs_up_to_8_cells() {
    let mut f = Forms::new();
    let values = toads_frogs_values(&mut f);
    assert_none(
        "Toads and Frogs up to 8 cells",
        &check_all("Toads and Frogs up to 8 cells", &mut f, &values),
    );
}

#[test]
fn random_forms() {
    let mut f = Forms::new();
    let mut values = Vec::new();
    for seed in 1..=4 {
        values.extend(random_values(&mut f, seed, 400));
    }
    values.sort();
    values.dedup();
    assert_none("random forms", &check_all("random forms", &mut f, &values));
}

#[test]
fn sums_have_the_oracles_walls_and_the_sum_of_the_means() {
    let mut f = Forms::new();
    let mut parts = domineering_values(&mut f);
    parts.retain(|&g| f.as_number(g).is_none());
    parts.truncate(120);
    parts.extend(random_values(&mut f, 9, 80));
    let mut oracle = Oracle::default();
    let (mut sums, mut wrong_means) = (Vec::new(), Vec::new());
    for (k, &g) in parts.iter().enumerate() {
        let h = parts[(k * 7 + 3) % parts.len()];
        let s = f.sum(g, h).unwrap();
        let means = oracle.walls(&f, g).mean.add(oracle.walls(&f, h).mean);
        if Q::of(&f.mean(s).unwrap()) != means {
            wrong_means.push(format!("mean of {} + {}", f.show(g), f.show(h)));
        }
        sums.push(s);
    }
    println!("sums of two: {} sums, {} with a mean not the sum of the means", parts.len(), wrong_means.len());
    sums.sort();
    sums.dedup();
    let wrong = check_all("sums of two", &mut f, &sums);
    assert_none("sums of two (means)", &wrong_means);
    assert_none("sums of two", &wrong);
}

#[test]
fn numbers_follow_cgsuite() {
    // An integer's temperature is -1, m/2^k's is -1/2^k, the mean the number itself.
    let mut f = Forms::new();
    for (text, temperature) in
        [("0", "-1"), ("-7", "-1"), ("1/2", "-1/2"), ("-3/4", "-1/4"), ("25/16", "-1/16")]
    {
        let g = f.parse(text).unwrap();
        assert_eq!(f.temperature(g).unwrap().to_string(), temperature);
        assert_eq!(f.mean(g).unwrap().to_string(), text);
        assert_eq!(disagreement(&mut f, &mut Oracle::default(), g), None);
    }
}
