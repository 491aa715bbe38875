//! `Forms::heap_bytes` against the allocator: this test binary counts every byte allocated and
//! freed (a global allocator of its own around the system's), so the heap a table holds is known
//! without asking the table. A budget built on `heap_bytes` (a sum's memory bound) must be able to
//! trust it: the estimate is checked to lie within 5% of the bytes the table's blocks take, on
//! tables made by `make` (thousands of forms, memos filled by comparisons) and by sums.

use graph_games::partizan::{FormId, Forms, Side};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The system's allocator, counting the bytes live.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::SeqCst);
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The tests of this file one at a time: the count is the whole process's.
static ALONE: Mutex<()> = Mutex::new(());

/// The bytes `build` leaves allocated in the table it returns (all else it made dropped), and the
/// table.
fn table_bytes(build: impl FnOnce() -> Forms) -> (usize, Forms) {
    let before = LIVE.load(Ordering::SeqCst);
    let forms = build();
    (LIVE.load(Ordering::SeqCst) - before, forms)
}

fn assert_close(forms: &Forms, live: usize, what: &str) {
    let estimate = forms.heap_bytes();
    let ratio = estimate as f64 / live as f64;
    assert!(
        (0.95..=1.05).contains(&ratio),
        "{what}: heap_bytes {estimate}, the allocator {live} ({ratio:.3})"
    );
}

/// Toppling Dominoes' rows of up to `n` dominoes (written here: a move leaves a prefix or a
/// suffix), valued with `make`, children first: the table of a real game.
fn toppling(forms: &mut Forms, n: usize) {
    let mut values: std::collections::HashMap<Vec<u8>, FormId> = std::collections::HashMap::new();
    let mut rows: Vec<Vec<u8>> = vec![Vec::new()];
    for len in 1..=n {
        let mut longer = Vec::new();
        for row in rows.iter().filter(|r| r.len() == len - 1) {
            for c in [b'L', b'R', b'G'] {
                let mut r = row.clone();
                r.push(c);
                longer.push(r);
            }
        }
        rows.extend(longer);
    }
    for row in rows {
        let mut options = [Vec::new(), Vec::new()];
        for (side, mine) in [(Side::Left, b'L'), (Side::Right, b'R')] {
            for (i, &d) in row.iter().enumerate() {
                if d == mine || d == b'G' {
                    let list = &mut options[if side == Side::Left { 0 } else { 1 }];
                    list.push(values[&row[..i]]);
                    list.push(values[&row[i + 1..]]);
                }
            }
        }
        let value = forms.make(&options[0], &options[1]).unwrap();
        values.insert(row, value);
    }
}

#[test]
fn a_table_of_forms_and_its_comparisons() {
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    let (live, forms) = table_bytes(|| {
        let mut forms = Forms::new();
        toppling(&mut forms, 8);
        forms
    });
    assert!(forms.len() > 1000, "{} forms", forms.len());
    assert_close(&forms, live, "rows of up to 8 dominoes");
}

#[test]
fn a_table_with_sums_and_negatives() {
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    let (live, forms) = table_bytes(|| {
        let mut forms = Forms::new();
        let star = forms.make(&[Forms::ZERO], &[Forms::ZERO]).unwrap();
        let mut g = forms.make(&[star], &[Forms::ZERO]).unwrap();
        for k in 1..200 {
            let x = forms.integer(k % 7).unwrap();
            let h = forms.make(&[x, g], &[star]).unwrap();
            let minus = forms.neg(h).unwrap();
            g = forms.sum(g, minus).unwrap();
            forms.winner(g).unwrap();
        }
        forms
    });
    assert_close(&forms, live, "sums and negatives");
}

/// Numbers of up to 3,000 bits (halvings: `{0 | x}` is `x/2`), hot games over them and their
/// thermographs: the digits and the walls, which the table adds up as they are stored.
#[test]
fn a_table_with_long_numbers_and_thermographs() {
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    let (live, forms) = table_bytes(|| {
        let mut forms = Forms::new();
        let one = forms.integer(1).unwrap();
        let mut x = one;
        let mut hot = Forms::ZERO;
        for k in 1..=3000 {
            x = forms.make(&[Forms::ZERO], &[x]).unwrap();
            if k % 10 == 0 {
                let minus = forms.neg(x).unwrap();
                let switch = forms.make(&[one, x], &[minus]).unwrap();
                hot = forms.make(&[switch, hot], &[minus]).unwrap();
                forms.thermograph(hot).unwrap();
            }
        }
        forms
    });
    assert_close(&forms, live, "long numbers and thermographs");
}
