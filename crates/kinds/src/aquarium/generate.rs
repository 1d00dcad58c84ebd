//! New puzzles with exactly one solution: cut a random tank map, plant a
//! random water level in every tank, take the clues from that water, and
//! mend the map until the planted water is the only solution, by joining
//! neighbouring tanks (only joins the planted water allows, so it stays a
//! solution and the clues stay true).
//!
//! What to mend comes first from reasoning: the tanks whose level the
//! engine's propagation and probing at the root leave open. That costs one
//! root pass per round however large the grid, and the puzzles it makes can
//! be solved by such reasoning alone. When reasoning settles every tank, a
//! full search proves uniqueness (fast then); if it finds a second solution
//! instead, the tanks where the two differ are mended.
//!
//! `Style::Random` makes puzzles the naive way instead, as a benchmark of
//! what search meets outside such a generator: a random map with tanks of
//! about a dozen cells (more from 43x43 on, see `random_tank_cells`),
//! random levels, no mending; a map whose water is not the only solution is
//! thrown away and another cut. Its puzzles are the hard ones: nothing made
//! them easy for reasoning. The search for another solution walks the
//! planted water first, then what lies nearest to it, where second
//! solutions mostly are (see `second_solution`).
//!
//! `Style::Grown` is the same on maps grown from seed cells (`grown_map`),
//! whose tanks range from one cell to several times the mean. Its searches
//! run longer still, so a grown map the engine has not settled within
//! `GROWN_WORK_LIMIT` is thrown away too.
//!
//! A map can get stuck: no open tank has a neighbour it may join with the
//! planted water. Then the open tanks get new random levels (the clues
//! follow the water), which opens other joins; only after
//! `MAX_REPLANTS` of those is the map given up. Before re-planting, one
//! stuck map in two at 40x40 was given up, and a puzzle took up to a
//! hundred maps.

use std::ops::ControlFlow;

use crate::disjoint_sets::DisjointSets;
use crate::rng::Rng;
use multicover::{Probing, Settings, Solver};

use super::{Aquarium, Encoding, Water, verify};

#[derive(Clone, Copy, Debug)]
pub struct GenerateSettings {
    pub width: usize,
    pub height: usize,
    /// Tanks in the first map; repairs merge some, so mended puzzles end
    /// with this many or a few fewer.
    pub tanks: usize,
    pub style: Style,
}

/// How a puzzle's uniqueness is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Tanks joined until reasoning settles the map (see the module comment).
    Mended,
    /// Random maps and levels, kept only when the water is the one solution.
    Random,
    /// As `Random`, on maps grown from random seed cells, whose tank sizes
    /// range from a cell to several times the mean (see `grown_map`).
    Grown,
}

impl Style {
    pub const ALL: [Style; 3] = [Style::Mended, Style::Random, Style::Grown];

    pub fn name(self) -> &'static str {
        match self {
            Style::Mended => "mended",
            Style::Random => "random",
            Style::Grown => "grown",
        }
    }
}

impl GenerateSettings {
    /// A square grid with about as many tanks as the site's hard puzzles of
    /// that size (45 on 15x15: one tank to five cells), mended.
    pub fn square(n: usize) -> GenerateSettings {
        GenerateSettings { width: n, height: n, tanks: (n * n / 5).max(1), style: Style::Mended }
    }

    /// A square grid of random tanks of `random_tank_cells(n)` cells on
    /// average, not mended.
    pub fn random(n: usize) -> GenerateSettings {
        GenerateSettings::random_with_tank_cells(n, random_tank_cells(n))
    }

    /// A square grid of random tanks of about `cells` cells, not mended.
    /// Larger tanks make a random map unique more often: at 50x50 hardly
    /// one map of twelve-cell tanks in a hundred is, one in two of
    /// sixteen-cell tanks (see docs/benchmarks.md).
    pub fn random_with_tank_cells(n: usize, cells: usize) -> GenerateSettings {
        GenerateSettings { width: n, height: n, tanks: (n * n / cells.max(1)).max(1), style: Style::Random }
    }

    /// A square grid grown from one seed cell for every twelve cells, not
    /// mended.
    pub fn grown(n: usize) -> GenerateSettings {
        GenerateSettings::grown_with_seed_cells(n, RANDOM_TANK_CELLS)
    }

