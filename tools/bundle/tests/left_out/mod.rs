//! The programs the default run leaves out (tools/bundle/src/inline.rs): each over the cap in
//! every layout, or a tool that no judge runs.

use super::common::root;
use super::main_of;
use bundle::assemble::{self, Options};
use bundle::inline;

#[test]
fn the_programs_left_out_are_over_the_cap_in_every_layout() {
    // A program is left out of the default run only where it cannot fit: each one's bundle, in
    // the smallest layout, fails the size check (and only it).
    for (name, _) in inline::programs_over_the_cap(&root()) {
        let failed = assemble::bundle(&root(), &main_of(name), &Options::default(), |_| String::new())
            .err()
            .unwrap_or_else(|| panic!("{name} fits the cap: bundle it with the others"));
        assert!(failed.message.contains("over the limit"), "{name}: {}", failed.message);
    }
}

/// A tool left out of the default run is no judge program: it has no judge cases (and it is a
/// program, bundled when named).
#[test]
fn the_tools_left_out_have_no_judge_cases() {
    for (name, _) in inline::TOOLS {
        assert!(inline::program_main(&root(), name).is_some(), "{name}: no such program");
        let cases = root().join("inputs").join(name);
        assert!(!cases.exists(), "{name} has judge cases ({}): a judge runs it, bundle it", cases.display());
        let default = inline::programs(&root()).unwrap();
        assert!(!default.iter().any(|program| program == name), "{name} is bundled by default");
    }
}
