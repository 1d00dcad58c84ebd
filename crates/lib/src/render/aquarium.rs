//! An Aquarium board as framed text: clues above and to the left, walls
//! between tanks drawn, water as `~`.

use crate::kinds::aquarium::{Aquarium, Water};

/// Draws the board, with water when a solution is given:
///
/// ```text
///      1   1
///   +---+---+
/// 0 | . | . |
///   +   +---+
/// 2 | ~   ~ |
///   +---+---+
/// ```
pub fn framed(puzzle: &Aquarium, water: Option<&Water>) -> String {
    let (w, h) = (puzzle.width(), puzzle.height());
    // Boundaries are numbered 0..=h between rows and 0..=w between columns.
    let wall_across = |b: usize, c: usize| b == 0 || b == h || puzzle.tank(b - 1, c) != puzzle.tank(b, c);
    let wall_down = |r: usize, v: usize| v == 0 || v == w || puzzle.tank(r, v - 1) != puzzle.tank(r, v);
    let corner = |b: usize, v: usize| {
        (v > 0 && wall_across(b, v - 1))
            || (v < w && wall_across(b, v))
            || (b > 0 && wall_down(b - 1, v))
            || (b < h && wall_down(b, v))
    };
    let clue_width = puzzle.row_clues().iter().map(|c| c.to_string().len()).max().unwrap_or(1);
    // A cell is its left wall and `inner` characters: the clue above it
    // right-aligned so that its last digit stands over the cell's mark.
    let digits = puzzle.col_clues().iter().map(|c| c.to_string().len()).max().unwrap_or(1);
    let inner = (digits + 1).max(3);
    let mark_at = inner - 2;
    let pad = " ".repeat(clue_width + 1);
    let mut out = String::new();
    out.push_str(&pad);
    for clue in puzzle.col_clues() {
        out.push_str(&format!(" {clue:>width$} ", width = inner - 1));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    for b in 0..=h {
        out.push_str(&pad);
        for v in 0..=w {
            out.push(if corner(b, v) { '+' } else { ' ' });
            if v < w {
                let segment = if wall_across(b, v) { '-' } else { ' ' };
                out.extend(std::iter::repeat_n(segment, inner));
            }
        }
        out.push('\n');
        if b == h {
            break;
        }
        let r = b;
        out.push_str(&format!("{:>clue_width$} ", puzzle.row_clues()[r]));
        for v in 0..=w {
            out.push(if wall_down(r, v) { '|' } else { ' ' });
            if v < w {
                let mark = match water {
                    Some(water) if water.get(r, v) => '~',
                    Some(_) => '.',
                    None => ' ',
                };
                out.extend(std::iter::repeat_n(' ', mark_at));
                out.push(mark);
                out.extend(std::iter::repeat_n(' ', inner - 1 - mark_at));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_and_water() {
        let puzzle = Aquarium::parse_text("1 2\n1 1\n0 2\n1 1\n").unwrap();
        let water = Water::parse("00\n11\n").unwrap();
        let drawn = framed(&puzzle, Some(&water));
        let expected = "    1   1\n  +---+---+\n0 | . | . |\n  +   +---+\n2 | ~   ~ |\n  +---+---+\n";
        assert_eq!(drawn, expected, "\n{drawn}");
    }
}
