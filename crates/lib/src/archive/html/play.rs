//! What a puzzle's page gives `archive.js` to play it: the data the board is
//! drawn from, the solution the grid is compared with, and the logical
//! solution's steps for hints, each written compactly (a 15x15 Aquarium's
//! data is a few hundred characters, where its drawing would be kilobytes).
//!
//! - Aquarium: the board is the puzzle's puzz.link address (the page's
//!   `#puzzlink` link, which every Aquarium page has, so the data is in the
//!   page once), the solution its water as bits in the same base-32 digits,
//!   five cells a digit;
//! - Sudoku: the board is the page's picture (givens, the solution hidden),
//!   and the givens and solution are 81 digits each.
//!
//! An Aquarium's steps are given as the store keeps them (see
//! [`hints`](super::super::grade::hints)): `data-techniques`, `data-steps`
//! and `data-order`. A Sudoku's steps, with their words, are `data-hints`.
//!
//! The hints' words are not in the pages: the export writes them once, at
//! the head of `archive.js` (see [`words_js`]), as templates with named
//! placeholders, and the script fills them from a step's data. They come
//! from the graders' own wording: what each Aquarium technique says
//! ([`Technique::about`]) and what a step settles ([`Step::SETTLED_WORDS`],
//! the templates `grade --hints` says its steps with), and the sentences a
//! hint is said in ([`HINT_WORDS`]).
//!
//! The steps come from the grader, which takes far longer than writing the
//! page: they are written once, when the puzzle is graded on its way into
//! the store, kept beside its grade, and read back here. A puzzle graded
//! before they were kept is graded again as it is exported.

use crate::kinds::Kind;
use crate::kinds::aquarium::grade::{Step, Technique};
use crate::kinds::aquarium::{self, Water, puzzlink};
use crate::kinds::sudoku::{self, Grid};
use crate::render::svg::{FONT_FAMILY, aquarium as drawn};
use crate::store::{Puzzle, Status};

use super::super::grade::hints::{self, AquariumHints};
use super::super::kinds::{AnyPuzzle, AnySolution};
use super::super::progress::key_of;
use super::super::{picture, stored_solution};

/// A playable puzzle's data.
pub(super) enum Play {
    Aquarium {
        /// The key its progress is kept under in the browser.
        key: String,
        solution: String,
        hints: AquariumHints,
    },
    Sudoku {
        key: String,
        givens: String,
        solution: String,
        steps: String,
        /// The picture, with the solution hidden in it.
        svg: String,
    },
}

/// The data to play `puzzle`, if it can be played: an Aquarium or Sudoku
/// with one solution, stored and readable.
pub(super) fn play(puzzle: &Puzzle, read: Option<&AnyPuzzle>) -> Option<Play> {
    if puzzle.record.status != Status::Ok || !matches!(puzzle.record.kind, Kind::Aquarium | Kind::Sudoku) {
        return None;
    }
    let read = read?;
    let solution = stored_solution(puzzle, read)?.ok()?;
    let key = progress_key(puzzle);
    let kept = puzzle.solution.as_ref().and_then(|s| s.grade.as_ref()).and_then(|g| g.hints.as_deref());
    match (read, solution) {
        (AnyPuzzle::Aquarium(aquarium), AnySolution::Aquarium(water)) => {
            if (water.width(), water.height()) != (aquarium.width(), aquarium.height()) {
                return None;
            }
            let cells = aquarium.width() * aquarium.height();
            let hints = kept.and_then(|data| AquariumHints::from_data(data, cells)).unwrap_or_else(|| {
                let grading = aquarium::grade::grade_without_words(aquarium, &water);
                hints::aquarium_hints(aquarium, &hints::aquarium_steps(&grading))
            });
            Some(Play::Aquarium { key, solution: water_bits(&water), hints })
        }
        (AnyPuzzle::Sudoku(givens), AnySolution::Sudoku(filled)) => Some(Play::Sudoku {
            key,
            givens: digits(givens),
            solution: digits(&filled),
            steps: kept.map_or_else(|| hints::sudoku_steps(&sudoku::grade(givens, &filled)), str::to_string),
            svg: picture::svg(puzzle, true).ok().flatten()?,
        }),
        _ => None,
    }
}

/// The key a puzzle's progress is kept under (see [`key_of`]).
pub(super) fn progress_key(puzzle: &Puzzle) -> String {
    key_of(&puzzle.canonical_hash)
}

