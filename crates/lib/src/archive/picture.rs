//! A puzzle's picture, in text or SVG, by its kind: the one place that
//! knows which kinds the archive can draw, and how. Stored text and
//! solutions are read back as everywhere else: by `kinds::AnyPuzzle`, and
//! Aquarium's by `stored_aquarium` and `stored_water` as the other Aquarium
//! commands do.

use crate::render::{self, svg};
use crate::store::Puzzle;

use super::kinds::{AnyPuzzle, AnySolution, AnySolved, calendar_label, size_text};
use super::solving::Mode;
use super::{ArchiveError, site_names, stats, stored, stored_aquarium, stored_water};
use crate::kinds::Kind;

/// A short title: kind, class, and the site ID when known
/// (`Aquarium 15x15 hard, site ID 5,642,858`).
pub fn title(puzzle: &Puzzle) -> String {
    let mut title = format!(
        "{} {}",
        kind_title(puzzle.record.kind),
        stats::class_of(puzzle.record.kind, puzzle.record.size_class, puzzle.record.width, puzzle.record.height)
    );
    match puzzle.record.site_id {
        Some(id) => title.push_str(&format!(", site ID {}", site_names::site_id_text(id))),
        None => title.push_str(&format!(", puzzle {}", puzzle.id)),
    }
    title
}

/// A kind's name as a title begins with it: `Aquarium`, `Star-battle`.
pub fn kind_title(kind: Kind) -> String {
    let name = kind.name();
    format!("{}{}", name.get(..1).unwrap_or_default().to_uppercase(), name.get(1..).unwrap_or_default())
}

/// A read puzzle drawn in text, by its kind, with its solution when one is
/// given: what `show` prints below the facts.
pub fn text(puzzle: &AnyPuzzle, solution: Option<&AnySolution>) -> String {
    match (puzzle, solution) {
        (AnyPuzzle::Aquarium(p), Some(AnySolution::Aquarium(w))) => render::aquarium::framed(p, Some(w)),
        (AnyPuzzle::Aquarium(p), _) => render::aquarium::framed(p, None),
        (AnyPuzzle::Sudoku(p), Some(AnySolution::Sudoku(g))) => {
            format!("{}solution:\n{}", render::sudoku::framed(p), render::sudoku::framed(g))
        }
        (AnyPuzzle::Sudoku(p), _) => render::sudoku::framed(p),
        (AnyPuzzle::Calendar { variant, date }, solution) => {
            let tiling = match solution {
                Some(AnySolution::Calendar(t)) => Some(t),
                _ => None,
            };
            format!("{}:\n{}", calendar_label(variant, *date), render::calendar::board(variant, tiling))
        }
        (AnyPuzzle::Ring(r), Some(AnySolution::Ring(s))) => render::ring::board(r, Some(s)) + &render::ring::legend(),
        (AnyPuzzle::Ring(r), _) => render::ring::board(r, None),
        (AnyPuzzle::Family(p), solution) => {
            let answer = match solution {
                Some(AnySolution::Family(answer)) => Some(answer.as_str()),
                _ => None,
            };
            render::family::framed(p.kind(), p.board(), p.task(), answer)
        }
    }
}

/// The puzzle drawn as SVG, with its stored solution when `solved` and there
/// is one; `None` for a kind that has no picture.
pub fn svg(puzzle: &Puzzle, solved: bool) -> Result<Option<String>, ArchiveError> {
    let title = title(puzzle);
    let solution_text = puzzle.solution.as_ref().and_then(|s| s.solution.as_deref()).filter(|_| solved);
    match puzzle.record.kind {
        Kind::Aquarium => {
            let aquarium = stored_aquarium(puzzle)?;
            let water = if solved { stored_water(puzzle).transpose()? } else { None };
            if let Some(water) = &water
                && (water.width(), water.height()) != (aquarium.width(), aquarium.height())
            {
                return Err(ArchiveError::Input(format!(
                    "puzzle {}: the stored solution is {}x{}, the puzzle {}x{}",
                    puzzle.id,
                    water.width(),
                    water.height(),
                    aquarium.width(),
                    aquarium.height()
                )));
            }
            Ok(Some(svg::aquarium::board(&aquarium, water.as_ref(), &title)))
        }
        Kind::Sudoku | Kind::Calendar | Kind::Ring => {
            let stored = stored(puzzle)?;
            let solution = solution_text
                .map(|text| stored.read_solution(text))
                .transpose()
                .map_err(|source| ArchiveError::StoredSolution { id: puzzle.id, source })?;
            Ok(match (&stored, solution.as_ref()) {
                (AnyPuzzle::Sudoku(givens), Some(AnySolution::Sudoku(filled))) => {
                    Some(svg::sudoku::board(givens, Some(filled), &title))
                }
                (AnyPuzzle::Sudoku(givens), _) => Some(svg::sudoku::board(givens, None, &title)),
                (AnyPuzzle::Calendar { variant, date }, solution) => {
                    let tiling = match solution {
                        Some(AnySolution::Calendar(tiling)) => Some(tiling),
                        _ => None,
                    };
                    // Unsolved, the board does not show the date: the title does.
                    Some(svg::calendar::board(variant, tiling, &format!("{title}, {date}")))
                }
                (AnyPuzzle::Ring(ring), Some(AnySolution::Ring(solution))) => {
                    Some(svg::ring::board(ring, Some(solution), &title))
                }
                (AnyPuzzle::Ring(ring), _) => Some(svg::ring::board(ring, None, &title)),
                _ => None,
            })
        }
        _ => match stored(puzzle)? {
            AnyPuzzle::Family(family) => Ok(render::family::svg(family.board(), solution_text, &title)),
            _ => Ok(None),
        },
    }
}

