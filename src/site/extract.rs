//! From a page's bytes to a puzzle: the script's `task`, the rendered board,
//! or both (which must then agree), and validation of what the site sent.

use super::board::read_board;
use super::raw::{PageInfo, is_not_found, read_page};
use super::url::{PuzzleId, SizeClass};
use super::{ExtractError, Invalid};
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
    pub class: SizeClass,
    pub id: Option<PuzzleId>,
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
    Ok(Extracted { puzzle, class, id: info.id, date: info.date, hashed_solution: info.hashed_solution, source })
}

fn page_class(info: &PageInfo, asked: Option<SizeClass>) -> Result<SizeClass, ExtractError> {
    let page = info.size_param.map(|n| SizeClass::from_param(n).ok_or(n));
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

/// Checks what only the site can get wrong (SITE.md): the tank count must
/// fit the size class. Form (clue sums, connected tanks) and uniqueness are
/// the archive's checks, as for any imported puzzle.
pub fn check_class(extracted: &Extracted) -> Result<(), Invalid> {
    let puzzle = &extracted.puzzle;
    let range = extracted.class.tank_range(puzzle.width(), puzzle.height());
    if range.contains(&puzzle.tank_count()) {
        return Ok(());
    }
    Err(Invalid::TankCount {
        found: puzzle.tank_count(),
        class: extracted.class.to_string(),
        lo: *range.start(),
        hi: *range.end(),
    })
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
        assert_eq!(check_class(&got), Ok(()));
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
    fn the_tank_count_must_fit_the_class() {
        let easy = SizeClass::from_param(0).unwrap();
        let check = |task: &str| {
            let puzzle = Aquarium::parse_task(task).unwrap();
            check_class(&Extracted {
                puzzle,
                class: easy,
                id: None,
                date: None,
                hashed_solution: None,
                source: Source::Script,
            })
        };
        assert_eq!(check(TASK), Ok(()));
        // Every cell its own tank: 36 tanks is not a 6x6 easy.
        let clues = TASK.split(';').next().unwrap();
        let singles: Vec<String> = (1..=36).map(|n| n.to_string()).collect();
        let err = check(&format!("{clues};{}", singles.join(","))).unwrap_err();
        assert_eq!(err.to_string(), "invalid puzzle: 36 tanks, but a 6x6-easy puzzle has 4 to 8");
    }
}
