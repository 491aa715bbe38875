//! The birthday of a form: the height of its canonical form's game tree (Siegel, *Combinatorial
//! Game Theory*, AMS 2013, I.4 and II.1; CGSuite's `Birthday`). `0` is born on day 0; a form is
//! born the day after its latest-born option; a number's is [`Dyadic::birthday`] (`n` for the
//! integer `n`, `2` for `1/2`). `*` and `1` are born on day 1, `^` and `*2` on day 2.
//!
//! Invariant: computed over [`Forms::followers_in_order`] (children first, no recursion), each
//! follower once, in a map of the call's own, grown checked.

use super::forms::{reserve_entry, FormId, Forms};
use super::hash::FastMap;
use crate::input::Error;

impl Forms {
    /// The birthday of `g` (module doc), saturating at `u64::MAX`; an error when memory runs out.
    pub fn birthday(&self, g: FormId) -> Result<u64, Error> {
        if let Some(x) = self.as_number(g) {
            return Ok(x.birthday());
        }
        let mut born: FastMap<FormId, u64> = FastMap::default();
        for h in self.followers_in_order(g)? {
            let mut latest = 0;
            for &o in self.left(h).iter().chain(self.right(h)) {
                let day = match self.as_number(o) {
                    Some(x) => x.birthday(),
                    None => born[&o],
                };
                latest = latest.max(day);
            }
            reserve_entry(&mut born)?;
            born.insert(h, latest.saturating_add(1));
        }
        Ok(born[&g])
    }
}
