//! From a page's bytes to a puzzle: the script's `task`, the rendered board,
//! or both (which must then agree), and validation of what the site sent.

use super::board::read_board;
use super::raw::{PageInfo, is_not_found, read_page};
use super::url::{PuzzleId, SizeClass};
use super::{ExtractError, Warning};
use crate::kinds::aquarium::Aquarium;

/// Where the puzzle was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The inline script's `task` (a raw page).
    Script,
    /// The rendered board only.
    Board,
    /// Both, and they agree (a page seen by a browser).
    Both,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Script => "script",
            Source::Board => "board",
            Source::Both => "script+board",
        }
    }
}

/// A puzzle read from a page, with what the page says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted {
    pub puzzle: Aquarium,
    /// The page's `task` string exactly as written, when it has one: the
    /// site's `hashedSolution` is computed over these bytes.
    pub task: Option<String>,
    pub class: SizeClass,
    /// None where the page has no ID (a special's page: empty or `0`).
    pub id: Option<PuzzleId>,
    /// A special's date (`YYYY-MM-DD` where the page writes one).
    pub date: Option<String>,
    pub hashed_solution: Option<String>,
    pub source: Source,
}

/// Reads the puzzle on a page. `asked` is the class that was requested, if
/// any: the page's own `Game.plSize` must agree with it.
pub fn extract(bytes: &[u8], asked: Option<SizeClass>) -> Result<Extracted, ExtractError> {
    let html = std::str::from_utf8(bytes).map_err(|_| ExtractError::NotText)?;
    if is_not_found(html) {
        return Err(ExtractError::NotFound);
    }
    let info = read_page(html);
    let class = page_class(&info, asked)?;
    let script = match &info.task {
        Some(task) => Some(parse_script(task, &info, class)?),
        None => None,
    };
    let board = read_board(html)?;
    let (puzzle, source) = match (script, board) {
        (Some(script), Some(board)) if script != board => {
            return Err(ExtractError::Inconsistent { script: script.to_task(), board: board.to_task() });
        }
        (Some(script), Some(_)) => (script, Source::Both),
        (Some(script), None) => (script, Source::Script),
        (None, Some(board)) => (board, Source::Board),
        (None, None) => return Err(ExtractError::NoPuzzle),
    };
    Ok(Extracted {
        puzzle,
        task: info.task,
        class,
        id: info.id,
        date: info.date,
        hashed_solution: info.hashed_solution,
        source,
    })
}

/// The page's class: its `Game.plSize`, else the special its title names.
fn page_class(info: &PageInfo, asked: Option<SizeClass>) -> Result<SizeClass, ExtractError> {
    let page = info.size_param.map(|n| SizeClass::from_param(n).ok_or(n)).or(info.special.map(Ok));
    match (page, asked) {
        (Some(Err(n)), _) => Err(ExtractError::WrongClass {
            page: format!("number {n}"),
            asked: asked.map_or_else(|| "a class".into(), |a| a.to_string()),
        }),
        (Some(Ok(page)), Some(asked)) if page != asked => {
            Err(ExtractError::WrongClass { page: page.to_string(), asked: asked.to_string() })
        }
        (Some(Ok(class)), _) | (None, Some(class)) => Ok(class),
        (None, None) => Err(ExtractError::NoClass),
    }
}

/// The grid's size: the script's `puzzleWidth/Height`, else the class's
/// side, else square.
fn parse_script(task: &str, info: &PageInfo, class: SizeClass) -> Result<Aquarium, ExtractError> {
    let size = match (info.width, info.height, class.side()) {
        (Some(w), Some(h), _) => Some((w, h)),
        (_, _, Some(n)) => Some((n, n)),
        _ => None,
    };
    Aquarium::parse_task_sized(task, size).map_err(ExtractError::BadTask)
}

