//! Independent oracles: what the project's own code proves about itself,
//! checked again by means that share nothing with it.
//!
//! - Aquarium: every puzzle the engine calls unique (the real fixtures, the
//!   test site's specials, freshly generated large ones) is put to an outside
//!   SAT solver (varisat), over clauses written here from the rules alone: the
//!   first model must be the known solution, and with it forbidden there
//!   must be none.
//! - Sudoku: the grader's levels must rise with the Sudoku Explainer ratings
//!   of an outside rater.
//! - Calendar: the tiling counts the tool prints are counted again by a
//!   plain backtracking tiler written here from the boards' and pieces'
//!   descriptions in tests/fixtures/calendar/README.md.

use std::time::Instant;

use varisat::{ExtendFormula, Lit, Solver};

use crate::util::{Dir, fixtures};

// ---------------------------------------------------------------------------
// Aquarium by SAT

/// An Aquarium puzzle as its rules see it, with the water known to solve it.
struct Aquarium {
    name: String,
    width: usize,
    height: usize,
    /// The tank of each cell, row by row.
    tanks: Vec<usize>,
    rows: Vec<usize>,
    cols: Vec<usize>,
    /// The known solution, row by row (`true` = water).
    water: Vec<bool>,
}

/// Clauses over variables 1.., in the DIMACS way (a negative literal is a
/// negated variable).
#[derive(Default)]
struct Cnf {
    vars: i32,
    clauses: Vec<Vec<i32>>,
}

impl Cnf {
    fn new_var(&mut self) -> i32 {
        self.vars += 1;
        self.vars
    }

    fn add(&mut self, clause: &[i32]) {
        self.clauses.push(clause.to_vec());
    }

    /// Exactly `k` of `lits` are true: a sequential counter whose
    /// `at_least[i][j]` is true exactly when `j` or more of the first `i + 1`
    /// literals are (both directions are encoded, so the counter's
    /// variables follow from the literals and add no models).
    fn exactly(&mut self, lits: &[i32], k: usize) {
        let n = lits.len();
        assert!(k <= n, "a clue of {k} on a line of {n} cells");
        // Counting beyond k + 1 says nothing more.
        let top = k + 1;
        let mut prev: Vec<i32> = Vec::new(); // at_least[i - 1][1..]
        for (i, &x) in lits.iter().enumerate() {
            let width = (i + 1).min(top);
            let cur: Vec<i32> = (0..width).map(|_| self.new_var()).collect();
            for j in 1..=width {
                let s = cur[j - 1];
                // `j` of the first i were there already: None when i < j.
                let before = (j <= prev.len()).then(|| prev[j - 1]);
                // `j - 1` of the first i: always true for j = 1.
                let one_less = (j >= 2).then(|| prev[j - 2]);
                if let Some(b) = before {
                    self.add(&[-b, s]);
                }
                match one_less {
                    Some(l) => self.add(&[-l, -x, s]),
                    None => self.add(&[-x, s]),
                }
                // And back: s needs `j` before, or `j - 1` before and x.
                let mut needs_x = vec![-s, x];
                let mut needs_less = vec![-s];
                if let Some(b) = before {
                    needs_x.push(b);
                    needs_less.push(b);
                }
                self.add(&needs_x);
                if let Some(l) = one_less {
                    needs_less.push(l);
                    self.add(&needs_less);
                }
            }
            prev = cur;
        }
        if k >= 1 {
            self.add(&[prev[k - 1]]);
        }
        if top <= n {
            self.add(&[-prev[top - 1]]);
        }
    }
}

