//! Shingoki on the engine, on the loop's model
//! ([`crate::masyu::links::LoopModel`]): a circle's cell has no "none"
//! shape, a white one only the straight shapes and a black one only the
//! turns. A numbered circle has, in each direction, an item "exactly one
//! of": no line that way, or a line of length `k` for each `k` that fits;
//! "no line" is one exactly when the circle's shape does not go that way
//! (an item takes exactly 1 from it and the shapes that do). A line of
//! length `k` or more needs the cell `j < k` steps away straight that way
//! (an item takes at most 1 from those lines and that cell's other
//! shapes), and a line of length `k` a turn `k` steps away; the lines'
//! lengths add up to the number (an item).

use multicover::{ItemId, Problem};

use super::Shingoki;
use crate::masyu::links::{DIRECTIONS, LoopModel, TURNS, is_straight, opposite};

pub(super) fn problem(puzzle: &Shingoki) -> Problem {
    let allowed = |cell: usize, shape: u8| match puzzle.cells[cell] {
        None => true,
        Some(circle) if circle.black => TURNS.contains(&shape),
        Some(_) => is_straight(shape),
    };
    let mut model = LoopModel::new(puzzle.size, allowed);
    let links = model.links;
    // The lines first, each direction's item "exactly one of" before any
    // other item their options touch: per line, its cell, direction,
    // item, and the cells it can reach.
    let mut lines: Vec<(usize, u8, ItemId, Vec<usize>, ItemId)> = Vec::new();
    for (cell, circle) in puzzle.cells.iter().enumerate() {
        let Some(number) = circle.and_then(|c| c.number) else { continue };
        let first = lines.len();
        for d in DIRECTIONS {
            let mut reach = Vec::new();
            let mut at = cell;
            while let Some(next) = links.step(at, d).filter(|_| reach.len() < number as usize) {
                reach.push(next);
                at = next;
            }
            if !reach.is_empty() {
                lines.push((cell, d, model.problem.add_exact(1), reach, 0));
            }
        }
        // The number's item after the lines' own.
        let total = model.problem.add_exact(number);
        for line in &mut lines[first..] {
            line.4 = total;
        }
    }
    // Each line's options: none, then lengths 1..=reach, with their weights.
    let mut options: Vec<Vec<Vec<(ItemId, u32)>>> = Vec::new();
    for (cell, d, item, reach, total) in &lines {
        let (cell, d) = (*cell, *d);
        let mut line: Vec<Vec<(ItemId, u32)>> = (0..=reach.len()).map(|_| vec![(*item, 1)]).collect();
        for (k, weights) in line.iter_mut().enumerate().skip(1) {
            weights.push((*total, k as u32));
        }
        let none = model.problem.add_exact(1);
        line[0].push((none, 1));
        model.weigh_shapes(cell, none, 1, |shape| shape & d != 0);
        let along = d | opposite(d);
        for (j, &next) in reach.iter().enumerate() {
            let steps = j + 1;
            // Lines longer than `steps` go straight through `next`.
            if steps < reach.len() {
                let straight = model.problem.add_secondary(1);
                for weights in &mut line[steps + 1..] {
                    weights.push((straight, 1));
                }
                model.weigh_shapes(next, straight, 1, |shape| shape != along);
            }
            // A line of length `steps` turns in `next`.
            let turn = model.problem.add_secondary(1);
            line[steps].push((turn, 1));
            model.weigh_shapes(next, turn, 1, |shape| !TURNS.contains(&shape));
        }
        options.push(line);
    }
    if puzzle.cells.iter().all(Option::is_none) {
        // The loop is drawn: no circle says so, an item does.
        let item = model.problem.add_item(1, links.count() as u32);
        for weights in &mut model.link_weights {
            weights.push((item, 1));
        }
    }
    let mut problem = model.finish();
    for line in options {
        for weights in line {
            problem.add_option(weights);
        }
    }
    problem
}
