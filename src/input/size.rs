//! Sizes the input declares, checked before memory is reserved for them.

use super::error::{Error, Pos};

/// Checks a board's declared size before anything is reserved for it: `rows x cols` must be at
/// most `max_cells`. `at` is where the sizes start. Returns the number of cells.
pub fn board_cells(rows: u64, cols: u64, max_cells: u64, at: Pos) -> Result<usize, Error> {
    let cells = u128::from(rows) * u128::from(cols);
    if cells > u128::from(max_cells) {
        return Err(Error::at(
            at,
            format!("a {rows}x{cols} board has {cells} cells, more than the {max_cells} allowed"),
        ));
    }
    Ok(cells as usize)
}

/// Makes room in `v` for `additional` more items, doubling as `Vec` does but never reserving past
/// `limit` items in all, the size the input declared: memory follows what has arrived and never
/// exceeds what was declared, so a false size costs nothing. (Past `limit`, it doubles.)
#[inline]
pub fn grow_within<T>(v: &mut Vec<T>, additional: usize, limit: usize) {
    let needed = v.len() + additional;
    if needed > v.capacity() {
        let doubled = (2 * v.capacity()).max(needed);
        let target = if needed <= limit { doubled.min(limit) } else { doubled };
        v.reserve_exact(target - v.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_cells_and_grow_within() {
        let at = Pos { line: 1, column: 1 };
        assert_eq!(board_cells(3, 4, 12, at), Ok(12));
        assert_eq!(
            board_cells(4_000_000_000, 4_000_000_000, 100, at).unwrap_err().message(),
            "line 1, column 1: a 4000000000x4000000000 board has 16000000000000000000 cells, more than the 100 allowed"
        );
        // Within the limit: doubling, never past it.
        let mut v: Vec<u8> = Vec::new();
        for _ in 0..3 {
            grow_within(&mut v, 3, 10);
            v.extend_from_slice(b"abc");
            assert!(v.capacity() <= 10, "{}", v.capacity());
        }
        let mut v: Vec<u8> = Vec::with_capacity(4);
        for _ in 0..6 {
            grow_within(&mut v, 1, 6);
            v.push(1);
        }
        assert_eq!(v.capacity(), 6);
        // Past the limit, doubling again.
        grow_within(&mut v, 1, 6);
        assert_eq!(v.capacity(), 12);
    }
}