/// The rules of Aquarium as clauses, with variable `i + 1` the water of
/// cell `i` (row by row).
fn encode(p: &Aquarium) -> Cnf {
    let (w, h) = (p.width, p.height);
    let mut cnf = Cnf { vars: (w * h) as i32, clauses: Vec::new() };
    let var = |r: usize, c: usize| (r * w + c + 1) as i32;
    // Water lies level in its tank: water in a cell means water in every
    // cell of the same tank in the same row or any lower row. As a chain of
    // implications: around the tank's cells of each row (so all of them or
    // none), and from each row to the tank's next row down.
    let mut rows_of_tank: std::collections::BTreeMap<usize, Vec<Vec<i32>>> = Default::default();
    for r in 0..h {
        for c in 0..w {
            let rows = rows_of_tank.entry(p.tanks[r * w + c]).or_default();
            match rows.last_mut() {
                Some(last) if (last[0] as usize - 1) / w == r => last.push(var(r, c)),
                _ => rows.push(vec![var(r, c)]),
            }
        }
    }
    for rows in rows_of_tank.values() {
        for (k, cells) in rows.iter().enumerate() {
            for (i, &cell) in cells.iter().enumerate() {
                cnf.add(&[-cell, cells[(i + 1) % cells.len()]]);
            }
            if let Some(below) = rows.get(k + 1) {
                cnf.add(&[-cells[0], below[0]]);
            }
        }
    }
    for r in 0..h {
        let line: Vec<i32> = (0..w).map(|c| var(r, c)).collect();
        cnf.exactly(&line, p.rows[r]);
    }
    for c in 0..w {
        let line: Vec<i32> = (0..h).map(|r| var(r, c)).collect();
        cnf.exactly(&line, p.cols[c]);
    }
    cnf
}

fn lits(clause: &[i32]) -> Vec<Lit> {
    clause.iter().map(|&l| Lit::from_dimacs(l as isize)).collect()
}

/// Every solution of `p` by the SAT solver, up to `limit`: each one found
/// is forbidden by a clause before the next search. The solver checks its
/// own proof when it finds no more.
fn sat_solutions(p: &Aquarium, limit: usize) -> Vec<Vec<bool>> {
    let cells = p.width * p.height;
    let mut solver = Solver::new();
    solver.enable_self_checking();
    for clause in &encode(p).clauses {
        solver.add_clause(&lits(clause));
    }
    let mut found = Vec::new();
    while found.len() < limit && solver.solve().expect("the SAT solver runs") {
        let model = solver.model().expect("a model after a satisfiable answer");
        let mut water = vec![false; cells];
        for lit in model.iter().filter(|l| l.index() < cells) {
            water[lit.index()] = lit.is_positive();
        }
        let block: Vec<i32> = (0..cells).map(|i| if water[i] { -(i as i32 + 1) } else { i as i32 + 1 }).collect();
        solver.add_clause(&lits(&block));
        found.push(water);
    }
    found
}

fn picture(p: &Aquarium, water: &[bool]) -> String {
    water.chunks(p.width).map(|row| row.iter().map(|&x| if x { '#' } else { '.' }).collect::<String>() + "\n").collect()
}

/// Checks `p` with the SAT solver: its known water is the one solution.
fn assert_unique_by_sat(p: &Aquarium) {
    let found = sat_solutions(p, 2);
    assert!(!found.is_empty(), "{}: the SAT solver finds no solution", p.name);
    assert_eq!(
        picture(p, &found[0]),
        picture(p, &p.water),
        "{}: the SAT solver's solution is not the known one",
        p.name
    );
    assert_eq!(found.len(), 1, "{}: a second solution:\n{}", p.name, picture(p, &found[1]));
}

/// Numbers separated by blanks.
fn numbers(line: &str) -> Vec<usize> {
    line.split_whitespace().map(|t| t.parse().unwrap_or_else(|_| panic!("`{t}` is not a number in `{line}`"))).collect()
}

/// The text format: a row of tank numbers per grid row, then the row clues,
/// then the column clues (see tests/fixtures/aquarium/INDEX.md).
fn parse_text(name: &str, text: &str, water: Vec<bool>) -> Aquarium {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let height = lines.len() - 2;
    let grid: Vec<Vec<usize>> = lines[..height].iter().map(|l| numbers(l)).collect();
    let width = grid[0].len();
    assert!(grid.iter().all(|row| row.len() == width), "{name}: ragged grid");
    let (rows, cols) = (numbers(lines[height]), numbers(lines[height + 1]));
    assert_eq!((rows.len(), cols.len()), (height, width), "{name}: clue counts");
    let tanks = grid.concat();
    assert_eq!(water.len(), tanks.len(), "{name}: solution size");
    Aquarium { name: name.to_string(), width, height, tanks, rows, cols, water }
}

