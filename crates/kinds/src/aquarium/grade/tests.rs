//! Each technique on a grid made for it, then the whole grader on every
//! real puzzle and on generated ones: every cell a step settles agrees with
//! the solution the engine proved (and the verifier checked), and the steps
//! in order reach that solution.

use super::board::{Board, Shape};
use super::memo::Memo;
use super::techniques::{self, LINE_TECHNIQUES, next_step};
use super::two_lines::two_lines_at;
use super::*;
use crate::aquarium::{Aquarium, GenerateSettings, Water, generate, verify};
use crate::rng::Rng;

fn fixture_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/aquarium")
}

/// (name, puzzle, solution) for every real puzzle.
fn fixtures() -> Vec<(String, Aquarium, Water)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(fixture_dir().join("puzzles")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(name) = name.strip_suffix(".txt").filter(|n| !n.ends_with(".solution")) else { continue };
        let puzzle = Aquarium::parse_text(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let solution = Water::parse(&std::fs::read_to_string(path.with_extension("solution.txt")).unwrap()).unwrap();
        out.push((name.to_string(), puzzle, solution));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A puzzle from rows of tank letters and its clues.
fn puzzle(rows: &[&str], row_clues: &[u32], col_clues: &[u32]) -> Aquarium {
    let labels: Vec<char> = rows.iter().flat_map(|r| r.chars()).collect();
    Aquarium::new(rows[0].len(), rows.len(), &labels, row_clues.to_vec(), col_clues.to_vec()).unwrap()
}

/// Checks a grading against the puzzle's one solution: every settled cell
/// agrees with it, no cell is settled twice, and a complete grading settles
/// every cell.
fn check(name: &str, puzzle: &Aquarium, solution: &Water, grading: &Grading) {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut settled: Vec<Option<bool>> = vec![None; w * h];
    for (k, step) in grading.steps.iter().enumerate() {
        assert!(!step.settles.is_empty(), "{name} step {}: settles nothing: {}", k + 1, step.text);
        for &(r, c, water) in &step.settles {
            assert_eq!(
                water,
                solution.get(r, c),
                "{name} step {} ({}) settles r{}c{} wrongly: {}",
                k + 1,
                step.technique,
                r + 1,
                c + 1,
                step.text
            );
            assert!(settled[r * w + c].is_none(), "{name} step {}: r{}c{} settled twice", k + 1, r + 1, c + 1);
            settled[r * w + c] = Some(water);
        }
    }
    assert!(grading.complete, "{name}: not complete");
    let cells: Vec<bool> = settled.iter().map(|s| s.expect("a complete grading settles every cell")).collect();
    let water = Water::new(w, h, cells);
    assert_eq!(&water, solution, "{name}: the steps reach another grid");
    assert_eq!(verify(puzzle, &water), Ok(()), "{name}");
    let worst = grading.steps.iter().map(|s| s.technique.level()).max().unwrap_or(Level::Easy);
    assert_eq!(grading.level, worst, "{name}: the level is the hardest technique used");
}

#[test]
fn every_real_puzzle_is_graded_soundly_to_its_solution() {
    let all = fixtures();
    assert_eq!(all.len(), 95);
    let mut used = std::collections::BTreeSet::new();
    for (name, puzzle, solution) in &all {
        let grading = grade(puzzle);
        check(name, puzzle, solution, &grading);
        used.extend(grading.steps.iter().map(|s| s.technique));
        // Knowing the solution changes nothing but where a guess reads it.
        assert_eq!(grade_knowing(puzzle, solution).steps, grading.steps, "{name}");
    }
    // So every technique's steps were checked against a solution above.
    assert_eq!(used.len(), Technique::ALL.len(), "techniques used: {used:?}");
}

#[test]
fn generated_puzzles_are_graded_soundly_to_their_solution() {
    for (n, seed) in
        [(6, 1..40), (8, 40..70), (10, 70..90), (15, 90..96)].into_iter().flat_map(|(n, s)| s.map(move |x| (n, x)))
    {
        let g = generate(&mut Rng::new(seed), GenerateSettings::square(n));
        let grading = grade(&g.puzzle);
        check(&format!("generated {n}x{n} seed {seed}"), &g.puzzle, &g.solution, &grading);
    }
}

#[test]
fn grading_without_words_takes_the_same_steps_with_no_text() {
    let generated = [(6, 1), (10, 2), (15, 3), (15, 4), (15, 5)].map(|(n, seed)| {
        let g = generate(&mut Rng::new(seed), GenerateSettings::square(n));
        (format!("generated {n}x{n} seed {seed}"), g.puzzle, g.solution)
    });
    let mut used = std::collections::BTreeSet::new();
    for (name, puzzle, solution) in fixtures().iter().chain(&generated) {
        let worded = grade_knowing(puzzle, solution);
        let bare = grade_without_words(puzzle, solution);
        assert_eq!((bare.level, bare.complete), (worded.level, worded.complete), "{name}");
        assert_eq!(bare.steps.len(), worded.steps.len(), "{name}");
        for (b, w) in bare.steps.iter().zip(&worded.steps) {
            assert_eq!((b.technique, &b.settles), (w.technique, &w.settles), "{name}: {}", w.text);
            assert!(b.text.is_empty() && !w.text.is_empty(), "{name}: {:?}", b.text);
            used.insert(b.technique);
        }
    }
    // So every technique, the guess included, was taken without words.
    assert_eq!(used.len(), Technique::ALL.len(), "techniques used: {used:?}");
}

/// The site's size class of each real puzzle that has one, from index.json:
/// (grid side, class 0 easy, 1 normal, 2 hard).
fn classes() -> Vec<(String, usize, usize)> {
    let index = std::fs::read_to_string(fixture_dir().join("index.json")).unwrap();
    let index: serde_json::Value = serde_json::from_str(&index).unwrap();
    index
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| {
            let class = e["size_param"].as_u64()? as usize;
            Some((e["name"].as_str().unwrap().to_string(), e["n"].as_u64().unwrap() as usize, class % 3))
        })
        .collect()
}

#[test]
fn the_sites_harder_classes_grade_harder_within_each_size() {
    let puzzles = fixtures();
    for n in [6, 10, 15] {
        let mut mean = [0.0f64; 3];
        for (class, m) in mean.iter_mut().enumerate() {
            let ranks: Vec<f64> = classes()
                .iter()
                .filter(|(_, size, c)| *size == n && *c == class)
                .map(|(name, _, _)| {
                    let (_, p, _) = puzzles.iter().find(|(f, _, _)| f == name).unwrap();
                    f64::from(grade(p).level.rank())
                })
                .collect();
            assert!(ranks.len() >= 6, "{n}x{n} class {class}: {} puzzles", ranks.len());
            *m = ranks.iter().sum::<f64>() / ranks.len() as f64;
        }
        assert!(mean[0] < mean[1] && mean[1] < mean[2], "{n}x{n}: mean ranks easy/normal/hard {mean:?}");
    }
}

#[test]
fn a_finished_row_is_air_and_so_is_its_tanks_water_above() {
    // Row 2 holds its 1 water once the bottom is known; the rest of it and
    // tank A above it are air.
    let p = puzzle(&["AAB", "AAB", "CCB"], &[0, 1, 3], &[1, 1, 2]);
    let shape = Shape::new(&p);
    let mut board = Board::new(&shape);
    // Tank B (number 2) is water from row 2 down; tank C (3) full.
    board.lo[1] = 1;
    board.hi[1] = 1;
    board.lo[2] = 2;
    board.hi[2] = 2;
    let (technique, text, next) = next_step(&shape, &board, &mut Memo::new(&shape, true, LINE_TECHNIQUES)).unwrap();
    assert_eq!(technique, Technique::FinishedLine);
    assert_eq!(text, "row 1 already holds its 0 water, so its open cells are air: tank 1 is air in row 1");
    assert_eq!(board.settles(&shape, &next), vec![(0, 0, false), (0, 1, false)]);
}

#[test]
fn a_piece_too_wide_for_its_row_is_air_with_its_tank_above() {
    // Row 2 has 2 water left; tank 1's piece there is 3 wide.
    let p = puzzle(&["AAAB", "AAAB", "CDDB"], &[1, 2, 4], &[1, 1, 1, 3]);
    let shape = Shape::new(&p);
    let board = Board::new(&shape);
    let (text, next) = techniques::first_of(&shape, &board, Technique::TooWide).unwrap();
    assert_eq!(
        text,
        "row 1 has 1 water left: the 3-cell piece of tank 1 is too wide for it; so tank 1 is air in row 1"
    );
    assert_eq!(board.settles(&shape, &next), vec![(0, 0, false), (0, 1, false), (0, 2, false)]);
}

#[test]
fn a_row_that_cannot_do_without_a_piece_fills_it() {
    // The row of the ETOOBUSY example: pieces of 2, 1 and 3 with a clue of 4.
    // Without the 3 the row has room for 3, so the 3 is water; then 2 would
    // make 5, so it is air (by sums, once the 3 is in, too wide).
    let p = puzzle(&["AABCCC", "DDDDDD"], &[4, 6], &[2, 2, 2, 2, 2, 2]);
    let shape = Shape::new(&p);
    let mut board = Board::new(&shape);
    board.lo[3] = 1; // the bottom row is full
    board.hi[3] = 1;
    let (text, next) = techniques::first_of(&shape, &board, Technique::PieceNeeded).unwrap();
    assert!(
        text.starts_with("row 1 needs 4 more water: without the 3-cell piece of tank 3 it has room for 3"),
        "{text}"
    );
    assert_eq!(board.settles(&shape, &next), vec![(0, 3, true), (0, 4, true), (0, 5, true)]);
}

#[test]
fn a_column_caps_a_tall_tank_from_above() {
    // Column 1 has room for 1 more: tank 1 filled to row 1 would bring 3.
    let p = puzzle(&["AB", "AB", "AB"], &[1, 1, 1], &[1, 2]);
    let shape = Shape::new(&p);
    let board = Board::new(&shape);
    let (text, next) = techniques::first_of(&shape, &board, Technique::LevelFromAbove).unwrap();
    assert!(text.starts_with("column 1 has 1 water left: water in row 2 of tank 1 would bring it 2"), "{text}");
    assert_eq!(board.settles(&shape, &next), vec![(0, 0, false), (1, 0, false)]);
}

#[test]
fn sums_of_pieces_rule_out_a_piece_no_sum_can_use() {
    // Row 1: pieces of 2, 2 and 3 with 4 to make. None is too wide, none is
    // needed on its own, but only 2 + 2 makes 4: the 3 is air, the 2s water.
    let p = puzzle(&["AABBCCC", "DDDDDDD"], &[4, 7], &[2, 2, 2, 2, 1, 1, 1]);
    let shape = Shape::new(&p);
    let mut board = Board::new(&shape);
    board.lo[3] = 1;
    board.hi[3] = 1;
    for easier in [Technique::TooWide, Technique::PieceNeeded] {
        assert!(techniques::first_of(&shape, &board, easier).is_none(), "{easier}");
    }
    let (text, next) = techniques::first_of(&shape, &board, Technique::PieceSums).unwrap();
    assert_eq!(
        text,
        "row 1 needs 4 more water, and its open tanks can add: tank 1 0 or 2, tank 2 0 or 2, tank 3 0 or 3; \
         no sum makes 4 with air in row 1 of tank 1, air in row 1 of tank 2 or water in row 1 of tank 3; \
         so tank 1 is water in row 1; tank 2 is water in row 1; tank 3 is air in row 1"
    );
    let water: Vec<_> = (0..7).map(|c| (0, c, c < 4)).collect();
    assert_eq!(board.settles(&shape, &next), water);
}

#[test]
fn levels_rank_from_one_and_read_back_by_name() {
    for (k, level) in Level::ALL.into_iter().enumerate() {
        assert_eq!(level.rank() as usize, k + 1);
        assert_eq!(Level::from_name(level.name()), Some(level));
    }
    for t in Technique::ALL {
        assert!(Level::ALL.contains(&t.level()));
    }
}

#[test]
fn a_puzzle_with_two_solutions_stops_at_the_guess() {
    // Two tanks side by side in each row, one water in each row and column:
    // the water may lie on either diagonal.
    let p = puzzle(&["AB", "CD"], &[1, 1], &[1, 1]);
    let grading = grade(&p);
    assert!(!grading.complete);
    assert_eq!(grading.level, Level::Guess);
    assert!(grading.steps.is_empty(), "{:?}", grading.steps);
}

/// The levels of `tanks` (each within its range on `board`) that some choice
/// of all of them, tried one by one, allows with lines `a` and `b` both
/// holding their clues: `None` when there are too many choices to try.
fn levels_both_lines_allow(
    shape: &Shape,
    board: &Board,
    tanks: &[usize],
    a: usize,
    b: usize,
) -> Option<Vec<Vec<bool>>> {
    let choices: usize = tanks.iter().map(|&t| board.hi[t] - board.lo[t] + 1).product();
    if choices > 50_000 {
        return None;
    }
    let mut allowed: Vec<Vec<bool>> = tanks.iter().map(|&t| vec![false; board.hi[t] - board.lo[t] + 1]).collect();
    let mut trial = board.clone();
    for mut k in 0..choices {
        for &t in tanks {
            let n = board.hi[t] - board.lo[t] + 1;
            let s = board.lo[t] + k % n;
            (trial.lo[t], trial.hi[t]) = (s, s);
            k /= n;
        }
        if [a, b].iter().all(|&l| trial.known(shape, l) == shape.clues[l]) {
            for (i, &t) in tanks.iter().enumerate() {
                allowed[i][trial.lo[t] - board.lo[t]] = true;
            }
        }
    }
    Some(allowed)
}

#[test]
fn two_lines_narrow_each_tank_to_the_levels_some_choice_of_all_allows() {
    let mut compared = 0;
    let mut narrowing = 0;
    for seed in 0..40u64 {
        let n = [6, 8][seed as usize % 2];
        let g = generate(&mut Rng::new(seed), GenerateSettings::square(n));
        let shape = Shape::new(&g.puzzle);
        let level_of = |t: usize| {
            shape.cells[t].iter().find(|&&(r, c)| g.solution.get(r, c)).map_or(shape.bottom[t] + 1, |&(r, _)| r)
        };
        // Boards on the way to the solution: each tank's range narrowed at
        // random around its level in the solution.
        let mut rng = Rng::for_item(seed, 1);
        for _ in 0..6 {
            let mut board = Board::new(&shape);
            for t in 0..shape.tanks() {
                let s = level_of(t);
                if rng.chance(1, 3) {
                    board.lo[t] = rng.between(board.lo[t], s);
                    board.hi[t] = rng.between(s, board.hi[t]);
                }
            }
            for a in 0..shape.lines() {
                for b in a + 1..shape.lines() {
                    let mut tanks: Vec<usize> = shape.parts[a].iter().chain(&shape.parts[b]).map(|p| p.tank).collect();
                    tanks.sort_unstable();
                    tanks.dedup();
                    let Some(allowed) = levels_both_lines_allow(&shape, &board, &tanks, a, b) else { continue };
                    let mut expected = board.clone();
                    for (i, &t) in tanks.iter().enumerate() {
                        let first = allowed[i].iter().position(|&y| y).expect("the solution's level is allowed");
                        let last = allowed[i].iter().rposition(|&y| y).unwrap();
                        (expected.lo[t], expected.hi[t]) = (board.lo[t] + first, board.lo[t] + last);
                    }
                    let found = two_lines_at(&shape, &board, a, b, &mut Default::default(), true).map(|(_, next)| next);
                    assert_eq!(found.as_ref().unwrap_or(&board), &expected, "seed {seed}, lines {a} and {b}");
                    compared += 1;
                    narrowing += usize::from(found.is_some());
                }
            }
        }
    }
    assert!(compared > 1000 && narrowing > 50, "{compared} pairs compared, {narrowing} narrowing");
}

#[test]
fn a_steps_cells_put_into_words_are_what_its_words_say_it_settles() {
    for (name, puzzle, solution) in fixtures() {
        let grading = grade_knowing(&puzzle, &solution);
        for step in &grading.steps {
            let settled = settled_words(&puzzle, &step.settles);
            assert!(!settled.is_empty() && step.text.ends_with(&settled), "{name}: {} / {settled}", step.text);
        }
    }
}

#[test]
fn every_level_and_technique_has_a_name_and_words_of_its_own() {
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert!(!level.about().is_empty());
        assert!(level.techniques().all(|t| t.level() == level));
    }
    for technique in Technique::ALL {
        assert_eq!(Technique::from_name(technique.name()), Some(technique));
        assert!(!technique.about().is_empty() && !technique.about().contains('|'));
    }
    let names: std::collections::HashSet<_> = Technique::ALL.iter().map(|t| t.about()).collect();
    assert_eq!(names.len(), Technique::ALL.len());
    // Every technique is of some level, and the levels' techniques are all of them, in order.
    let by_level: Vec<Technique> = Level::ALL.iter().flat_map(|l| l.techniques()).collect();
    assert_eq!(by_level, Technique::ALL);
}