/// The SVG, or an error naming the kind when it has no picture.
pub fn svg_required(puzzle: &Puzzle, solved: bool) -> Result<String, ArchiveError> {
    svg(puzzle, solved)?.ok_or_else(|| {
        ArchiveError::Input(format!("puzzle {}: {} puzzles have no picture yet", puzzle.id, puzzle.record.kind))
    })
}

/// What solving a puzzle from a file found, in words: `PLACE: what the
/// puzzle is: VERDICT`, then the solutions `mode` shows, drawn by its kind.
pub fn solved_text(solved: &AnySolved, mode: Mode, place: &str, verdict: &str) -> String {
    match solved {
        AnySolved::Aquarium(puzzle, waters) => {
            let size = size_text(solved.kind(), puzzle.width() as i64, puzzle.height() as i64);
            let mut out = format!("{place}: {size}, {} tanks: {verdict}\n", puzzle.tank_count());
            out.push_str(&listed(mode, waters, |water| render::aquarium::framed(puzzle, water)));
            if mode == Mode::All && waters.is_empty() {
                out.push_str(&render::aquarium::framed(puzzle, None));
            }
            if mode != Mode::Count {
                out.push('\n');
            }
            out
        }
        AnySolved::Sudoku(puzzle, grids) => {
            let mut out = format!("{place}: {} givens: {verdict}\n", puzzle.givens());
            out.push_str(&listed(mode, grids, |grid| render::sudoku::framed(grid.unwrap_or(puzzle))));
            out
        }
        AnySolved::Calendar { variant, date, tilings } => {
            let mut out = format!("{place}: {}: {verdict}\n", calendar_label(variant, *date));
            out.push_str(&listed(mode, tilings, |tiling| render::calendar::board(variant, tiling)));
            out
        }
        AnySolved::Family(puzzle, answers) => {
            let size = puzzle.size().map_or_else(|| "size unknown".to_string(), |s| s.to_string());
            let mut out = format!("{place}: {} {size}: {verdict}\n", puzzle.kind());
            let draw = |answer: Option<&String>| {
                render::family::framed(puzzle.kind(), puzzle.board(), puzzle.task(), answer.map(String::as_str))
            };
            out.push_str(&listed(mode, answers, draw));
            if mode == Mode::All && answers.is_empty() {
                out.push_str(&draw(None));
            }
            if let (Some(answer), true) = (answers.first(), mode != Mode::Count) {
                out.push_str(&format!("answer: {answer}\n"));
            }
            out
        }
        AnySolved::Ring(ring, solutions) => {
            let size = size_text(solved.kind(), ring.sectors() as i64, ring.rows() as i64);
            let assignments: u64 = solutions.iter().map(|s| s.assignments).sum();
            let mut out = format!("{place}: {size}: {verdict}; {assignments} ball assignments\n");
            // Each solution shown under its triangles, even the first alone.
            let shown = match mode {
                Mode::Count => 0,
                Mode::First => 1,
                Mode::All => solutions.len(),
            };
            for (k, s) in solutions.iter().take(shown).enumerate() {
                let triangles: Vec<String> = s.triangles.iter().map(ToString::to_string).collect();
                out.push_str(&format!(
                    "solution {}: triangle rows by sector: {} ({} ball assignments)\n",
                    k + 1,
                    triangles.join(" "),
                    s.assignments
                ));
                out.push_str(&render::ring::board(ring, Some(s)));
            }
            if shown > 0 {
                out.push_str(&render::ring::legend());
            }
            if solutions.is_empty() && mode != Mode::Count {
                out.push_str(&render::ring::board(ring, None));
            }
            out
        }
    }
}

/// The solutions `mode` shows, each drawn by `draw`: none for a count, the
/// first (or the puzzle without one) alone, or every one under `solution N:`.
fn listed<S>(mode: Mode, solutions: &[S], draw: impl Fn(Option<&S>) -> String) -> String {
    match mode {
        Mode::Count => String::new(),
        Mode::First => draw(solutions.first()),
        Mode::All => {
            solutions.iter().enumerate().map(|(k, s)| format!("solution {}:\n{}", k + 1, draw(Some(s)))).collect()
        }
    }
}