/// Water as the text format's solution lines write it: `0`/`1` per cell.
fn parse_bits(text: &str) -> Vec<bool> {
    text.chars().filter(|c| matches!(c, '0' | '1')).map(|c| c == '1').collect()
}

fn fixture_puzzles() -> Vec<Aquarium> {
    let dir = fixtures().join("aquarium/puzzles");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".txt") && !n.ends_with(".solution.txt"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            let solution = std::fs::read_to_string(dir.join(name.replace(".txt", ".solution.txt"))).unwrap();
            parse_text(name, &text, parse_bits(&solution))
        })
        .collect()
}

/// The test site's specials: `SIZE TASK ANSWER` a line, TASK the column
/// clues then the row clues (`_`-separated), `;`, the tank of each cell;
/// ANSWER `y`/`n` per cell (see tests/fixtures/site/README.md).
fn special_puzzles() -> Vec<Aquarium> {
    let text = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(k, line)| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (clues, tanks) = fields[1].split_once(';').unwrap();
            let clues: Vec<usize> = clues.split('_').map(|t| t.parse().unwrap()).collect();
            let tanks: Vec<usize> = tanks.split(',').map(|t| t.parse().unwrap()).collect();
            let n = clues.len() / 2;
            assert_eq!(tanks.len(), n * n, "special {}: a square grid", k + 1);
            let water: Vec<bool> = fields[2].chars().map(|c| c == 'y').collect();
            Aquarium {
                name: format!("special {} ({n}x{n})", k + 1),
                width: n,
                height: n,
                tanks,
                rows: clues[n..].to_vec(),
                cols: clues[..n].to_vec(),
                water,
            }
        })
        .collect()
}

/// Puzzles `aquarchive generate --solutions` writes: each its text, then
/// its planted water as `# 0101...` comment lines. Each header ends with
/// how many maps were cut for the puzzle, the one that made it included.
fn generated_puzzles(style: &str, size: usize, seed: u64, count: usize) -> Vec<Aquarium> {
    let dir = Dir::new();
    let (size_arg, seed_arg, count_arg) = (size.to_string(), seed.to_string(), count.to_string());
    let args = ["generate", "--style", style, "--size", &size_arg, "--seed", &seed_arg, "--count", &count_arg];
    let run = dir.run(&[&args[..], &["--solutions"]].concat()).ok();
    let blocks: Vec<&str> = run.stdout.split("\n\n").filter(|b| !b.trim().is_empty()).collect();
    assert_eq!(blocks.len(), count, "{run}");
    blocks
        .iter()
        .enumerate()
        .map(|(k, block)| {
            let header = block.lines().next().unwrap_or_default();
            let maps_cut = [" maps cut", " map cut"]
                .iter()
                .find_map(|word| header.strip_suffix(word))
                .and_then(|rest| rest.rsplit(", ").next())
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or_else(|| panic!("no count of maps cut in the header: {header}"));
            assert!(maps_cut >= 1, "{header}");
            assert_eq!(header.ends_with(" map cut"), maps_cut == 1, "{header}");
            let water: String = block
                .lines()
                .filter_map(|l| l.strip_prefix("# "))
                .filter(|l| l.chars().all(|c| matches!(c, '0' | '1')))
                .collect();
            let name = format!("generated {style} {size}x{size}, seed {seed}, puzzle {}", k + 1);
            parse_text(&name, block, parse_bits(&water))
        })
        .collect()
}

/// Every grid of 0/1 cells that keeps the rules, tried one by one.
fn brute_force_solutions(p: &Aquarium) -> Vec<Vec<bool>> {
    let cells = p.width * p.height;
    (0u32..1 << cells)
        .map(|bits| (0..cells).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|water| {
            let w = p.width;
            let level = (0..cells)
                .all(|a| !water[a] || (0..cells).all(|b| p.tanks[b] != p.tanks[a] || b / w < a / w || water[b]));
            let rows = (0..p.height).all(|r| (0..w).filter(|&c| water[r * w + c]).count() == p.rows[r]);
            let cols = (0..w).all(|c| (0..p.height).filter(|&r| water[r * w + c]).count() == p.cols[c]);
            level && rows && cols
        })
        .collect()
}