fn water_bits(water: &Water) -> String {
    let cells = (0..water.height()).flat_map(|r| (0..water.width()).map(move |c| water.get(r, c)));
    puzzlink::base32_bits(cells)
}

fn digits(grid: &Grid) -> String {
    grid.cells().iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The sentences a hint is said in, by name, each with its placeholders:
/// - `aquarium step` (`{step}` of `{steps}`, `{technique}`, what it says,
///   `{about}`, and what the step settles, `{settled}`); `aquarium step
///   unexplained` for a technique without words of its own;
/// - `sudoku step` (`{step}`, `{steps}`, and the step's own words, `{text}`);
/// - `aquarium done`, `sudoku done`: every step is done but the grid is not
///   solved; `no steps`: the page has none; `solved`: nothing left to hint.
pub(super) const HINT_WORDS: [(&str, &str); 7] = [
    ("aquarium step", "Step {step} of {steps}, {technique}: {about}. So {settled}."),
    ("aquarium step unexplained", "Step {step} of {steps}, {technique}. So {settled}."),
    ("aquarium done", "Every step is done: look for a wrong cell (Find mistakes marks it)."),
    ("sudoku step", "Step {step} of {steps}: {text}"),
    ("sudoku done", "Every step is done: look for a wrong digit (Find mistakes marks it)."),
    ("no steps", "No hint: this puzzle's page has no steps to give."),
    ("solved", "Solved: no hint needed."),
];

/// The head of `archive.js`, written once for every page: `var WORDS =
/// {...};`, the hints' words as JSON, `hints` from [`HINT_WORDS`],
/// `settled` from [`Step::SETTLED_WORDS`], and `techniques`, each Aquarium
/// technique's name and what it says.
pub(super) fn words_js() -> String {
    let pairs = |pairs: &[(&str, &str)]| {
        serde_json::Value::Object(pairs.iter().map(|(k, v)| ((*k).to_string(), serde_json::json!(v))).collect())
    };
    let techniques: Vec<(&str, &str)> = Technique::ALL.iter().map(|t| (t.name(), t.about())).collect();
    let words = serde_json::json!({
        "hints": pairs(&HINT_WORDS),
        "settled": pairs(&Step::SETTLED_WORDS),
        "techniques": pairs(&techniques),
    });
    format!(
        "// The hints' words, written by the export from the graders' own wording.\nvar WORDS = {};\n",
        script_safe(&words.to_string())
    )
}

/// The head of `archive.js` after the words, written once for every page:
/// `var BOARD = {...};`, how an Aquarium board looks, as
/// [`render::svg::aquarium`](crate::render::svg::aquarium) draws it for
/// `picture` and `solve --svg`: the side of a cell, the font, each layer's
/// SVG attributes ([`LAYERS`](drawn::LAYERS)), and where the grid, clues
/// and counters sit, in cells ([`PICTURE`](drawn::PICTURE) for the index's
/// pictures, [`PLAYED`](drawn::PLAYED) for a played board). The script
/// draws the played boards and the index's pictures with them.
pub(super) fn board_js() -> String {
    let layers: serde_json::Map<String, serde_json::Value> = drawn::LAYERS
        .iter()
        .map(|(name, attrs)| {
            let attrs = attrs.iter().map(|(k, v)| ((*k).to_string(), serde_json::json!(v))).collect();
            ((*name).to_string(), serde_json::Value::Object(attrs))
        })
        .collect();
    let layout =
        |l: drawn::Layout| serde_json::json!({ "origin": l.origin(), "clue": l.clue_at(), "counter": l.counter_at() });
    let board = serde_json::json!({
        "cell": drawn::CELL,
        "font": FONT_FAMILY,
        "fontSize": drawn::FONT_SIZE,
        "baseline": drawn::BASELINE,
        "layouts": { "picture": layout(drawn::PICTURE), "played": layout(drawn::PLAYED) },
        "layers": layers,
    });
    format!(
        "// How an Aquarium board looks, written by the export as its pictures are drawn.\nvar BOARD = {};\n",
        script_safe(&board.to_string())
    )
}

/// JSON that reads the same inside an HTML `<script>` element: every `<`
/// written `\u003c`, so no text in it can close the element (`</script>`)
/// or open a comment (`<!--`). A `<` can only be inside a JSON string, where
/// the escape means the same character.
pub(super) fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}
