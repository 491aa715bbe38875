//! The search's two walks, and how it picks one as it goes: a speed trick only (the plain search of
//! [`super::reference`] has one walk, and every result is the same). The stages of the loopy
//! values ([`super::values`]) have the same two walks for their reached states, chosen by a
//! simpler rule (a stage's share of open states), and the same hook for a test to force one.
//!
//! # Why two walks
//! Walking a state tests, for each predecessor, whether it is still open. Where the answers come in
//! runs or short patterns (the boards here: runs of decided states, predecessors padded with
//! repeats; a circle where every state is decided at once), the CPU predicts that branch, and the
//! **skipping** walk (`Walk::Skip`) passes over the decided ones for next to nothing. Where they
//! change at random (a random graph, a circle with half of all steps), it mispredicts about as
//! often, and each miss throws away the work already started for the next predecessors. The
//! **counting** walk (`Walk::Count`) has no such branch: it updates every predecessor with
//! arithmetic (a decided counter is written back unchanged), which costs a store for each decided
//! one. Both branch only on whether a predecessor is newly decided, which happens once per state,
//! and both give the same result.
//!
//! The search picks the walk itself, from what it sees, so that a game has nothing to choose. It
//! walks some states observed: every state at first, then one in 32, the gap doubling up to one
//! in 1024 while the choice holds. An observed walk records, for each predecessor, whether it was
//! open; once 1024 are recorded (a sample), they are fed in order to a small model of a branch
//! predictor (`Predictor`: a 2-bit counter per pattern of the last 12 answers, which learns runs
//! and short patterns as a CPU does and misses half of a coin toss), and the walk is chosen again
//! from the share of answers the model missed over the last four samples: skipping turns to
//! counting above 15%, counting back to skipping below 10% (the gap between the two keeps a game
//! near the line from flapping). A sample far from the ones before it (by more than 0.2) starts a
//! new phase: the choice is made from it alone, and the gap starts over at 32. The
//! states between two observed ones walk in a plain loop: the choice costs nothing per state.
//! Walking changes only open states, so the search also stops, at an observed state, once every
//! state is decided. The choice changes only speed, never a result; `docs/performance.md` has what
//! each walk costs where, and what the choice costs.
//!
//!
//! # How the choice is made
//! One state in a gap is walked observed, each predecessor's "is it open?" recorded; once
//! [`Observed::VISITS`] answers are in, a model of a branch predictor ([`Predictor`]) replays them
//! and its miss rate picks skipping or counting again ([`WalkChooser::choose`]). Invariant: the
//! choice changes how fast a walk goes, never what it does; a test may force it (`hooks`).

/// How a walk treats each predecessor (the module doc). The result is the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Walk {
    /// Branches on whether the predecessor is open, and skips it if not.
    Skip,
    /// Updates every predecessor with arithmetic, open or not.
    Count,
}

/// What observed walks saw, up to [`Observed::VISITS`] predecessors: whether each was open.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Observed {
    visits: u32,
    /// Bit `i` of the sequence: whether the `i`-th predecessor observed was open.
    open: [u64; 16],
}

impl Observed {
    const VISITS: u32 = 1024;

    #[inline(always)]
    pub(super) fn see(&mut self, open: bool) {
        if self.visits < Observed::VISITS {
            self.open[self.visits as usize / 64] |= u64::from(open) << (self.visits % 64);
            self.visits += 1;
        }
    }

    /// How many of the answers a [`Predictor`] fed them in order misses.
    fn misses(&self, predictor: &mut Predictor) -> u32 {
        (0..self.visits)
            .map(|i| u32::from(!predictor.learn(self.open[i as usize / 64] >> (i % 64) & 1 == 1)))
            .sum()
    }
}

/// A model of a CPU's branch predictor: a 2-bit saturating counter for each pattern of the
/// branch's last 12 outcomes. Like a CPU's, it learns runs and short repeating patterns, and misses
/// about half of the outcomes of a coin toss.
#[derive(Debug, Clone)]
struct Predictor {
    history: usize,
    counters: Vec<u8>,
}

impl Predictor {
    const HISTORY_BITS: u32 = 12;
}

