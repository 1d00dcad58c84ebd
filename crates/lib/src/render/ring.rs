//! The ring as text: rows (row 0, the innermost, on top) by sectors, each
//! cell showing the ball that starts there and its move, triangles marked.

use crate::kinds::ring::{COLOURS, Ring, RingSolution};

/// What a solved drawing marks, in the words of both legends: this one's
/// ([`legend`]) and the picture's (`svg::ring`).
pub(crate) const TRIANGLE: &str = "triangle";
pub(crate) const BALL: &str = "the ball starting there";
pub(crate) const RED_MOVE: &str = "red: two cells";

/// The legend of [`board`] with a solution, a line to print under it.
pub fn legend() -> String {
    format!("[ ] {TRIANGLE}; g b r: {BALL}; o stays, ^ v inwards/outwards, < > around ({RED_MOVE})\n")
}

/// The arrow for a move of (rows, sectors) steps: `^`/`v` for inwards and
/// outwards, `<`/`>` around; `o` for staying.
fn arrow(dr: i64, dc: i64) -> String {
    let vertical = match dr.signum() {
        -1 => "^",
        1 => "v",
        _ => "",
    };
    let horizontal = match dc.signum() {
        -1 => "<",
        1 => ">",
        _ => "",
    };
    let s = format!("{vertical}{horizontal}");
    if s.is_empty() { "o".into() } else { s }
}

/// The column step from `from` to `to` around a ring of `sectors`, as the
/// shorter signed distance.
fn around(from: usize, to: usize, sectors: usize) -> i64 {
    let d = (to as i64 - from as i64).rem_euclid(sectors as i64);
    if d * 2 > sectors as i64 { d - sectors as i64 } else { d }
}

/// Draws the board: each cell is `[` `]` around a triangle or spaces, then
/// the letter of the ball starting there (g, b, r; `.` for none) and its
/// move when a solution is given (`o` stays, `^ v < >` and pairs like `^>`
/// for the direction; a red ball's arrow means a jump of two).
pub fn board(ring: &Ring, solution: Option<&RingSolution>) -> String {
    let (rows, sectors) = (ring.rows(), ring.sectors());
    let mut marks = vec![String::from("."); rows * sectors];
    for colour in COLOURS {
        for (b, &(r, c)) in ring.balls(colour).iter().enumerate() {
            let mut mark = colour.letter().to_string();
            if let Some(s) = solution {
                let (tr, tc) = s.end(colour, b);
                mark.push_str(&arrow(tr as i64 - r as i64, around(c, tc, sectors)));
            }
            marks[r * sectors + c] = mark;
        }
    }
    let width = if solution.is_some() { 3 } else { 1 };
    let mut out = String::from("    ");
    for c in 0..sectors {
        out.push_str(&format!(" {c:^w$} ", w = width));
    }
    out.push('\n');
    for r in 0..rows {
        out.push_str(&format!("{r:>3} "));
        for c in 0..sectors {
            let triangle = solution.is_some_and(|s| s.triangles[c] == r);
            let (open, close) = if triangle { ('[', ']') } else { (' ', ' ') };
            out.push_str(&format!("{open}{:<w$}{close}", marks[r * sectors + c], w = width));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_wrapping() {
        assert_eq!(arrow(0, 0), "o");
        assert_eq!(arrow(-1, 1), "^>");
        assert_eq!(arrow(2, 0), "v");
        assert_eq!(around(23, 0, 24), 1);
        assert_eq!(around(0, 22, 24), -2);
    }
}
