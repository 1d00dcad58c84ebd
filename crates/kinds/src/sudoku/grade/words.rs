//! How the grader's steps name units, cells, digits and removals.

use super::board::{col, digits_of, row};

pub(super) fn unit_name(unit: usize) -> String {
    match unit / 9 {
        0 => format!("row {}", unit + 1),
        1 => format!("column {}", unit - 8),
        _ => format!("box {}", unit - 17),
    }
}

pub(super) fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row(cell) + 1, col(cell) + 1)
}

pub(super) fn cells_text(cells: &[usize]) -> String {
    cells.iter().map(|&c| cell_name(c)).collect::<Vec<_>>().join(",")
}

pub(super) fn digits_text(mask: u16) -> String {
    digits_of(mask).map(|d| d.to_string()).collect::<Vec<_>>().join(",")
}

/// "removed 3 from r1c7,r1c9; 8 from r1c7": removals grouped by digit.
pub(super) fn removed_text(removed: &[(usize, u8)]) -> String {
    let parts: Vec<String> = (1..=9u8)
        .filter_map(|d| {
            let cells: Vec<usize> = removed.iter().filter(|&&(_, e)| e == d).map(|&(c, _)| c).collect();
            (!cells.is_empty()).then(|| format!("{d} from {}", cells_text(&cells)))
        })
        .collect();
    format!("removed {}", parts.join("; "))
}