impl Default for Predictor {
    fn default() -> Predictor {
        Predictor { history: 0, counters: vec![1; 1 << Predictor::HISTORY_BITS] }
    }
}

impl Predictor {
    /// Whether it predicted `taken`; then learns it.
    fn learn(&mut self, taken: bool) -> bool {
        let counter = &mut self.counters[self.history];
        let hit = (*counter >= 2) == taken;
        *counter = if taken { (*counter + 1).min(3) } else { counter.saturating_sub(1) };
        self.history = (self.history << 1 | usize::from(taken)) & ((1 << Predictor::HISTORY_BITS) - 1);
        hit
    }
}

/// Picks the walk as the search goes (the module doc). One state in `gap` is walked
/// observed; once [`Observed::VISITS`] predecessors are observed (a sample), the walk is chosen
/// again from the [`Predictor`]'s misses over the last [`WalkChooser::WINDOW`] samples, and the
/// gap doubles (from [`WalkChooser::MIN_GAP`] up to [`WalkChooser::MAX_GAP`]) while the choice
/// stays the same and the samples agree.
pub(super) struct WalkChooser {
    pub(super) walk: Walk,
    /// Forced by a test: never changes.
    forced: bool,
    gap: u32,
    /// States to walk before the next observed one.
    pub(super) until_observed: u32,
    pub(super) observed: Observed,
    /// Made at the first choice (4 KiB: a small game never pays for it).
    predictor: Option<Predictor>,
    /// The share of misses in each of the last samples, the latest last; `samples` of them
    /// (at most [`WalkChooser::WINDOW`]) are filled.
    recent: [f64; WalkChooser::WINDOW],
    samples: usize,
}

impl WalkChooser {
    const MIN_GAP: u32 = 32;
    const MAX_GAP: u32 = 1024;
    /// [`Walk::Skip`] turns to [`Walk::Count`] above this rate of mispredicted "is it open?", and
    /// back below the second (`docs/performance.md` has where each is faster).
    const COUNT_ABOVE_MISSES: f64 = 0.15;
    const SKIP_BELOW_MISSES: f64 = 0.10;
    /// How many samples the rate is taken over: one sample of a board's walks ranges from 0 to
    /// 0.22 misses where four in a row stay within 0.07 to 0.13 (`docs/performance.md`).
    const WINDOW: usize = 4;
    /// A sample this far from the rate of the ones before it starts a new phase (a board's
    /// samples stray up to about 0.15 from their rate; a phase of random answers comes in at
    /// 0.5): the rate is taken from it alone, and the gap starts over, so that the next samples
    /// come soon.
    const NEW_PHASE: f64 = 0.2;

    pub(super) fn new() -> WalkChooser {
        let forced = forced_walk();
        WalkChooser {
            walk: forced.unwrap_or(Walk::Skip),
            forced: forced.is_some(),
            gap: 1,
            until_observed: if forced.is_some() { u32::MAX } else { 0 },
            observed: Observed::default(),
            predictor: None,
            recent: [0.0; WalkChooser::WINDOW],
            samples: 0,
        }
    }

    /// After an observed walk: chooses the walk again once enough was observed.
    pub(super) fn choose(&mut self) {
        self.until_observed = self.gap - 1;
        if self.forced {
            self.until_observed = u32::MAX;
            return;
        }
        if self.observed.visits < Observed::VISITS {
            return;
        }
        let predictor = self.predictor.get_or_insert_with(Predictor::default);
        let misses = f64::from(self.observed.misses(predictor)) / f64::from(Observed::VISITS);
        self.observed = Observed::default();
        self.sample(misses);
    }

    /// Takes the share of misses of a new sample: the walk, and the gap to the next sample.
    fn sample(&mut self, misses: f64) {
        let new_phase = self.samples > 0 && (misses - self.recent_rate()).abs() > WalkChooser::NEW_PHASE;
        self.recent.rotate_left(1);
        self.recent[WalkChooser::WINDOW - 1] = misses;
        self.samples = if new_phase { 1 } else { (self.samples + 1).min(WalkChooser::WINDOW) };
        let rate = self.recent_rate();
        let walk = match self.walk {
            Walk::Skip if rate > WalkChooser::COUNT_ABOVE_MISSES => Walk::Count,
            Walk::Count if rate < WalkChooser::SKIP_BELOW_MISSES => Walk::Skip,
            same => same,
        };
        self.gap = if walk == self.walk && !new_phase {
            (2 * self.gap).clamp(WalkChooser::MIN_GAP, WalkChooser::MAX_GAP)
        } else {
            WalkChooser::MIN_GAP
        };
        self.until_observed = self.gap - 1;
        walk_chosen(walk, walk != self.walk);
        self.walk = walk;
    }

