//! Nurikabe on the engine, cell by cell. Each cell has an item "exactly one
//! of": a wall, or in island `k` for each numbered cell `k` whose island
//! can reach it (within its number's size less one steps that keep off the
//! other numbered cells and their sides; a numbered cell has only its own
//! island). Island `k` has an item taking exactly its number from its
//! cells, and a connectivity rule over them (`Problem::add_connected`);
//! the walls one more rule, and an item taking what the islands leave.
//! Two islands never touch: for each cell `a`, each side `b` of it and each
//! island `k` that `a` may join, an item takes at most one of "`a` in `k`"
//! and "`b` in another island". No two-by-two square is all wall: an item
//! per square takes at most three of its walls.

use multicover::{ItemId, OptionId, Problem};

use super::Nurikabe;

/// A puzzle as a problem, with what each option says: its cell, and the
/// island it joins (None for a wall).
pub(super) struct Encoding {
    pub(super) problem: Problem,
    options: Vec<(usize, Option<usize>)>,
}

impl Encoding {
    pub(super) fn new(puzzle: &Nurikabe) -> Encoding {
        let cells = puzzle.size().cells();
        let width = puzzle.size().width;
        let numbers = puzzle.numbers();
        let islands: Vec<(usize, usize)> =
            (0..cells).filter_map(|c| numbers[c].map(|n| (c, n as usize))).collect();
        // Which islands each cell may join.
        let mut joins: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (k, &(start, size)) in islands.iter().enumerate() {
            let blocked = |c: usize| {
                c != start
                    && (numbers[c].is_some() || puzzle.neighbours(c).any(|n| n != start && numbers[n].is_some()))
            };
            let mut distance = vec![usize::MAX; cells];
            distance[start] = 0;
            let mut queue = vec![start];
            let mut at = 0;
            while at < queue.len() {
                let here = queue[at];
                at += 1;
                joins[here].push(k);
                if distance[here] + 1 >= size {
                    continue;
                }
                for next in puzzle.neighbours(here) {
                    if distance[next] == usize::MAX && !blocked(next) {
                        distance[next] = distance[here] + 1;
                        queue.push(next);
                    }
                }
            }
        }
        let can_wall = |c: usize| numbers[c].is_none();
        let mut problem = Problem::new();
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let island_items: Vec<ItemId> = islands.iter().map(|&(_, size)| problem.add_exact(size as u32)).collect();
        let island_cells: usize = islands.iter().map(|&(_, size)| size).sum();
        let wall_item = problem.add_exact(cells.saturating_sub(island_cells) as u32);
        // What each option adds to besides its cell's item and its count:
        // the wall options by cell, the island options by (cell, island).
        let mut wall_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        let mut island_on: Vec<Vec<Vec<ItemId>>> = joins.iter().map(|ks| vec![Vec::new(); ks.len()]).collect();
        for cell in 0..cells {
            let square = [cell, cell + 1, cell + width, cell + width + 1];
            if cell % width + 1 < width && cell + width + 1 < cells && square.iter().all(|&c| can_wall(c)) {
                let item = problem.add_secondary(3);
                for c in square {
                    wall_on[c].push(item);
                }
            }
        }
        for a in 0..cells {
            for b in puzzle.neighbours(a) {
                for (ka, &k) in joins[a].iter().enumerate() {
                    if joins[b].iter().all(|&j| j == k) {
                        continue;
                    }
                    let item = problem.add_secondary(1);
                    island_on[a][ka].push(item);
                    for (kb, &j) in joins[b].iter().enumerate() {
                        if j != k {
                            island_on[b][kb].push(item);
                        }
                    }
                }
            }
        }
        let mut options = Vec::new();
        let mut wall_options = vec![usize::MAX; cells];
        let mut island_options: Vec<Vec<usize>> = vec![vec![usize::MAX; cells]; islands.len()];
        for cell in 0..cells {
            if can_wall(cell) {
                let own = [(cell_items[cell], 1), (wall_item, 1)];
                wall_options[cell] =
                    problem.add_option(own.into_iter().chain(wall_on[cell].iter().map(|&item| (item, 1))));
                options.push((cell, None));
            }
            for (ka, &k) in joins[cell].iter().enumerate() {
                let own = [(cell_items[cell], 1), (island_items[k], 1)];
                island_options[k][cell] =
                    problem.add_option(own.into_iter().chain(island_on[cell][ka].iter().map(|&item| (item, 1))));
                options.push((cell, Some(k)));
            }
        }
        let mut rule = |vertex_option: &[usize]| {
            let vertex_of: Vec<Option<usize>> = {
                let mut index = vec![None; cells];
                let mut n = 0;
                for (cell, &o) in vertex_option.iter().enumerate() {
                    if o != usize::MAX {
                        index[cell] = Some(n);
                        n += 1;
                    }
                }
                index
            };
            let vertices: Vec<OptionId> = vertex_option.iter().copied().filter(|&o| o != usize::MAX).collect();
            let mut edges = Vec::new();
            for cell in 0..cells {
                for other in puzzle.neighbours(cell).filter(|&o| o > cell) {
                    if let (Some(a), Some(b)) = (vertex_of[cell], vertex_of[other]) {
                        edges.push((a, b));
                    }
                }
            }
            problem.add_connected(&vertices, &edges);
        };
        rule(&wall_options);
        for island in &island_options {
            rule(island);
        }
        Encoding { problem, options }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, cells: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; cells];
        for &option in chosen {
            if let (cell, None) = self.options[option] {
                answer[cell] = b'y';
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
