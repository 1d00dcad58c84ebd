//! Masyu on the engine, on the loop's model ([`super::links::LoopModel`]):
//! a circle's cell has no "none" shape, a white one only the straight
//! shapes and a black one only the turns. A white circle's straight shape
//! needs a turn beside it: an item takes at least 1 from its other shape
//! and the turns of the two cells it joins. A black circle's link in a
//! direction needs the next cell straight that way: an item takes at least
//! 1 from its shapes without that direction and that cell's straight shape.

use multicover::Problem;

use super::links::{DIRECTIONS, LoopModel, STRAIGHTS, TURNS, is_straight, opposite};
use super::{Circle, Masyu};

pub(super) fn problem(puzzle: &Masyu) -> Problem {
    let allowed = |cell: usize, shape: u8| match puzzle.cells[cell] {
        Circle::None => true,
        Circle::White => is_straight(shape),
        Circle::Black => TURNS.contains(&shape),
    };
    let mut model = LoopModel::new(puzzle.size, allowed);
    let links = model.links;
    for (cell, &circle) in puzzle.cells.iter().enumerate() {
        match circle {
            Circle::None => {}
            Circle::White => {
                for straight in STRAIGHTS {
                    if !model.shapes[cell].contains(&straight) {
                        continue;
                    }
                    let item = model.problem.add_item(1, 3);
                    model.weigh_shapes(cell, item, 1, |shape| shape != straight);
                    for d in DIRECTIONS.into_iter().filter(|&d| straight & d != 0) {
                        let next = links.step(cell, d).expect("a straight shape that fits");
                        model.weigh_shapes(next, item, 1, |shape| TURNS.contains(&shape));
                    }
                }
            }
            Circle::Black => {
                for d in DIRECTIONS {
                    let Some(next) = links.step(cell, d) else { continue };
                    let item = model.problem.add_item(1, 2);
                    model.weigh_shapes(cell, item, 1, |shape| shape & d == 0);
                    model.weigh_shapes(next, item, 1, |shape| shape == d | opposite(d));
                }
            }
        }
    }
    if puzzle.cells.iter().all(|&c| c == Circle::None) {
        // The loop is drawn: no circle says so, an item does.
        let item = model.problem.add_item(1, links.count() as u32);
        for weights in &mut model.link_weights {
            weights.push((item, 1));
        }
    }
    model.finish()
}