/// What is odd about a page's puzzle without making it wrong: a tank count
/// outside what puzzles of its class were seen to have. Form, uniqueness
/// and the site's own hash decide whether a puzzle is good.
pub fn warnings(extracted: &Extracted) -> Vec<Warning> {
    let puzzle = &extracted.puzzle;
    let range = extracted.class.tank_range(puzzle.width(), puzzle.height());
    if range.contains(&puzzle.tank_count()) {
        return Vec::new();
    }
    vec![Warning::TankCount {
        found: puzzle.tank_count(),
        class: extracted.class.to_string(),
        lo: *range.start(),
        hi: *range.end(),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::board::render_board;

    const TASK: &str =
        "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4";

    fn page(task: &str, board: &str) -> String {
        format!(
            "<div class=\"puzzleInfo\">Puzzle ID: <span id=\"puzzleID\">681,742</span></div>{board}\
             <script>var task = '{task}'; Game = $('#game').aquarium({{ task: task, \
             hashedSolution: '0123456789abcdef0123456789abcdef', puzzleWidth: 6, puzzleHeight: 6 }}).initGame(); \
             Game.plSize = 0;</script>"
        )
    }

    #[test]
    fn raw_page_gives_the_puzzle_and_its_facts() {
        let got = extract(page(TASK, "<div id=\"game\"></div>").as_bytes(), None).unwrap();
        assert_eq!(got.puzzle.to_task(), TASK);
        assert_eq!(got.class, SizeClass::from_param(0).unwrap());
        assert_eq!(got.id, Some(PuzzleId(681_742)));
        assert_eq!(got.source, Source::Script);
        assert_eq!(got.hashed_solution.as_deref(), Some("0123456789abcdef0123456789abcdef"));
        assert_eq!(got.task.as_deref(), Some(TASK));
        assert_eq!(warnings(&got), []);
    }

    #[test]
    fn script_and_board_must_agree() {
        let puzzle = Aquarium::parse_task(TASK).unwrap();
        let both = extract(page(TASK, &render_board(&puzzle)).as_bytes(), None).unwrap();
        assert_eq!(both.source, Source::Both);
        assert_eq!(both.puzzle, puzzle);
        // The board with one clue changed.
        let other = Aquarium::parse_task(&TASK.replacen("4_5", "5_5", 1)).unwrap();
        let err = extract(page(TASK, &render_board(&other)).as_bytes(), None).unwrap_err();
        assert!(matches!(err, ExtractError::Inconsistent { .. }), "{err}");
        // A board alone is enough.
        let html = format!("<script>Game.plSize = 0;</script>{}", render_board(&puzzle));
        assert_eq!(extract(html.as_bytes(), None).unwrap().source, Source::Board);
    }

    #[test]
    fn the_class_comes_from_the_page_and_must_match_the_request() {
        let html = page(TASK, "");
        let hard = SizeClass::from_param(2).unwrap();
        let err = extract(html.as_bytes(), Some(hard)).unwrap_err();
        assert_eq!(err.to_string(), "the page is size class 6x6-easy but 6x6-hard was asked for");
        let no_class = html.replace("Game.plSize = 0;", "");
        assert_eq!(extract(no_class.as_bytes(), None).unwrap_err(), ExtractError::NoClass);
        assert_eq!(extract(no_class.as_bytes(), Some(hard)).unwrap().class, hard);
        let bad_class = html.replace("Game.plSize = 0;", "Game.plSize = 40;");
        assert!(matches!(extract(bad_class.as_bytes(), None), Err(ExtractError::WrongClass { .. })));
    }

    #[test]
    fn broken_pages_are_errors_not_panics() {
        assert_eq!(extract(b"<html></html>", Some(SizeClass::DAILY)).unwrap_err(), ExtractError::NoPuzzle);
        assert_eq!(extract(&[0xff, 0xfe, b'<'], None).unwrap_err(), ExtractError::NotText);
        let html = page("1_2;1,1", "");
        assert!(matches!(extract(html.as_bytes(), None), Err(ExtractError::BadTask(_))));
        // Truncated anywhere: never a panic.
        let full = page(TASK, &render_board(&Aquarium::parse_task(TASK).unwrap()));
        for cut in (0..full.len()).step_by(37) {
            if full.is_char_boundary(cut) {
                let _ = extract(&full.as_bytes()[..cut], None);
            }
        }
    }

    #[test]
    fn a_tank_count_outside_the_class_is_a_warning() {
        let easy = SizeClass::from_param(0).unwrap();
        let check = |task: &str| {
            let puzzle = Aquarium::parse_task(task).unwrap();
            warnings(&Extracted {
                puzzle,
                task: Some(task.to_string()),
                class: easy,
                id: None,
                date: None,
                hashed_solution: None,
                source: Source::Script,
            })
        };
        assert_eq!(check(TASK), []);
        // Every cell its own tank: 36 tanks is not what a 6x6 easy has.
        let clues = TASK.split(';').next().unwrap();
        let singles: Vec<String> = (1..=36).map(|n| n.to_string()).collect();
        let said = check(&format!("{clues};{}", singles.join(",")));
        assert_eq!(said.len(), 1);
        assert_eq!(said[0].to_string(), "36 tanks, where the 6x6-easy puzzles seen so far have 4 to 8");
    }

    #[test]
    fn a_special_without_game_pl_size_is_known_by_its_title() {
        let html = page(TASK, "").replace("Game.plSize = 0;", "").replace(
            "<div class=\"puzzleInfo\">",
            "<title>Special Weekly Aquarium (2026-11-30)</title><div class=\"puzzleInfo\">",
        );
        let got = extract(html.as_bytes(), None).unwrap();
        assert_eq!((got.class, got.date.as_deref()), (SizeClass::WEEKLY, Some("2026-11-30")));
    }
}