    /// A square grid grown from one seed cell for every `cells` cells, not
    /// mended. At 50x50 no map of one seed for 12 or 16 cells was made in
    /// ten minutes; of one for 18, five in seconds (see docs/benchmarks.md).
    pub fn grown_with_seed_cells(n: usize, cells: usize) -> GenerateSettings {
        GenerateSettings { style: Style::Grown, ..GenerateSettings::random_with_tank_cells(n, cells) }
    }
}

/// The mean tank size of `Style::Random` maps up to 42x42, and of the seed
/// cells of `Style::Grown` ones at every size.
pub const RANDOM_TANK_CELLS: usize = 12;

/// The mean tank size of `Style::Random` maps of side `n`: (n - 17) / 2
/// cells, and at least twelve (12 up to 42x42, 14 at 45x45, 16 at 50x50,
/// 21 at 60x60, 26 at 70x70, 41 at 100x100).
///
/// Twelve-cell maps are unique less often the larger the grid: 80% at
/// 30x30, 35% at 40x40, 13% at 45x45, none of 243 at 50x50, and the few
/// unique ones at 45x45 took up to two minutes to prove. Larger tanks make
/// maps unique more often and easier to prove, but a few cells more and
/// root reasoning settles them: the puzzles are no longer hard. The sizes
/// here sit between the two: at 50x50, 14-cell maps made no 20 puzzles in
/// five minutes, 20-cell ones are solved in milliseconds; at 100x100,
/// 39-cell maps made 19 of 20 in five minutes and 13 in three (seeds 1
/// and 2), 41-cell ones 20 in seconds, 42-cell ones took milliseconds.
/// The figures are in docs/benchmarks.md.
pub fn random_tank_cells(n: usize) -> usize {
    (n.saturating_sub(17) / 2).max(RANDOM_TANK_CELLS)
}

/// A generated puzzle with its one solution.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Aquarium,
    pub solution: Water,
    /// Maps cut before one could be made unique.
    pub attempts: usize,
    /// Times the water of the last map was planted anew because joining
    /// tanks could not make it unique (always 0 for the random styles).
    pub replants: usize,
}

/// Generates one puzzle. Deterministic in `rng`'s state.
pub fn generate(rng: &mut Rng, settings: GenerateSettings) -> Generated {
    let GenerateSettings { width, height, tanks, style } = settings;
    assert!(width > 0 && height > 0 && width <= super::MAX_SIDE && height <= super::MAX_SIDE);
    let tanks = tanks.clamp(1, width * height);
    match style {
        Style::Random => return random_unique(rng, width, height, tanks, random_map, u64::MAX),
        Style::Grown => return random_unique(rng, width, height, tanks, grown_map, GROWN_WORK_LIMIT),
        Style::Mended => {}
    }
    for attempts in 1.. {
        let mut labels = random_map(rng, width, height, tanks);
        let mut water = plant(rng, width, height, &labels, None);
        let build = |labels: &[usize], water: &Water| {
            let (row_clues, col_clues) = Aquarium::clues_of(water);
            Aquarium::new(width, height, labels, row_clues, col_clues).expect("shape is right")
        };
        let mut puzzle = build(&labels, &water);
        let mut replants = 0;
        // Each round joins a pair of tanks or uses up a re-plant, so this ends.
        loop {
            let open = match open_tanks(&puzzle) {
                Some(open) if !open.is_empty() => open,
                _ => match second_solution(&puzzle, &water, u64::MAX) {
                    Second::None => return Generated { puzzle, solution: water, attempts, replants },
                    Second::Undecided => unreachable!("a search without a work limit ends decided"),
                    Second::Found(other) => (0..width * height)
                        .filter(|&i| water.get(i / width, i % width) != other.get(i / width, i % width))
                        .map(|i| puzzle.tank(i / width, i % width) as usize)
                        .collect(),
                },
            };
            match join_open(rng, &puzzle, &labels, &open, &water, &|labels| build(labels, &water)) {
                Some(joined) => labels = joined,
                None if replants < MAX_REPLANTS => {
                    replants += 1;
                    let w = width;
                    let open_labels = (0..w * height)
                        .filter(|&i| open.contains(&(puzzle.tank(i / w, i % w) as usize)))
                        .map(|i| labels[i])
                        .collect();
                    water = plant(rng, width, height, &labels, Some((&water, &open_labels)));
                }
                None => break,
            }
            puzzle = build(&labels, &water);
        }
    }
    unreachable!("the loop above only ends by returning")
}

