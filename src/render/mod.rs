//! Showing puzzles: framed text grids, and pictures (SVG, PNG) in `svg`.

pub mod aquarium;
pub mod calendar;
pub mod ring;
pub mod sudoku;
pub mod svg;

/// A whole number with thousands separators, as the site writes puzzle IDs
/// and as tables print counts: 4937780 -> "4,937,780".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A count with its noun, singular or plural as the count needs:
/// `count_of(1, "puzzle", "puzzles")` is "1 puzzle", with 2 "2 puzzles".
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_take_the_right_number() {
        assert_eq!(super::count_of(1, "puzzle", "puzzles"), "1 puzzle");
        assert_eq!(super::count_of(0, "puzzle", "puzzles"), "0 puzzles");
        assert_eq!(super::count_of(2, "match", "matches"), "2 matches");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(super::thousands(4_937_780), "4,937,780");
        assert_eq!(super::thousands(681_742), "681,742");
        assert_eq!(super::thousands(97), "97");
        assert_eq!(super::thousands(0), "0");
    }
}
