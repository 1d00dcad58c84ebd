//! A puzzle's address on puzz.link, where it can be played in a browser:
//! `https://puzz.link/p?aquarium/r/<cols>/<rows>/<borders>/<clues>`, encoded
//! as pzprjs (puzz.link's engine) encodes Aquarium: its `encodeBorder` for
//! the tank walls and `encodeNumber16ExCell` for the clues.
//!
//! - `r/` turns on pzprjs's "one level per region" rule, the site's rule: a
//!   tank's water has one level even where the tank's cells at that level
//!   are not joined (without it, each joined body of water has its own).
//! - The walls are two bit strings, each cut into groups of five bits written
//!   as one base-32 digit (`0`-`9`, `a`-`v`, the last group padded with
//!   zeros): first the wall right of each cell but the last in every row (row
//!   by row), then the wall below each cell of every row but the last.
//! - The clues are the column clues left to right, then the row clues top to
//!   bottom: a clue below 16 as one hex digit, below 256 as `-` and two,
//!   below 4096 as `+` and three; a run of 1 to 20 missing clues as one
//!   letter `g` to `z`.

use super::Aquarium;

/// The address every puzz.link Aquarium starts with.
pub const PREFIX: &str = "https://puzz.link/p?aquarium/";

/// The puzzle's puzz.link address, with the site's one-level-per-tank rule.
pub fn url(puzzle: &Aquarium) -> String {
    let clues: Vec<Option<u32>> = puzzle.col_clues().iter().chain(puzzle.row_clues()).map(|&c| Some(c)).collect();
    encode(true, puzzle.width(), puzzle.height(), |r, c| puzzle.tank(r, c), &clues)
}

/// The address of a grid of `tank(row, col)` labels and its clues (columns,
/// then rows; `None` where a clue is not given).
fn encode(
    per_tank: bool,
    width: usize,
    height: usize,
    tank: impl Fn(usize, usize) -> u32,
    clues: &[Option<u32>],
) -> String {
    let right = (0..height).flat_map(|r| (1..width).map(move |c| (r, c))).map(|(r, c)| tank(r, c - 1) != tank(r, c));
    let below = (1..height).flat_map(|r| (0..width).map(move |c| (r, c))).map(|(r, c)| tank(r - 1, c) != tank(r, c));
    let mut out = String::from(PREFIX);
    if per_tank {
        out.push_str("r/");
    }
    out.push_str(&format!("{width}/{height}/"));
    out.push_str(&base32_bits(right));
    out.push_str(&base32_bits(below));
    out.push('/');
    numbers16(&mut out, clues);
    out
}

/// Bits as pzprjs writes them: five a base-32 digit (`0`-`9`, `a`-`v`), the
/// first bit the highest, the last digit padded with zeros.
pub fn base32_bits(bits: impl Iterator<Item = bool>) -> String {
    let mut out = String::new();
    let (mut value, mut count) = (0u32, 0);
    for bit in bits {
        value = value << 1 | u32::from(bit);
        count += 1;
        if count == 5 {
            out.push(char::from_digit(value, 32).expect("five bits"));
            (value, count) = (0, 0);
        }
    }
    if count > 0 {
        out.push(char::from_digit(value << (5 - count), 32).expect("five bits"));
    }
    out
}

/// Numbers in hex, runs of missing ones as letters `g` (one) to `z` (20).
fn numbers16(out: &mut String, numbers: &[Option<u32>]) {
    let mut missing = 0;
    let flush = |out: &mut String, missing: &mut u32| {
        if *missing > 0 {
            out.push(char::from_digit(15 + *missing, 36).expect("at most 20"));
            *missing = 0;
        }
    };
    for number in numbers {
        match number {
            None => {
                missing += 1;
                if missing == 20 {
                    flush(out, &mut missing);
                }
            }
            Some(n) => {
                flush(out, &mut missing);
                match n {
                    0..16 => out.push_str(&format!("{n:x}")),
                    16..256 => out.push_str(&format!("-{n:02x}")),
                    _ => out.push_str(&format!("+{n:03x}")),
                }
            }
        }
    }
    flush(out, &mut missing);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tank labels, one string a row, one letter a cell.
    fn labels(rows: &[&str]) -> impl Fn(usize, usize) -> u32 {
        let rows: Vec<Vec<u8>> = rows.iter().map(|r| r.bytes().collect()).collect();
        move |r, c| u32::from(rows[r][c])
    }

    // The two examples of semiexp/cspuz_core's Aquarium serializer test
    // (cspuz_rs_puzzles/src/puzzles/aquarium.rs), given there as walls; the
    // tanks here are the regions those walls enclose.
    #[test]
    fn the_published_examples_encode_as_published() {
        let first = labels(&["AABBB", "ACDDF", "CCEDF", "CCDDF"]);
        let clues = [Some(3), None, None, Some(1), Some(2), None, None, Some(1), Some(3)];
        assert_eq!(encode(false, 5, 4, first, &clues), "https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13");
        let second = labels(&["AAAAA", "ABBBA", "CBDBE", "CCDDE"]);
        let clues = [None, None, None, None, None, None, Some(2), Some(4), None];
        assert_eq!(encode(true, 5, 4, second, &clues), "https://puzz.link/p?aquarium/r/5/4/17qgela/l24g");
    }

    #[test]
    fn clues_take_the_longer_forms_and_long_runs_split() {
        let mut out = String::new();
        numbers16(&mut out, &[Some(15), Some(16), Some(255), Some(256), Some(0)]);
        assert_eq!(out, "f-10-ff+1000");
        let mut out = String::new();
        numbers16(&mut out, &[None; 21]);
        assert_eq!(out, "zg");
    }

    #[test]
    fn a_puzzle_gives_its_walls_and_every_clue() {
        // Tanks 1 1 2 over 3 3 2.
        let puzzle = Aquarium::new(3, 2, &[1, 1, 2, 3, 3, 2], vec![2, 1], vec![1, 1, 1]).unwrap();
        // Right walls: row 0 `0 1`, row 1 `0 1` -> 0101(0) = 10 = `a`;
        // walls below: `1 1 0` -> 110(00) = 24 = `o`.
        assert_eq!(url(&puzzle), "https://puzz.link/p?aquarium/r/3/2/ao/11121");
    }
}