    /// The share of misses over the recent samples (at least one).
    fn recent_rate(&self) -> f64 {
        self.recent[WalkChooser::WINDOW - self.samples..].iter().sum::<f64>() / self.samples as f64
    }
}

/// The walk a unit test forces (`hooks`); none outside the tests.
#[cfg(not(test))]
pub(super) fn forced_walk() -> Option<Walk> {
    None
}

/// Tells the unit tests which walk was chosen (`hooks`); nothing outside them.
#[cfg(not(test))]
fn walk_chosen(_walk: Walk, _changed: bool) {}

#[cfg(test)]
pub(super) use self::hooks::forced_walk;
#[cfg(test)]
use self::hooks::walk_chosen;

/// How the unit tests force a walk on the searches of their thread, and see the walks chosen.
#[cfg(test)]
pub(super) mod hooks {
    use super::Walk;
    use std::cell::{Cell, RefCell};

    thread_local! {
        pub(in crate::solver) static FORCED_WALK: Cell<Option<Walk>> = const { Cell::new(None) };
        /// The first walk chosen by each search of this thread, and each change.
        pub(in crate::solver) static CHOSEN_WALKS: RefCell<Vec<Walk>> = const { RefCell::new(Vec::new()) };
    }

    pub(in crate::solver) fn forced_walk() -> Option<Walk> {
        FORCED_WALK.with(|w| w.get())
    }

    pub(in crate::solver) fn walk_chosen(walk: Walk, changed: bool) {
        CHOSEN_WALKS.with(|c| {
            if changed || c.borrow().is_empty() {
                c.borrow_mut().push(walk);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{Walk, WalkChooser};

    /// The walk after each of `samples`, from a new chooser.
    fn walks(samples: &[f64]) -> Vec<Walk> {
        let mut chooser = WalkChooser::new();
        samples
            .iter()
            .map(|&misses| {
                chooser.sample(misses);
                chooser.walk
            })
            .collect()
    }

    #[test]
    fn a_board_near_the_line_keeps_skipping() {
        // The first samples of police_thief's 40x40 board of `make bench` (skipping is the faster
        // walk there): single samples up to 0.154, four in a row up to 0.132.
        let board = [
            0.108, 0.041, 0.065, 0.154, 0.099, 0.122, 0.137, 0.094, 0.105, 0.095, 0.114, 0.084, 0.082, 0.105,
            0.128, 0.116, 0.147, 0.129, 0.137, 0.109, 0.111, 0.116, 0.124, 0.091, 0.0, 0.077,
        ];
        assert!(walks(&board).iter().all(|&walk| walk == Walk::Skip));
    }

    #[test]
    fn a_steady_rate_above_the_line_turns_to_counting_once_the_window_holds_it() {
        let mut samples = vec![0.0];
        samples.extend([0.16; WalkChooser::WINDOW]);
        let chosen = walks(&samples);
        assert_eq!(chosen[WalkChooser::WINDOW - 1..], [Walk::Skip, Walk::Count]);
    }

    #[test]
    fn a_new_phase_is_followed_at_once_and_sampled_soon() {
        let mut chooser = WalkChooser::new();
        for _ in 0..8 {
            chooser.sample(0.0);
        }
        assert_eq!((chooser.walk, chooser.gap), (Walk::Skip, 1024));
        chooser.sample(0.5);
        assert_eq!((chooser.walk, chooser.gap), (Walk::Count, WalkChooser::MIN_GAP));
        chooser.sample(0.5);
        assert_eq!((chooser.walk, chooser.gap), (Walk::Count, 2 * WalkChooser::MIN_GAP));
        chooser.sample(0.0);
        assert_eq!((chooser.walk, chooser.gap), (Walk::Skip, WalkChooser::MIN_GAP));
    }
}
