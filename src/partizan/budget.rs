//! [`SumBudget`]: the work and memory a sum question may take (sums.rs, search.rs), kept on the
//! table (forms.rs).

/// The work and memory one sum question ([`Forms::winner_of_sum`](super::Forms::winner_of_sum), [`Forms::sum_of_parts`](super::Forms::sum_of_parts),
/// [`Forms::search_winner`](super::Forms::search_winner)) may take; past it, an error. Set on the table with
/// [`Forms::set_sum_budget`](super::Forms::set_sum_budget).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumBudget {
    /// Steps of work (a comparison, a pair of forms summed, a move tried: [`Forms::limit_steps`](super::Forms::limit_steps)).
    pub steps: u64,
    /// Bytes the question may add: the table's growth ([`Forms::heap_bytes`](super::Forms::heap_bytes)) and the search's
    /// positions.
    pub bytes: usize,
}

impl SumBudget {
    /// The default: a few seconds of work, at most 256 MiB more memory (docs/partizan.md).
    pub const DEFAULT: SumBudget = SumBudget { steps: 10_000_000, bytes: 256 << 20 };
}

impl Default for SumBudget {
    fn default() -> SumBudget {
        SumBudget::DEFAULT
    }
}