/// The oracle itself is checked first: on small random puzzles (planted
/// water, and random clues that often allow no or several solutions) the
/// SAT solver finds exactly the grids that trying every grid finds.
#[test]
fn the_sat_encoding_finds_exactly_the_solutions_of_a_brute_force_search() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let (mut several, mut none) = (0, 0);
    for case in 0..150 {
        let (w, h) = (2 + next(3), 2 + next(3));
        if w * h > 16 {
            continue;
        }
        // Tanks: random joins of neighbouring cells.
        let mut tanks: Vec<usize> = (0..w * h).collect();
        for _ in 0..next(2 * w * h) {
            let a = next(w * h);
            let b = if a % w + 1 < w && next(2) == 0 {
                a + 1
            } else if a + w < w * h {
                a + w
            } else {
                a
            };
            let (from, to) = (tanks[b], tanks[a]);
            tanks.iter_mut().filter(|t| **t == from).for_each(|t| *t = to);
        }
        let (rows, cols) = if next(2) == 0 {
            let top: Vec<usize> = (0..w * h).map(|_| next(h + 1)).collect();
            let water: Vec<bool> = (0..w * h).map(|i| i / w >= top[tanks[i]]).collect();
            let rows = (0..h).map(|r| (0..w).filter(|&c| water[r * w + c]).count()).collect();
            let cols = (0..w).map(|c| (0..h).filter(|&r| water[r * w + c]).count()).collect();
            (rows, cols)
        } else {
            ((0..h).map(|_| next(w + 1)).collect(), (0..w).map(|_| next(h + 1)).collect())
        };
        let p = Aquarium { name: format!("case {case}"), width: w, height: h, tanks, rows, cols, water: Vec::new() };
        let mut expected = brute_force_solutions(&p);
        let mut found = sat_solutions(&p, 1000);
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "case {case}: {w}x{h}, tanks {:?}, rows {:?}, cols {:?}", p.tanks, p.rows, p.cols);
        several += usize::from(expected.len() > 1);
        none += usize::from(expected.is_empty());
    }
    assert!(several >= 5 && none >= 5, "too few puzzles with several ({several}) or no ({none}) solutions");
}

#[test]
fn every_fixture_puzzle_is_unique_by_an_independent_sat_solver() {
    let started = Instant::now();
    let all = fixture_puzzles();
    assert_eq!(all.len(), 95);
    for p in &all {
        assert_unique_by_sat(p);
    }
    eprintln!("95 fixture puzzles proved unique by SAT in {:.1?}", started.elapsed());
}

#[test]
fn every_special_of_the_test_site_is_unique_by_an_independent_sat_solver() {
    let started = Instant::now();
    let all = special_puzzles();
    assert_eq!(all.len(), 8);
    assert!(all.iter().any(|p| p.width == 50), "the 50x50 monthly is among them");
    for p in &all {
        assert_unique_by_sat(p);
    }
    eprintln!("{} specials proved unique by SAT in {:.1?}", all.len(), started.elapsed());
}

#[test]
fn generated_puzzles_are_unique_by_an_independent_sat_solver() {
    let started = Instant::now();
    let mut checked = 0;
    let sets = [("mended", 20, 1, 2), ("mended", 25, 2, 1), ("mended", 30, 3, 1), ("mended", 40, 40, 1)];
    // Random and grown maps are thrown away until one is unique: the
    // engine's proof is all that keeps them, so SAT checks it on the sizes
    // it makes fast.
    let random = [("random", 12, 5, 4), ("random", 20, 6, 2), ("random", 30, 7, 2)];
    let grown = [("grown", 20, 8, 2), ("grown", 30, 9, 2)];
    for (style, size, seed, count) in sets.into_iter().chain(random).chain(grown) {
        for p in generated_puzzles(style, size, seed, count) {
            assert_unique_by_sat(&p);
            if style != "mended" {
                // Never mended: as many tanks as the map was cut into, or
                // grown from seed cells.
                let tanks: std::collections::BTreeSet<_> = p.tanks.iter().collect();
                assert_eq!(tanks.len(), size * size / 12, "{}", p.name);
            }
            checked += 1;
        }
    }
    eprintln!("{checked} generated puzzles proved unique by SAT in {:.1?}", started.elapsed());
}