/// Maps cut by `map` with random water until the water is the only
/// solution; a map whose search passes `work_limit` (nodes plus probes)
/// before it settles that is thrown away too.
fn random_unique(
    rng: &mut Rng,
    width: usize,
    height: usize,
    tanks: usize,
    map: fn(&mut Rng, usize, usize, usize) -> Vec<usize>,
    work_limit: u64,
) -> Generated {
    for attempts in 1.. {
        let labels = map(rng, width, height, tanks);
        let water = plant(rng, width, height, &labels, None);
        let (row_clues, col_clues) = Aquarium::clues_of(&water);
        let puzzle = Aquarium::new(width, height, &labels, row_clues, col_clues).expect("shape is right");
        if let Second::None = second_solution(&puzzle, &water, work_limit) {
            return Generated { puzzle, solution: water, attempts, replants: 0 };
        }
    }
    unreachable!("the loop above only ends by returning")
}

/// The work (nodes plus probes) after which a grown map's search is given
/// up and the map thrown away. At 40x40, without a limit, no puzzle of four
/// seeds was made in two minutes: a candidate the short search leaves open
/// often runs past 3M work (tens of seconds) unsettled. With this limit a
/// 40x40 puzzle takes tens of maps, a median of 42 s at a load of 3 (see
/// docs/benchmarks.md); a lower one drops more maps and saves little time
/// (100,000 took five to twelve times the maps, about as long). The
/// puzzles kept are still proved unique; only the candidates not settled in
/// time are lost, so grown puzzles are those the engine proves within this
/// much work.
pub const GROWN_WORK_LIMIT: u64 = 1_000_000;

/// What the search for a second solution found.
enum Second {
    /// The planted water is the only solution.
    None,
    Found(Water),
    /// The work limit came first.
    Undecided,
}

/// A solution other than `water`, `Second::None` when `water` is the only
/// one, or `Second::Undecided` when the search passed `work_limit` first.
///
/// While a puzzle still has many solutions, a plain search finds a second
/// one at once, where probing at every node would pay for a proof nobody
/// needs; so a short plain search goes first, and the full one only when
/// that finds nothing.
///
/// Both walk the planted water first wherever they branch, and so the
/// solutions nearest to it next: a second solution mostly differs from the
/// planted one in a few tanks, and a search that left it at every branch
/// wandered far from both. Only the order changes, so a proof stays a
/// proof, and the puzzles made are those the plain order made; on random
/// 50x50 candidates most searches fall a hundredfold (see docs/engine.md).
fn second_solution(puzzle: &Aquarium, water: &Water, work_limit: u64) -> Second {
    const QUICK_WORK: u64 = 2_000;
    let encoding = Encoding::new(puzzle);
    let planted = encoding.options_of(puzzle, water);
    let mut quick = Solver::new(&encoding.problem, Settings::with_probing(Probing::Off));
    quick.set_work_limit(QUICK_WORK);
    quick.set_try_first(&planted);
    let search = |solver: &mut Solver| {
        let mut other = None;
        let stats = solver.for_each_solution(|chosen| {
            let found = encoding.decode(puzzle, chosen);
            if found == *water {
                return ControlFlow::Continue(());
            }
            other = Some(found);
            ControlFlow::Break(())
        });
        (other, stats.exhausted)
    };
    if let (Some(other), _) = search(&mut quick) {
        return verified(puzzle, other);
    }
    // The quick search's work is not counted in `work_limit`: it is a small
    // part of any limit worth setting.
    //
    // The engine's default restarts (with nogoods, so a proof stays a proof)
    // cut the heavy tail of both outcomes here: the candidate whose second
    // solution lies deep, and the proof that wanders into a long dead end
    // (see docs/engine.md). Searches shorter than the first budget never
    // restart, so the mended style's are unchanged.
    let mut full = Solver::new(&encoding.problem, Settings::default());
    full.set_try_first(&planted);
    full.set_work_limit(work_limit);
    match search(&mut full) {
        (Some(other), _) => verified(puzzle, other),
        (None, true) => Second::None,
        (None, false) => Second::Undecided,
    }
}

