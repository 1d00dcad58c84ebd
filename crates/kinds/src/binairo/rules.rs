//! The rules, checked by looking at the digits: no engine involved.

use super::Binairo;
use crate::task::answer_cells;

/// The answer's digits, row-major.
pub(crate) fn digits(board: &Binairo, answer: &str) -> Result<Vec<u8>, String> {
    Ok(answer_cells(answer, board.size(), "01")?.into_iter().map(|d| d as u8).collect())
}

/// The first rule an answer breaks: the givens kept, the signs kept, as
/// many 0s as 1s in every row and column, no three equal digits side by
/// side, and (binairo, not plus) no two rows and no two columns alike.
pub(crate) fn check(board: &Binairo, answer: &str) -> Result<(), String> {
    let digits = digits(board, answer)?;
    let w = board.size().width;
    let place = |cell: usize| format!("row {}, column {}", cell / w + 1, cell % w + 1);
    for (cell, (&given, &d)) in board.givens().iter().zip(&digits).enumerate() {
        if given.is_some_and(|g| g != d) {
            return Err(format!("{} was given as {} but holds {d}", place(cell), given.unwrap_or_default()));
        }
    }
    for cell in 0..digits.len() {
        for (down, next) in [(false, (cell % w + 1 < w).then_some(cell + 1)), (true, Some(cell + w))] {
            let (Some(sign), Some(next)) = (board.sign(cell, down), next.filter(|&n| n < digits.len())) else {
                continue;
            };
            if !sign.holds(digits[cell], digits[next]) {
                return Err(format!(
                    "{} holds {} and {} holds {}, against the `{}` between them",
                    place(cell),
                    digits[cell],
                    place(next),
                    digits[next],
                    sign.symbol()
                ));
            }
        }
    }
    let (rows, cols) = lines(board, &digits);
    for (lines, name) in [(&rows, "row"), (&cols, "column")] {
        for (n, line) in lines.iter().enumerate() {
            let ones = line.iter().filter(|&&d| d == 1).count();
            if 2 * ones != line.len() {
                return Err(format!("{name} {} holds {ones} 1s and {} 0s", n + 1, line.len() - ones));
            }
            if let Some(at) = line.windows(3).position(|t| t[0] == t[1] && t[1] == t[2]) {
                return Err(format!("{name} {} holds three {}s side by side from {}", n + 1, line[at], at + 1));
            }
        }
    }
    if !board.is_plus() {
        return repeated_line(board, &digits).map_or(Ok(()), Err);
    }
    Ok(())
}

/// The rows and the columns of the digits.
fn lines(board: &Binairo, digits: &[u8]) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let w = board.size().width;
    let rows = digits.chunks(w).map(<[u8]>::to_vec).collect();
    let cols = (0..w).map(|c| digits.iter().skip(c).step_by(w).copied().collect()).collect();
    (rows, cols)
}

/// The first two rows (else columns) that are alike, said as a broken rule.
pub(crate) fn repeated_line(board: &Binairo, digits: &[u8]) -> Option<String> {
    let (rows, cols) = lines(board, digits);
    for (lines, name) in [(&rows, "row"), (&cols, "column")] {
        for (n, line) in lines.iter().enumerate() {
            if let Some(before) = lines[..n].iter().position(|other| other == line) {
                return Some(format!("{name}s {} and {} are alike", before + 1, n + 1));
            }
        }
    }
    None
}