// ---------------------------------------------------------------------------
// Sudoku grades against Sudoku Explainer

/// Spearman's rank correlation: Pearson's over the ranks, ties given the
/// mean of the ranks they span.
fn spearman(xs: &[f64], ys: &[f64]) -> f64 {
    fn ranks(v: &[f64]) -> Vec<f64> {
        let mut order: Vec<usize> = (0..v.len()).collect();
        order.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
        let mut ranks = vec![0.0; v.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
                j += 1;
            }
            for &k in &order[i..=j] {
                ranks[k] = (i + j) as f64 / 2.0 + 1.0;
            }
            i = j + 1;
        }
        ranks
    }
    let (a, b) = (ranks(xs), ranks(ys));
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let (va, vb): (f64, f64) = (a.iter().map(|x| (x - ma).powi(2)).sum(), b.iter().map(|y| (y - mb).powi(2)).sum());
    cov / (va * vb).sqrt()
}

#[test]
fn spearman_is_one_for_the_same_order_and_minus_one_for_the_reverse() {
    let xs = [1.0, 2.0, 2.0, 5.0, 9.0];
    assert!((spearman(&xs, &[0.1, 0.4, 0.4, 3.0, 3.5]) - 1.0).abs() < 1e-12);
    assert!((spearman(&xs, &[9.0, 4.0, 4.0, 3.0, 1.0]) + 1.0).abs() < 1e-12);
}

/// The grader's levels rise with the Sudoku Explainer ratings of
/// `se_rated_sample.txt` (an outside rater, see tests/fixtures/sudoku/README.md).
/// Its 30 puzzles span SE 5.4 to 9.1; over them the rank correlation of
/// level and rating measured 0.59. For 30 puzzles a correlation above 0.36
/// is significant at the 5% level; the bar is set at 0.4, below what was
/// measured and above chance.
#[test]
fn sudoku_grades_rise_with_sudoku_explainer_ratings() {
    const LEVELS: [&str; 5] = ["easy", "medium", "hard", "expert", "guess"];
    let path = fixtures().join("sudoku/se_rated_sample.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let rating_of_line = |line: usize| -> f64 {
        let fields: Vec<&str> = text.lines().nth(line - 1).unwrap().split_whitespace().collect();
        assert_eq!(fields.len(), 3, "line {line}: id, puzzle, rating");
        fields[2].parse().unwrap()
    };
    let dir = Dir::new();
    let run = dir.run(&["grade", "--json", path.to_str().unwrap()]).ok();
    let (mut levels, mut ratings) = (Vec::new(), Vec::new());
    for graded in run.json_lines() {
        let level = graded["level"].as_str().unwrap();
        levels.push(LEVELS.iter().position(|l| *l == level).unwrap_or_else(|| panic!("level `{level}`")) as f64);
        ratings.push(rating_of_line(graded["line"].as_u64().unwrap() as usize));
    }
    assert_eq!(levels.len(), 30, "{run}");
    let rho = spearman(&levels, &ratings);
    eprintln!("Spearman's rank correlation of grade and SE rating over {} puzzles: {rho:.3}", levels.len());
    assert!(rho > 0.4, "grades do not rise with SE ratings: rank correlation {rho:.3}");
}

// ---------------------------------------------------------------------------
// Calendar counts by a tiler of its own

/// A calendar board as tests/fixtures/calendar/README.md describes it:
/// 7 columns, cells numbered row by row, some not on the board.
struct Board {
    rows: usize,
    blocked: &'static [(usize, usize)],
    pieces: Vec<Vec<(i32, i32)>>,
}

const COLUMNS: usize = 7;

/// Cells of a piece drawn as rows of `X` and `.`, split by `/`.
fn drawn(picture: &str) -> Vec<(i32, i32)> {
    picture
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars().enumerate().filter(|&(_, ch)| ch == 'X').map(move |(c, _)| (r as i32, c as i32))
        })
        .collect()
}

fn standard_board() -> Board {
    Board {
        rows: 7,
        blocked: &[(0, 6), (1, 6), (6, 3), (6, 4), (6, 5), (6, 6)],
        pieces: ["XXX/XXX", "XXXX/..X.", "XXXX/X...", "XXX./..XX", "X.X/XXX", "XX/XX/X.", "XX./.X./.XX", "XXX/X../X.."]
            .map(drawn)
            .to_vec(),
    }
}

