//! The pieces the family's task strings are made of (docs/site.md, "The
//! family"), read once for every kind: run-length cells, number lists, and
//! grids whose size a task implies.
//!
//! Run-length cells: `a`..`z` stand for 1..26 empty cells; digits are a
//! given number; other letters (`B`, `W`) are given letters; `_` only
//! separates two numbers that would otherwise run together.

use crate::home::{MAX_SIDE, Size, TaskError};

/// One cell of a run-length task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Empty,
    Number(u32),
    /// A given letter other than `a`..`z` (`B` for black, `W` for white).
    Letter(char),
}

/// How a run-length task writes numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbers {
    /// Each digit is a cell of its own (kinds whose clues are below 10).
    Digit,
    /// A run of digits is one number; `_` parts two numbers side by side.
    Run,
}

/// Reads run-length cells.
pub fn run_length(task: &str, numbers: Numbers) -> Result<Vec<Token>, TaskError> {
    let mut cells = Vec::new();
    let mut chars = task.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            'a'..='z' => {
                let run = (c as u8 - b'a' + 1) as usize;
                if cells.len() + run > MAX_SIDE * MAX_SIDE {
                    return Err(TaskError::new("more cells than any grid has"));
                }
                cells.extend(std::iter::repeat_n(Token::Empty, run));
            }
            '0'..='9' => {
                let mut value = c.to_digit(10).expect("a digit");
                if numbers == Numbers::Run {
                    while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                        chars.next();
                        value = value
                            .checked_mul(10)
                            .and_then(|v| v.checked_add(d.to_digit(10).expect("a digit")))
                            .ok_or_else(|| TaskError::new(format!("a number too large at character {}", at + 1)))?;
                    }
                }
                cells.push(Token::Number(value));
            }
            '_' => {}
            'A'..='Z' => cells.push(Token::Letter(c)),
            other => {
                return Err(TaskError::new(format!("`{other}` at character {} is not a cell", at + 1)));
            }
        }
        if cells.len() > MAX_SIDE * MAX_SIDE {
            return Err(TaskError::new("more cells than any grid has"));
        }
    }
    Ok(cells)
}

/// Writes cells back as run-length text: the inverse of [`run_length`].
pub fn write_run_length(cells: &[Token], numbers: Numbers) -> String {
    let mut out = String::new();
    let mut empty = 0;
    let mut last_was_number = false;
    let flush = |out: &mut String, empty: &mut usize| {
        while *empty > 0 {
            let run = (*empty).min(26);
            out.push((b'a' + run as u8 - 1) as char);
            *empty -= run;
        }
    };
    for cell in cells {
        match cell {
            Token::Empty => {
                empty += 1;
                last_was_number = false;
            }
            Token::Number(n) => {
                let had_empty = empty > 0;
                flush(&mut out, &mut empty);
                if numbers == Numbers::Run && last_was_number && !had_empty {
                    out.push('_');
                }
                out.push_str(&n.to_string());
                last_was_number = true;
            }
            Token::Letter(c) => {
                flush(&mut out, &mut empty);
                out.push(*c);
                last_was_number = false;
            }
        }
    }
    flush(&mut out, &mut empty);
    out
}

/// Numbers separated by `separator` (`1,2,3`); `what` names them in an
/// error (`region ids`).
pub fn numbers(text: &str, separator: char, what: &str) -> Result<Vec<u32>, TaskError> {
    text.split(separator)
        .enumerate()
        .map(|(i, part)| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| TaskError::new(format!("{what}: `{part}` (number {}) is not a number", i + 1)))
        })
        .collect()
}

/// The grid of `cells` cells: the page's size where given (it must hold
/// them), else a square.
pub fn grid_size(cells: usize, size: Option<Size>) -> Result<Size, TaskError> {
    let size = match size {
        Some(size) => size,
        None => {
            let side = (cells as f64).sqrt().round() as usize;
            if side * side != cells {
                return Err(TaskError::new(format!(
                    "{cells} cells make no square grid, and the page's width and height are not known"
                )));
            }
            Size::square(side)
        }
    };
    check_size(size)?;
    if size.cells() != cells {
        return Err(TaskError::new(format!("{cells} cells where a {size} grid has {}", size.cells())));
    }
    Ok(size)
}

/// A size no task may exceed, and no empty grid.
pub fn check_size(size: Size) -> Result<Size, TaskError> {
    if size.width == 0 || size.height == 0 || size.width > MAX_SIDE || size.height > MAX_SIDE {
        return Err(TaskError::new(format!("a {size} grid: the sides go from 1 to {MAX_SIDE}")));
    }
    Ok(size)
}

/// An answer string of one character a cell from `alphabet` (`"yn"`,
/// `"10"`): the position of each in it. The error says where it breaks.
pub fn answer_cells(answer: &str, size: Size, alphabet: &str) -> Result<Vec<usize>, String> {
    if answer.len() != size.cells() {
        return Err(format!("{} characters where a {size} grid has {} cells", answer.len(), size.cells()));
    }
    answer
        .chars()
        .enumerate()
        .map(|(i, c)| {
            alphabet.find(c).ok_or_else(|| {
                format!("`{c}` at row {}, column {} is not one of `{alphabet}`", i / size.width + 1, i % size.width + 1)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_length_cells_read_and_write_back() {
        let task = "c3f7_3_1a4a2";
        let cells = run_length(task, Numbers::Run).unwrap();
        assert_eq!(&cells[..5], &[Token::Empty, Token::Empty, Token::Empty, Token::Number(3), Token::Empty]);
        assert_eq!(cells.iter().filter(|c| **c == Token::Number(7)).count(), 1);
        assert_eq!(write_run_length(&cells, Numbers::Run), task);
        let digits = run_length("a2b0g43a1", Numbers::Digit).unwrap();
        assert_eq!(digits.len(), 1 + 1 + 2 + 1 + 7 + 2 + 1 + 1);
        assert_eq!(write_run_length(&digits, Numbers::Digit), "a2b0g43a1");
        let letters = run_length("BlBaW", Numbers::Digit).unwrap();
        assert_eq!(letters[0], Token::Letter('B'));
        assert_eq!(letters.len(), 1 + 12 + 1 + 1 + 1);
        assert_eq!(write_run_length(&letters, Numbers::Digit), "BlBaW");
        // 30 empty cells are written as a run of 26 and one of 4.
        assert_eq!(write_run_length(&[Token::Empty; 30], Numbers::Digit), "zd");
    }

    #[test]
    fn bad_tasks_are_errors_that_say_where() {
        assert_eq!(run_length("ab!c", Numbers::Digit).unwrap_err().0, "`!` at character 3 is not a cell");
        assert!(run_length("99999999999", Numbers::Run).is_err());
        assert!(run_length(&"z".repeat(500), Numbers::Digit).is_err());
        assert!(numbers("1,x,3", ',', "region ids").unwrap_err().0.contains("`x` (number 2)"));
        assert_eq!(grid_size(25, None).unwrap(), Size::square(5));
        assert!(grid_size(24, None).is_err());
        assert_eq!(grid_size(24, Some(Size::new(4, 6))).unwrap(), Size::new(4, 6));
        assert!(grid_size(24, Some(Size::new(5, 5))).is_err());
        assert!(answer_cells("yny", Size::new(2, 2), "yn").is_err());
        assert_eq!(answer_cells("ynny", Size::new(2, 2), "yn").unwrap(), [0, 1, 1, 0]);
        assert!(answer_cells("ynxy", Size::new(2, 2), "yn").unwrap_err().contains("row 2, column 1"));
    }
}
