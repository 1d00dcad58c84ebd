//! Stitches as a multi-cover problem: one item per cell (at most one hole),
//! one per row and per column (its clue of holes), and one per border
//! between two regions. A border's options are the ways to place its
//! stitches all at once (no two sharing a cell), so that its item takes
//! exactly one of them: the engine then reasons on whole borders, which
//! settles the site's puzzles far sooner than choosing stitch by stitch
//! when a border takes several. A border with too many ways (a long one
//! taking many stitches) has an option per stitch instead, and its item
//! takes as many of them as the border takes stitches.

use multicover::{ItemId, OptionId, Problem};

use super::{Stitch, Stitches};

/// The most ways to stitch one border that become options of their own.
/// The site's largest puzzles have up to about 6,000 on their longest
/// border; past a thousand, the engine spends more building and settling
/// the root of so many long options than the whole border's reasoning
/// saves: of the two real 15x15 boards with 4 stitches a border, one took
/// 17 ms at 20,000 (all but 0.03 ms before the search) and 0.7 to 1.0 ms at
/// 1,000, the other 50 to 58 ms (447 probes) and 4.2 to 4.8 ms (247 probes).
const MOST_WAYS: usize = 1_000;

/// A board on the engine, with the stitches each option places.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    stitches: Vec<Vec<Stitch>>,
}

impl Encoding {
    pub(crate) fn new(board: &Stitches) -> Encoding {
        let size = board.size();
        let regions = board.regions();
        let borders = board.borders();
        let per_border = board.per_border() as usize;
        // The places a stitch can go, border by border.
        let mut places: Vec<Vec<(Stitch, usize, usize)>> = vec![Vec::new(); borders.len()];
        for cell in 0..size.cells() {
            for stitch in [Stitch::Right(cell), Stitch::Down(cell)] {
                let Some((a, b)) = board.cells_of(stitch) else { continue };
                let (ra, rb) = (regions[a], regions[b]);
                if ra != rb {
                    let border = borders.binary_search(&(ra.min(rb), ra.max(rb))).expect("every border is listed");
                    places[border].push((stitch, a, b));
                }
            }
        }
        let mut problem = Problem::new();
        let cells: Vec<_> = (0..size.cells()).map(|_| problem.add_secondary(1)).collect();
        let rows: Vec<_> = board.row_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let cols: Vec<_> = board.col_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let mut encoding = Encoding { problem, stitches: Vec::new() };
        let mut weights: Vec<(ItemId, u32)> = Vec::new();
        for border_places in &places {
            let ways = ways(border_places, per_border, MOST_WAYS);
            let (item, groups): (ItemId, Vec<Vec<usize>>) = if ways.len() <= MOST_WAYS {
                (encoding.problem.add_exact(1), ways)
            } else {
                (encoding.problem.add_exact(per_border as u32), (0..border_places.len()).map(|p| vec![p]).collect())
            };
            for group in groups {
                weights.clear();
                weights.push((item, 1));
                for &p in &group {
                    let (_, a, b) = border_places[p];
                    for cell in [a, b] {
                        // The engine adds up an item named more than once.
                        weights.extend([(cells[cell], 1), (rows[cell / size.width], 1), (cols[cell % size.width], 1)]);
                    }
                }
                encoding.problem.add_option(weights.iter().copied());
                encoding.stitches.push(group.iter().map(|&p| border_places[p].0).collect());
            }
        }
        encoding
    }

    /// The answer string a set of options stands for.
    pub(crate) fn decode(&self, board: &Stitches, chosen: &[OptionId]) -> String {
        let cells = board.size().cells();
        let mut answer = vec![b'n'; 2 * cells];
        for stitch in chosen.iter().flat_map(|&option| &self.stitches[option]) {
            match *stitch {
                Stitch::Right(cell) => answer[cell] = b'y',
                Stitch::Down(cell) => answer[cells + cell] = b'y',
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}

/// The ways to choose `count` of a border's places with no cell twice, as
/// indices into `places`; past `most`, one more than `most` of them (the
/// caller then takes the places one by one).
fn ways(places: &[(Stitch, usize, usize)], count: usize, most: usize) -> Vec<Vec<usize>> {
    fn extend(
        places: &[(Stitch, usize, usize)],
        count: usize,
        most: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if out.len() > most {
            return;
        }
        if chosen.len() == count {
            out.push(chosen.clone());
            return;
        }
        for p in from..places.len() {
            let (_, a, b) = places[p];
            let shares_a_cell = chosen.iter().any(|&q| {
                let (_, c, d) = places[q];
                a == c || a == d || b == c || b == d
            });
            if !shares_a_cell {
                chosen.push(p);
                extend(places, count, most, p + 1, chosen, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(places, count, most, 0, &mut Vec::with_capacity(count), &mut out);
    out
}