fn weekday_board() -> Board {
    Board {
        rows: 8,
        blocked: &[(0, 6), (1, 6), (7, 0), (7, 1), (7, 2), (7, 3)],
        pieces: [
            "XX../.XXX",
            "XXX/XX.",
            "XXX/X..",
            "XXXX/X...",
            "XXX/X../X..",
            "XXX/.X./.X.",
            "XXXX",
            "XX./.XX",
            "XXX/X.X",
            "XX./.X./.XX",
        ]
        .map(drawn)
        .to_vec(),
    }
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/// Days in each month of a leap year: the dates a calendar must show.
const MONTH_DAYS: [usize; 12] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

fn bit(r: usize, c: usize) -> u64 {
    1 << (r * COLUMNS + c)
}

/// The cells left open for a month (1..), day (1..) and maybe weekday (0 = Sun).
fn date_cells(month: usize, day: usize, weekday: Option<usize>) -> u64 {
    let weekday = weekday.map_or(0, |w| {
        let (r, c) = [(6, 3), (6, 4), (6, 5), (6, 6), (7, 4), (7, 5), (7, 6)][w];
        bit(r, c)
    });
    bit((month - 1) / 6, (month - 1) % 6) | bit(2 + (day - 1) / 7, (day - 1) % 7) | weekday
}

impl Board {
    fn cells(&self) -> u64 {
        let mut all = 0;
        for r in 0..self.rows {
            for c in 0..COLUMNS {
                if !self.blocked.contains(&(r, c)) {
                    all |= bit(r, c);
                }
            }
        }
        all
    }

    /// Each piece's placements inside `cells`, every rotation and flip, as
    /// cell masks.
    fn placements(&self, cells: u64) -> Vec<Vec<u64>> {
        self.pieces
            .iter()
            .map(|piece| {
                let mut masks = std::collections::BTreeSet::new();
                for turn in 0..8 {
                    let shape: Vec<(i32, i32)> = piece
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = if turn >= 4 { (r, -c) } else { (r, c) };
                            (0..turn % 4).fold((r, c), |(r, c), _| (c, -r))
                        })
                        .collect();
                    let (top, left) =
                        (shape.iter().map(|p| p.0).min().unwrap(), shape.iter().map(|p| p.1).min().unwrap());
                    for dr in 0..self.rows as i32 {
                        for dc in 0..COLUMNS as i32 {
                            let mut mask = 0;
                            let fits = shape.iter().all(|&(r, c)| {
                                let (r, c) = (r - top + dr, c - left + dc);
                                let inside = r < self.rows as i32 && c < COLUMNS as i32;
                                inside && {
                                    mask |= bit(r as usize, c as usize);
                                    cells & bit(r as usize, c as usize) != 0
                                }
                            });
                            if fits {
                                masks.insert(mask);
                            }
                        }
                    }
                }
                masks.into_iter().collect()
            })
            .collect()
    }

    /// Tilings of the board with `open` left uncovered: the first uncovered
    /// cell is tried with every unused piece placed with its own first cell
    /// there.
    fn count(&self, open: u64) -> u64 {
        let cells = self.cells() & !open;
        let by_first_cell: Vec<Vec<Vec<u64>>> = self
            .placements(cells)
            .into_iter()
            .map(|masks| {
                let mut at = vec![Vec::new(); 64];
                for m in masks {
                    at[m.trailing_zeros() as usize].push(m);
                }
                at
            })
            .collect();
        fn search(left: u64, used: u32, at: &[Vec<Vec<u64>>]) -> u64 {
            if left == 0 {
                return 1;
            }
            let first = left.trailing_zeros() as usize;
            let mut n = 0;
            for (piece, masks) in at.iter().enumerate() {
                if used & 1 << piece == 0 {
                    for &m in &masks[first] {
                        if m & !left == 0 {
                            n += search(left & !m, used | 1 << piece, at);
                        }
                    }
                }
            }
            n
        }
        search(cells, 0, &by_first_cell)
    }
}