/// A solved puzzle from a file drawn as SVG, with its first solution.
pub fn solved_svg(solved: &AnySolved, title: &str) -> String {
    match solved {
        AnySolved::Aquarium(puzzle, waters) => svg::aquarium::board(puzzle, waters.first(), title),
        AnySolved::Sudoku(puzzle, grids) => svg::sudoku::board(puzzle, grids.first(), title),
        AnySolved::Calendar { variant, date, tilings } => {
            svg::calendar::board(variant, tilings.first(), &calendar_label(variant, *date))
        }
        AnySolved::Ring(ring, solutions) => svg::ring::board(ring, solutions.first(), title),
        AnySolved::Family(puzzle, answers) => {
            render::family::svg(puzzle.board(), answers.first().map(String::as_str), title).unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{NewPuzzle, Solution, Status};

    fn stored(kind: Kind, text: &str, solution: Option<&str>) -> Puzzle {
        Puzzle {
            id: 7,
            record: NewPuzzle {
                kind,
                source: "test".into(),
                size_class: None,
                site_id: None,
                special_date: None,
                width: 9,
                height: 9,
                text: text.into(),
                snapshot: None,
                extractor_version: None,
                status: Status::Ok,
                note: None,
            },
            canonical_hash: String::new(),
            created: "2026-11-30T08:00:00.000Z".parse().unwrap(),
            hash_check: None,
            solution: solution.map(|s| Solution {
                solver_version: "v".into(),
                solution: Some(s.into()),
                found: 1,
                nodes: 1,
                micros: 1,
                grade: None,
            }),
        }
    }

    #[test]
    fn kinds_are_drawn_by_their_own_code() {
        let givens = format!("5{}", ".".repeat(80));
        let solution = format!("5{}", "1".repeat(80));
        let drawn = svg(&stored(Kind::Sudoku, &givens, Some(&solution)), true).unwrap().unwrap();
        assert!(drawn.contains("class=\"board sudoku\"") && drawn.contains("class=\"solution filled\""));
        assert!(!svg(&stored(Kind::Sudoku, &givens, Some(&solution)), false).unwrap().unwrap().contains("solution"));
        assert_eq!(title(&stored(Kind::Sudoku, &givens, None)), "Sudoku 9x9, puzzle 7");
        // Every kind has a picture, so one required is the one drawn (a kind
        // the archive does not know cannot be read back: see the store's tests).
        let required = svg_required(&stored(Kind::Sudoku, &givens, None), true).unwrap();
        assert_eq!(Some(required), svg(&stored(Kind::Sudoku, &givens, None), true).unwrap());
        // Stored text that does not read is an error naming the puzzle.
        let err = svg(&stored(Kind::Aquarium, "1 2\nx", None), true).unwrap_err().to_string();
        assert!(err.starts_with("puzzle 7: stored text"), "{err}");
    }

    /// Calendar and ring puzzles as import stores them: solved by the
    /// kind's own code, the first solution's text kept.
    fn stored_and_solved(kind: Kind, text: &str) -> Puzzle {
        let any = AnyPuzzle::from_stored(kind, text, 0, 0).unwrap();
        let verdict = any.assess(crate::engine::Settings::default()).unwrap();
        let solution = verdict.solution.and_then(|s| s.solution).expect("a solution");
        stored(kind, text, Some(&solution))
    }

    #[test]
    fn calendar_and_ring_are_drawn_with_their_solutions() {
        let calendar = stored_and_solved(Kind::Calendar, "standard Mar 14");
        let drawn = svg(&calendar, true).unwrap().unwrap();
        assert!(drawn.contains("class=\"board calendar\"") && drawn.contains("class=\"solution pieces\""));
        let unsolved = svg(&calendar, false).unwrap().unwrap();
        assert!(!unsolved.contains("solution") && unsolved.contains("<title>Calendar 9x9, puzzle 7, Mar 14</title>"));

        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/ring/expert.txt"))
                .unwrap();
        let ring = stored_and_solved(Kind::Ring, &text);
        let drawn = svg(&ring, true).unwrap().unwrap();
        assert!(drawn.contains("class=\"board ring\"") && drawn.contains("class=\"solution"));
        assert!(!svg(&ring, false).unwrap().unwrap().contains("class=\"solution"));

        // A stored solution that does not read is an error naming the puzzle.
        let broken = stored(Kind::Calendar, "standard Mar 14", Some("no such tiling"));
        let err = svg(&broken, true).unwrap_err().to_string();
        assert!(err.starts_with("puzzle 7: stored solution"), "{err}");
    }
}
