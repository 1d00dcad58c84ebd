//! The rules, checked directly: no engine involved.

use super::Tents;
use crate::task::answer_cells;

/// The answer's tents, a flag a cell, row-major: `y` a tent, `n` none.
pub(crate) fn tents(board: &Tents, answer: &str) -> Result<Vec<bool>, String> {
    Ok(answer_cells(answer, board.size(), "ny")?.into_iter().map(|c| c == 1).collect())
}

/// The first rule an answer breaks: tents only on empty cells, no two
/// tents touching (even diagonally), every row and column holding as many
/// tents as its clue says, and trees and tents paired one to one, each
/// pair side by side.
pub(crate) fn check(board: &Tents, answer: &str) -> Result<(), String> {
    let tents = tents(board, answer)?;
    let trees = board.trees();
    let size = board.size();
    let width = size.width;
    if let Some(cell) = (0..tents.len()).find(|&c| tents[c] && trees[c]) {
        return Err(format!("{} holds a tree, and a tent cannot go on it", board.place(cell)));
    }
    for cell in (0..tents.len()).filter(|&c| tents[c]) {
        let (row, col) = (cell / width, cell % width);
        // Each touching pair is seen from its upper (or left) tent.
        let later = [
            (col + 1 < width).then_some(cell + 1),
            (row + 1 < size.height && col > 0).then(|| cell + width - 1),
            (row + 1 < size.height).then_some(cell + width),
            (row + 1 < size.height && col + 1 < width).then(|| cell + width + 1),
        ];
        if let Some(other) = later.into_iter().flatten().find(|&o| tents[o]) {
            return Err(format!("the tents at {} and {} touch", board.place(cell), board.place(other)));
        }
    }
    for (row, &clue) in board.row_clues().iter().enumerate() {
        let found = tents[row * width..(row + 1) * width].iter().filter(|&&t| t).count();
        if found != clue as usize {
            return Err(format!("row {} holds {found} tents, its clue says {clue}", row + 1));
        }
    }
    for (col, &clue) in board.col_clues().iter().enumerate() {
        let found = tents.iter().skip(col).step_by(width).filter(|&&t| t).count();
        if found != clue as usize {
            return Err(format!("column {} holds {found} tents, its clue says {clue}", col + 1));
        }
    }
    if let Some(cell) = (0..tents.len()).find(|&c| tents[c] && !board.neighbours(c).any(|n| trees[n])) {
        return Err(format!("the tent at {} has no tree next to it", board.place(cell)));
    }
    if let Some(cell) = (0..trees.len()).find(|&c| trees[c] && !board.neighbours(c).any(|n| tents[n])) {
        return Err(format!("the tree at {} has no tent next to it", board.place(cell)));
    }
    let (tree_count, tent_count) = (trees.iter().filter(|&&t| t).count(), tents.iter().filter(|&&t| t).count());
    if tree_count != tent_count {
        return Err(format!("{tent_count} tents for {tree_count} trees: each tree takes one tent of its own"));
    }
    // Pair trees with tents by augmenting paths (Kuhn's matching).
    let mut tree_of_tent: Vec<Option<usize>> = vec![None; tents.len()];
    for tree in (0..trees.len()).filter(|&c| trees[c]) {
        let mut visited = vec![false; tents.len()];
        if !pair(board, &tents, tree, &mut tree_of_tent, &mut visited) {
            return Err(format!(
                "the tree at {} cannot have a tent of its own: its neighbouring tents are all needed by other trees",
                board.place(tree)
            ));
        }
    }
    Ok(())
}

/// Finds `tree` a tent next to it, moving other trees to other tents of
/// theirs where that frees one.
fn pair(board: &Tents, tents: &[bool], tree: usize, tree_of_tent: &mut [Option<usize>], visited: &mut [bool]) -> bool {
    for tent in board.neighbours(tree).filter(|&n| tents[n]) {
        if std::mem::replace(&mut visited[tent], true) {
            continue;
        }
        let free = match tree_of_tent[tent] {
            None => true,
            Some(other) => pair(board, tents, other, tree_of_tent, visited),
        };
        if free {
            tree_of_tent[tent] = Some(tree);
            return true;
        }
    }
    false
}