fn calendar_count(dir: &Dir, args: &[&str]) -> u64 {
    let mut all = vec!["calendar", "--count", "--json"];
    all.extend(args);
    dir.run(&all).ok().json_lines()[0]["count"].as_u64().unwrap()
}

#[test]
fn placements_on_the_empty_boards_are_counted_again() {
    let weekday = weekday_board();
    let mut per_piece: Vec<usize> = weekday.placements(weekday.cells()).iter().map(Vec::len).collect();
    per_piece.sort_unstable();
    assert_eq!(per_piece, [55, 100, 102, 102, 118, 122, 191, 194, 240, 242]);
    let standard = standard_board();
    assert_eq!(standard.placements(standard.cells()).iter().map(Vec::len).sum::<usize>(), 961);
    // Each board's pieces fill what a date leaves.
    let size = |b: &Board| b.pieces.iter().map(Vec::len).sum::<usize>();
    assert_eq!(size(&weekday), weekday.cells().count_ones() as usize - 3);
    assert_eq!(size(&standard), standard.cells().count_ones() as usize - 2);
}

#[test]
fn weekday_board_counts_are_counted_again() {
    let started = Instant::now();
    let (board, dir) = (weekday_board(), Dir::new());
    for (text, figure) in [
        ("Jan 1 Sun", 1495),
        ("Jan 1 Mon", 857),
        ("Jun 2 Mon", 1004),
        ("Apr 8 Thu", 1228),
        ("Apr 6 Mon", 97),
        ("Jun 7 Tue", 10_374),
    ] {
        let words: Vec<&str> = text.split(' ').collect();
        let month = MONTHS.iter().position(|m| *m == words[0]).unwrap() + 1;
        let weekday = WEEKDAYS.iter().position(|w| *w == words[2]).unwrap();
        let counted = board.count(date_cells(month, words[1].parse().unwrap(), Some(weekday)));
        assert_eq!(counted, figure, "{text}: the figure of the fixture README");
        assert_eq!(calendar_count(&dir, &[text, "--weekday"]), counted, "{text}: the tool's count");
    }
    eprintln!("six weekday dates counted by the test's tiler in {:.1?}", started.elapsed());
}

#[test]
fn every_date_of_the_standard_board_is_counted_again() {
    let started = Instant::now();
    let board = standard_board();
    let dir = Dir::new();
    let tool = &dir.run(&["calendar", "--every-date", "--json"]).ok().json_lines()[0];
    let tool_counts = tool["counts"].as_array().unwrap();
    assert_eq!(tool_counts.len(), 12 * 31);
    let (mut all, mut real, mut real_dates) = (0, 0, 0);
    let mut counts = std::collections::BTreeMap::new();
    for (month, name) in MONTHS.iter().enumerate() {
        for day in 1..=31 {
            let n = board.count(date_cells(month + 1, day, None));
            let date = format!("{name} {day}");
            let listed = tool_counts.iter().find(|c| c["date"] == date.as_str()).unwrap_or_else(|| panic!("{date}"));
            assert_eq!(listed["count"].as_u64(), Some(n), "{date}");
            let is_real = day <= MONTH_DAYS[month];
            assert_eq!(listed["real"].as_bool(), Some(is_real), "{date}");
            all += n;
            if is_real {
                real += n;
                real_dates += 1;
            }
            counts.insert(date, (n, is_real));
        }
    }
    let real_counts = || counts.iter().filter(|(_, (_, is_real))| *is_real).map(|(d, (n, _))| (d.as_str(), *n));
    let fewest = real_counts().min_by_key(|&(_, n)| n).unwrap();
    let most = real_counts().max_by_key(|&(_, n)| n).unwrap();
    // The figures of the fixture README, from this count (May 1's 57 is published too).
    assert_eq!((all, real, real_dates), (25_061, 24_405, 366));
    assert_eq!((fewest, most), (("Oct 6", 7), ("Jan 25", 216)));
    assert_eq!((counts["May 1"].0, counts["May 21"].0), (57, 36));
    assert_eq!((tool["total"].as_u64(), tool["real_total"].as_u64()), (Some(all), Some(real)));
    eprintln!("372 standard dates counted by the test's tiler in {:.1?}", started.elapsed());
}
