//! A loop through the centres of a grid's cells, as Masyu and Shingoki draw
//! it: the links between cells side by side, the answer string that lists
//! them, the check that they make one loop, and its model on the engine.
//!
//! The answer is `y` (on the loop) or `n` a link: first the links between
//! cells side by side in a row, row by row (`width - 1` a row), then those
//! between cells one above the other, row by row (`width` a row).

use multicover::{ItemId, OptionId, Problem};

use crate::draw::{Drawing, Ink, Line};
use crate::home::Size;

/// Up, right, down, left: a direction's bit in a cell's shape.
pub(crate) const UP: u8 = 1;
pub(crate) const RIGHT: u8 = 2;
pub(crate) const DOWN: u8 = 4;
pub(crate) const LEFT: u8 = 8;
pub(crate) const DIRECTIONS: [u8; 4] = [UP, RIGHT, DOWN, LEFT];

/// The shapes a cell of the loop can have, as the two directions it leaves
/// by: straight up and down, straight across, and the four turns.
pub(crate) const STRAIGHTS: [u8; 2] = [UP | DOWN, LEFT | RIGHT];
pub(crate) const TURNS: [u8; 4] = [UP | RIGHT, RIGHT | DOWN, DOWN | LEFT, LEFT | UP];

/// The opposite of a direction.
pub(crate) fn opposite(d: u8) -> u8 {
    match d {
        UP => DOWN,
        DOWN => UP,
        LEFT => RIGHT,
        _ => LEFT,
    }
}

/// Whether a shape goes straight through its cell.
pub(crate) fn is_straight(shape: u8) -> bool {
    STRAIGHTS.contains(&shape)
}

/// The links of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Links {
    pub(crate) size: Size,
}

impl Links {
    pub(crate) fn count(&self) -> usize {
        let Size { width, height } = self.size;
        height * (width - 1) + (height - 1) * width
    }

    /// The two cells link `l` joins.
    pub(crate) fn ends(&self, l: usize) -> (usize, usize) {
        let Size { width, height } = self.size;
        let across = height * (width - 1);
        if l < across {
            let (r, c) = (l / (width - 1), l % (width - 1));
            (r * width + c, r * width + c + 1)
        } else {
            let cell = l - across;
            (cell, cell + width)
        }
    }

    /// The cell next to `cell` in direction `d`, if the grid has one.
    pub(crate) fn step(&self, cell: usize, d: u8) -> Option<usize> {
        let Size { width, height } = self.size;
        let (r, c) = (cell / width, cell % width);
        match d {
            UP => (r > 0).then(|| cell - width),
            DOWN => (r + 1 < height).then_some(cell + width),
            LEFT => (c > 0).then(|| cell - 1),
            _ => (c + 1 < width).then_some(cell + 1),
        }
    }

    /// The link from `cell` in direction `d`, if the grid has one.
    pub(crate) fn link(&self, cell: usize, d: u8) -> Option<usize> {
        let Size { width, height } = self.size;
        let (r, c) = (cell / width, cell % width);
        let across = height * (width - 1);
        match d {
            UP => (r > 0).then(|| across + cell - width),
            DOWN => (r + 1 < height).then_some(across + cell),
            LEFT => (c > 0).then(|| r * (width - 1) + c - 1),
            _ => (c + 1 < width).then_some(r * (width - 1) + c),
        }
    }

    /// The shapes a cell's place in the grid allows (both directions lead
    /// to a cell).
    pub(crate) fn fits(&self, cell: usize, shape: u8) -> bool {
        DIRECTIONS.iter().all(|&d| shape & d == 0 || self.step(cell, d).is_some())
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    pub(crate) fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which links are on the loop.
    pub(crate) fn read(&self, answer: &str) -> Result<Vec<bool>, String> {
        let n = self.count();
        if answer.len() != n {
            let Size { width, height } = self.size;
            return Err(format!("{} characters where a {width}x{height} grid has {n} links", answer.len()));
        }
        answer
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                'y' => Ok(true),
                'n' => Ok(false),
                other => Err(format!("`{other}` at character {} is neither `y` nor `n`", i + 1)),
            })
            .collect()
    }

    /// Each cell's shape under a set of links: the directions of its links
    /// on the loop.
    /// The answer's loop on `drawing`, a line a link (nothing for an answer
    /// that does not read).
    pub(crate) fn draw(&self, drawing: &mut Drawing, answer: Option<&str>) {
        if let Some(on) = answer.and_then(|answer| self.read(answer).ok()) {
            for l in (0..on.len()).filter(|&l| on[l]) {
                let (a, b) = self.ends(l);
                drawing.lines.push(Line { cells: vec![a, b], ink: Ink::Answer, double: false });
            }
        }
    }

    pub(crate) fn shapes(&self, on: &[bool]) -> Vec<u8> {
        (0..self.size.cells())
            .map(|cell| {
                DIRECTIONS.iter().filter(|&&d| self.link(cell, d).is_some_and(|l| on[l])).fold(0, |shape, &d| shape | d)
            })
            .collect()
    }

    /// The first rule of a loop that a set of links breaks: two links or
    /// none at each cell, some link on, and one loop (a walk along it from
    /// one cell reaches every cell on it).
    pub(crate) fn check_loop(&self, on: &[bool]) -> Result<(), String> {
        let shapes = self.shapes(on);
        if let Some(cell) = (0..shapes.len()).find(|&c| shapes[c] != 0 && shapes[c].count_ones() != 2) {
            return Err(format!(
                "the cell at {} has {} links of the loop, not two",
                self.place(cell),
                shapes[cell].count_ones()
            ));
        }
        let Some(first) = (0..shapes.len()).find(|&c| shapes[c] != 0) else { return Err("no loop is drawn".into()) };
        let mut reached = vec![false; shapes.len()];
        reached[first] = true;
        let mut stack = vec![first];
        while let Some(cell) = stack.pop() {
            for &d in DIRECTIONS.iter().filter(|&&d| shapes[cell] & d != 0) {
                let next = self.step(cell, d).expect("a link leads to a cell");
                if !reached[next] {
                    reached[next] = true;
                    stack.push(next);
                }
            }
        }
        if let Some(apart) = (0..shapes.len()).find(|&c| shapes[c] != 0 && !reached[c]) {
            return Err(format!("the cell at {} is on a second loop: there must be one", self.place(apart)));
        }
        Ok(())
    }
}