/// The engine's answer, checked by the independent verifier.
fn verified(puzzle: &Aquarium, water: Water) -> Second {
    assert_eq!(verify(puzzle, &water), Ok(()), "the engine returned water that breaks the rules");
    Second::Found(water)
}

/// A map of `tanks` connected tanks: random edges join cells, with tank
/// sizes capped so that no tank swallows the grid.
fn random_map(rng: &mut Rng, width: usize, height: usize, tanks: usize) -> Vec<usize> {
    let cells = width * height;
    let mut sets = DisjointSets::new(cells);
    let mut edges = Vec::with_capacity(2 * cells);
    for r in 0..height {
        for c in 0..width {
            let i = r * width + c;
            if c + 1 < width {
                edges.push((i, i + 1));
            }
            if r + 1 < height {
                edges.push((i, i + width));
            }
        }
    }
    rng.shuffle(&mut edges);
    let cap = (3 * cells).div_ceil(tanks).max(2);
    let mut regions = cells;
    for pass in 0..2 {
        for &(a, b) in &edges {
            if regions <= tanks {
                break;
            }
            let (ra, rb) = (sets.find(a), sets.find(b));
            // The second pass lifts the cap so the count is always reached.
            if ra != rb && (pass == 1 || sets.size(ra) + sets.size(rb) <= cap) {
                sets.union(ra, rb);
                regions -= 1;
            }
        }
    }
    (0..cells).map(|i| sets.find(i)).collect()
}

/// A map grown from `seeds` random cells until the grid is full: at each
/// step a cell drawn from all the cells taken so far names the tank that
/// grows, into a random free cell beside it. A tank grows in proportion to
/// its size, so one that got ahead runs away with the space while a seed
/// hemmed in early stays a cell or two: a 30x30 map of 75 seeds has tanks
/// of one cell beside tanks of 46 to 82 (eight seeds tried), where
/// `random_map` caps them at three times the mean.
fn grown_map(rng: &mut Rng, width: usize, height: usize, seeds: usize) -> Vec<usize> {
    const FREE: usize = usize::MAX;
    let cells = width * height;
    let mut labels = vec![FREE; cells];
    let mut taken: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut taken);
    taken.truncate(seeds.clamp(1, cells));
    let neighbours = |i: usize| {
        let (r, c) = (i / width, i % width);
        [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
            .into_iter()
            .filter(|&(r, c)| r < height && c < width)
            .map(|(r, c)| r * width + c)
    };
    // Tanks are numbered by seed; each has the free cells beside it (some
    // taken since, dropped when it is drawn).
    let mut tank_of = vec![usize::MAX; cells];
    let mut border = vec![Vec::new(); taken.len()];
    for (tank, &seed) in taken.iter().enumerate() {
        labels[seed] = seed;
        tank_of[seed] = tank;
    }
    for (tank, &seed) in taken.iter().enumerate() {
        border[tank].extend(neighbours(seed).filter(|&n| labels[n] == FREE));
    }
    while taken.len() < cells {
        let tank = tank_of[taken[rng.below(taken.len())]];
        let free = &mut border[tank];
        free.retain(|&n| labels[n] == FREE);
        if free.is_empty() {
            continue;
        }
        let cell = free.swap_remove(rng.below(free.len()));
        labels[cell] = labels[taken[tank]];
        tank_of[cell] = tank;
        taken.push(cell);
        border[tank].extend(neighbours(cell).filter(|&n| labels[n] == FREE));
    }
    labels
}

/// Re-plants of one map before it is given up (see the module comment).
const MAX_REPLANTS: usize = 20;

/// Water at a random level in every tank (map labels, cell by cell), or,
/// with `keep`, only in the tanks of the given labels, the rest of the
/// water kept as it was.
fn plant(
    rng: &mut Rng,
    width: usize,
    height: usize,
    labels: &[usize],
    keep: Option<(&Water, &std::collections::BTreeSet<usize>)>,
) -> Water {
    let mut rows_of: std::collections::BTreeMap<usize, (usize, usize)> = Default::default();
    for (i, &t) in labels.iter().enumerate() {
        let r = i / width;
        let span = rows_of.entry(t).or_insert((r, r));
        span.0 = span.0.min(r);
        span.1 = span.1.max(r);
    }
    // The top water row of each tank; below `top` of an empty tank is nothing.
    let tops: std::collections::BTreeMap<usize, usize> = rows_of
        .iter()
        .map(|(&t, &(top, bottom))| {
            let level = rng.between(0, bottom - top + 1);
            (t, bottom + 1 - level)
        })
        .collect();
    let cells = (0..width * height)
        .map(|i| match keep {
            Some((water, replanted)) if !replanted.contains(&labels[i]) => water.get(i / width, i % width),
            _ => i / width >= tops[&labels[i]],
        })
        .collect();
    Water::new(width, height, cells)
}

