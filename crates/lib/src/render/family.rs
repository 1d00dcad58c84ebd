//! A puzzle of a family kind shown through its kind's drawing: the board in
//! text ([`super::drawing`]) or SVG ([`super::svg::drawing`]), with its
//! answer where one is given. A kind whose task grammar is not written yet
//! has no board: it shows its task as the site gave it, and says so.

use crate::kinds::Kind;
use crate::kinds::home::Board;

/// The board as framed text with the legend of what it shows, or, for a
/// kind not read yet, its task and a line that says the board will come.
pub fn framed(kind: Kind, board: Option<&dyn Board>, task: &str, answer: Option<&str>) -> String {
    match board {
        Some(board) => {
            let drawing = board.draw(answer);
            super::drawing::text(&drawing) + &super::drawing::legend(&drawing)
        }
        None => not_drawn(kind, task),
    }
}

/// The task of a kind that aquarchive does not read yet, as text.
pub fn not_drawn(kind: Kind, task: &str) -> String {
    format!("task: {task}\n(its board will be drawn once aquarchive reads {kind} tasks)\n")
}

/// The board as SVG; None for a kind not read yet.
pub fn svg(board: Option<&dyn Board>, answer: Option<&str>, title: &str) -> Option<String> {
    board.map(|board| super::svg::drawing::board(&board.draw(answer), title))
}