/// A loop's model on the engine, for a kind to add its rules to before the
/// options are made. Each link has an item "exactly one of": on the loop
/// (option `2 * l`) or not (`2 * l + 1`); each cell an item "exactly one
/// of" its shapes (none among them unless the kind rules it out); each end
/// of each link an item "exactly one of": the link off, or a shape of that
/// cell that uses it, so a cell's shape and its links agree. The links are
/// the edges of a single-loop rule on the cells.
pub(crate) struct LoopModel {
    pub(crate) problem: Problem,
    pub(crate) links: Links,
    link_items: Vec<ItemId>,
    cell_items: Vec<ItemId>,
    /// Per link: its two ends' items, the left or upper cell's first.
    end_items: Vec<[ItemId; 2]>,
    /// Per cell: its shapes (0 for none), and what each adds to the kind's
    /// items.
    pub(crate) shapes: Vec<Vec<u8>>,
    shape_weights: Vec<Vec<Vec<(ItemId, u32)>>>,
    /// What each link's "on" option adds to the kind's items.
    pub(crate) link_weights: Vec<Vec<(ItemId, u32)>>,
}

impl LoopModel {
    /// The items of a grid whose cells allow the shapes `allowed` says
    /// (among those that fit the grid). The kind's items come after them.
    pub(crate) fn new(size: Size, allowed: impl Fn(usize, u8) -> bool) -> LoopModel {
        let links = Links { size };
        let n = links.count();
        let cells = size.cells();
        let mut problem = Problem::with_capacity(3 * n + cells, 2 * n + 7 * cells, 0);
        let link_items = (0..n).map(|_| problem.add_exact(1)).collect();
        let cell_items = (0..cells).map(|_| problem.add_exact(1)).collect();
        let end_items = (0..n).map(|_| [problem.add_exact(1), problem.add_exact(1)]).collect();
        let shapes: Vec<Vec<u8>> = (0..cells)
            .map(|cell| {
                std::iter::once(0)
                    .chain(STRAIGHTS)
                    .chain(TURNS)
                    .filter(|&shape| links.fits(cell, shape) && allowed(cell, shape))
                    .collect()
            })
            .collect();
        let shape_weights = shapes.iter().map(|s| vec![Vec::new(); s.len()]).collect();
        LoopModel {
            problem,
            links,
            link_items,
            cell_items,
            end_items,
            shapes,
            shape_weights,
            link_weights: vec![Vec::new(); n],
        }
    }

    /// Adds `weight` on `item` to each shape of `cell` that `which` picks.
    pub(crate) fn weigh_shapes(&mut self, cell: usize, item: ItemId, weight: u32, which: impl Fn(u8) -> bool) {
        for (k, &shape) in self.shapes[cell].iter().enumerate() {
            if which(shape) {
                self.shape_weights[cell][k].push((item, weight));
            }
        }
    }

    /// Makes the options (the links', then the cells' shapes) and the
    /// single-loop rule; returns the problem, to which the kind may add
    /// options of its own.
    pub(crate) fn finish(mut self) -> Problem {
        let n = self.links.count();
        let mut edges = Vec::with_capacity(n);
        for l in 0..n {
            let on = std::iter::once((self.link_items[l], 1)).chain(self.link_weights[l].iter().copied());
            let option: OptionId = self.problem.add_option(on);
            let [a, b] = self.end_items[l];
            self.problem.add_option([(self.link_items[l], 1), (a, 1), (b, 1)]);
            let (x, y) = self.links.ends(l);
            edges.push((x, y, option));
        }
        for cell in 0..self.shapes.len() {
            for (k, &shape) in self.shapes[cell].iter().enumerate() {
                let mut weights = vec![(self.cell_items[cell], 1)];
                for &d in DIRECTIONS.iter().filter(|&&d| shape & d != 0) {
                    let l = self.links.link(cell, d).expect("a shape that fits");
                    // The link's first end is its left or upper cell.
                    let end = usize::from(d == LEFT || d == UP);
                    weights.push((self.end_items[l][end], 1));
                }
                weights.extend(self.shape_weights[cell][k].iter().copied());
                self.problem.add_option(weights);
            }
        }
        self.problem.add_single_loop(self.shapes.len(), &edges);
        self.problem
    }

    /// The answer string a solution's options stand for.
    pub(crate) fn decode(links: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; links];
        for &option in chosen.iter().filter(|&&o| o < 2 * links && o % 2 == 0) {
            answer[option / 2] = b'y';
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