/// The tanks (as labels of `puzzle`'s cells: its tank numbers) whose level
/// the engine's root reasoning leaves open, or `None` when that reasoning
/// finds no solution at all (which the planted water rules out).
fn open_tanks(puzzle: &Aquarium) -> Option<std::collections::BTreeSet<usize>> {
    let encoding = Encoding::new(puzzle);
    let live = Solver::new(&encoding.problem, Settings::default()).settled_options()?;
    let mut levels = vec![0usize; puzzle.tank_count()];
    for o in live {
        levels[encoding.tank_of(o)] += 1;
    }
    let (w, h) = (puzzle.width(), puzzle.height());
    Some((0..w * h).map(|i| puzzle.tank(i / w, i % w) as usize).filter(|&t| levels[t] > 1).collect())
}

/// Joins one tank of `open` (tank numbers of `puzzle`), picked at random,
/// with a neighbour where the planted water stays level in the joined tank;
/// `None` when no such join exists. `labels` are the map's labels, cell by
/// cell. One join a round keeps the most tanks: a join often settles tanks
/// around it too.
fn join_open(
    rng: &mut Rng,
    puzzle: &Aquarium,
    labels: &[usize],
    open: &std::collections::BTreeSet<usize>,
    water: &Water,
    build: &dyn Fn(&[usize]) -> Aquarium,
) -> Option<Vec<usize>> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut order: Vec<usize> = open.iter().copied().collect();
    rng.shuffle(&mut order);
    order.into_iter().find_map(|tank| {
        let cells: Vec<usize> = (0..w * h).filter(|&i| puzzle.tank(i / w, i % w) as usize == tank).collect();
        let here = labels[cells[0]];
        let mut candidates = Vec::new();
        for &i in &cells {
            let (r, c) = (i / w, i % w);
            for (nr, nc) in [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)] {
                if nr < h && nc < w && labels[nr * w + nc] != here {
                    candidates.push(labels[nr * w + nc]);
                }
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        rng.shuffle(&mut candidates);
        candidates.into_iter().find_map(|other| {
            let joined: Vec<usize> = labels.iter().map(|&t| if t == other { here } else { t }).collect();
            verify(&build(&joined), water).is_ok().then_some(joined)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planted_options_stand_for_the_planted_water() {
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let labels = random_map(&mut rng, 9, 7, 10);
            let water = plant(&mut rng, 9, 7, &labels, None);
            let (rows, cols) = Aquarium::clues_of(&water);
            let puzzle = Aquarium::new(9, 7, &labels, rows, cols).unwrap();
            let encoding = Encoding::new(&puzzle);
            let planted = encoding.options_of(&puzzle, &water);
            assert_eq!(planted.len(), puzzle.tank_count(), "one option a tank");
            assert!(encoding.problem.is_solution(&planted));
            assert_eq!(encoding.decode(&puzzle, &planted), water);
        }
    }

    #[test]
    fn replanting_changes_only_the_tanks_named() {
        let (w, h) = (8, 8);
        let mut rng = Rng::new(3);
        let labels = random_map(&mut rng, w, h, 12);
        let water = plant(&mut rng, w, h, &labels, None);
        let mut named: std::collections::BTreeSet<usize> = labels.iter().copied().collect();
        let kept: Vec<usize> = named.iter().copied().step_by(2).collect();
        for label in &kept {
            named.remove(label);
        }
        let (rows, cols) = Aquarium::clues_of(&water);
        let puzzle = Aquarium::new(w, h, &labels, rows, cols).unwrap();
        let mut changed = false;
        for _ in 0..10 {
            let again = plant(&mut rng, w, h, &labels, Some((&water, &named)));
            for (i, label) in labels.iter().enumerate() {
                let (r, c) = (i / w, i % w);
                if !named.contains(label) {
                    assert_eq!(again.get(r, c), water.get(r, c), "cell {r},{c} of a kept tank moved");
                }
                changed |= again.get(r, c) != water.get(r, c);
            }
            // Still level in every tank: a solution of its own clues.
            let (rows, cols) = Aquarium::clues_of(&again);
            let replanted = Aquarium::new(w, h, &labels, rows, cols).unwrap();
            assert_eq!(verify(&replanted, &again), Ok(()));
            assert_eq!(replanted.tank_count(), puzzle.tank_count());
        }
        assert!(changed, "ten re-plants never moved any water");
    }

    /// The sizes of the tanks of `labels`, after checking that each is one
    /// piece of side-by-side cells (a flood fill from its first cell meets
    /// all of them).
    fn connected_tank_sizes(labels: &[usize], w: usize, h: usize) -> Vec<usize> {
        let mut cells_of: std::collections::BTreeMap<usize, usize> = Default::default();
        for &label in labels {
            *cells_of.entry(label).or_default() += 1;
        }
        let mut seen = vec![false; w * h];
        for (&label, &cells) in &cells_of {
            let first = labels.iter().position(|&l| l == label).unwrap();
            let (mut stack, mut reached) = (vec![first], 0);
            seen[first] = true;
            while let Some(i) = stack.pop() {
                reached += 1;
                let (r, c) = (i / w, i % w);
                for (nr, nc) in [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)] {
                    if nr >= h || nc >= w {
                        continue;
                    }
                    let n = nr * w + nc;
                    if !seen[n] && labels[n] == label {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            assert_eq!(reached, cells, "tank {label} of a {w}x{h} map is in pieces");
        }
        cells_of.into_values().collect()
    }

    #[test]
    fn grown_maps_cover_the_grid_with_one_connected_tank_a_seed() {
        let mut rng = Rng::new(7);
        for (w, h, seeds) in [(1, 1, 1), (2, 3, 1), (2, 3, 6), (7, 4, 5), (12, 12, 12), (30, 30, 75), (50, 50, 208)] {
            for _ in 0..3 {
                let labels = grown_map(&mut rng, w, h, seeds);
                assert_eq!(labels.len(), w * h);
                let sizes = connected_tank_sizes(&labels, w, h);
                assert_eq!(sizes.len(), seeds, "{w}x{h}: one tank a seed");
                assert_eq!(sizes.iter().sum::<usize>(), w * h);
            }
        }
    }

    #[test]
    fn grown_maps_are_the_same_again_from_the_same_seed() {
        let map = |seed| grown_map(&mut Rng::new(seed), 20, 20, 33);
        assert_eq!(map(1), map(1));
        assert_ne!(map(1), map(2));
        let settings = GenerateSettings::grown(12);
        let made = generate(&mut Rng::new(4), settings);
        let again = generate(&mut Rng::new(4), settings);
        assert_eq!((&made.puzzle, &made.solution, made.attempts), (&again.puzzle, &again.solution, again.attempts));
    }

    #[test]
    fn grown_tanks_range_from_a_cell_to_several_times_the_mean() {
        // 75 seeds on 30x30: tanks of 12 cells on average. The random maps'
        // cap keeps their tanks at three times that at most; grown ones
        // pass it in every map.
        let (n, seeds) = (30, 75);
        let mut largest_of_all = 0;
        for seed in 0..10 {
            let labels = grown_map(&mut Rng::new(seed), n, n, seeds);
            let sizes = connected_tank_sizes(&labels, n, n);
            let (smallest, largest) = (*sizes.iter().min().unwrap(), *sizes.iter().max().unwrap());
            assert!(smallest <= 2, "seed {seed}: the smallest tank has {smallest} cells");
            assert!(largest > 3 * n * n / seeds, "seed {seed}: the largest tank has {largest} cells");
            largest_of_all = largest_of_all.max(largest);
            let random = random_map(&mut Rng::new(seed), n, n, seeds);
            let random_largest = *connected_tank_sizes(&random, n, n).iter().max().unwrap();
            assert!(random_largest < largest, "seed {seed}: random {random_largest}, grown {largest}");
        }
        assert!(largest_of_all > 60, "no tank over 60 cells in ten maps: {largest_of_all} at most");
    }
}
