//! Sizes the input declares, checked before anything is reserved for them ([`board_cells`]); the
//! memory they then need is `crate::memory`'s.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_cells_checked() {
        let at = Pos { line: 1, column: 1 };
        assert_eq!(board_cells(3, 4, 12, at), Ok(12));
        assert_eq!(
            board_cells(4_000_000_000, 4_000_000_000, 100, at).unwrap_err().message(),
            "line 1, column 1: a 4000000000x4000000000 board has 16000000000000000000 cells, more than the 100 allowed"
        );
    }
}
