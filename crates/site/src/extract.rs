//! From a page's bytes to a puzzle: the script's `task`, the rendered board,
//! or both (which must then agree), and validation of what the site sent.

use super::board::read_board;
use super::family::{AQUARIUM, SiteId, learn_special};
use super::raw::{PageInfo, is_not_found, read_page};
use super::url::{Asked, PuzzleId, SizeClass};
use super::{ExtractError, Warning};
use aquarchive_kinds::Kind;
use aquarchive_kinds::aquarium::Aquarium;

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

/// A puzzle read from a page of any site of the family, with what the page
/// says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted {
    /// The page's kind: its game's `ident`, else what its class or site
    /// serves.
    pub kind: Kind,
    /// The puzzle read, for an Aquarium page only: the task read into a
    /// board, the rendered board, or both. Other kinds are read by their
    /// homes in the kinds crate, from `task` and `size`.
    pub aquarium: Option<Aquarium>,
    /// The page's `task` string exactly as written, when it has one: the
    /// site's `hashedSolution` is computed over these bytes.
    pub task: Option<String>,
    /// The page's `puzzleWidth` and `puzzleHeight` (an Aquarium's board,
    /// where the page has no script).
    pub size: Option<(usize, usize)>,
    pub class: SizeClass,
    /// None where the page has no ID (a special's page: empty or `0`).
    pub id: Option<PuzzleId>,
    /// A special's date (`YYYY-MM-DD` where the page writes one).
    pub date: Option<String>,
    pub hashed_solution: Option<String>,
    pub source: Source,
}

impl Extracted {
    /// The site the page is of: its class's.
    pub fn site(&self) -> SiteId {
        self.class.site()
    }

    /// `WIDTHxHEIGHT`, or `?` where the page gives no size.
    pub fn size_text(&self) -> String {
        self.size.map_or_else(|| "?".to_string(), |(w, h)| format!("{w}x{h}"))
    }
}

/// Reads the puzzle on a page. `asked` is what was requested, if anything:
/// the page's own `Game.plSize` must agree with it, and a special asked for
/// at its path learns its number from it. A page asked for nothing (a saved
/// page) is of the site whose kind its `ident` names, else Aquarium's.
pub fn extract<A: Into<Asked>>(bytes: &[u8], asked: Option<A>) -> Result<Extracted, ExtractError> {
    let asked = asked.map(Into::into);
    let html = std::str::from_utf8(bytes).map_err(|_| ExtractError::NotText)?;
    if is_not_found(html) {
        return Err(ExtractError::NotFound);
    }
    let info = read_page(html);
    let ident_kind = match &info.ident_kind {
        Some(name) => Some(name.parse::<Kind>().map_err(|_| ExtractError::UnknownKind(name.clone()))?),
        None => None,
    };
    let site = match asked {
        Some(asked) => asked.site(),
        None => ident_kind.and_then(SiteId::of_kind).unwrap_or(AQUARIUM),
    };
    let class = page_class(&info, site, asked)?;
    let kind = ident_kind
        .or_else(|| class.kind())
        .ok_or(ExtractError::NoKind { site: site.name(), class: class.to_string() })?;
    let page_size = info.width.zip(info.height);
    if kind != Kind::Aquarium {
        if info.task.is_none() {
            return Err(ExtractError::NoPuzzle);
        }
        return Ok(Extracted {
            kind,
            aquarium: None,
            task: info.task,
            size: page_size,
            class,
            id: info.id,
            date: info.date,
            hashed_solution: info.hashed_solution,
            source: Source::Script,
        });
    }
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
        kind,
        size: page_size.or(Some((puzzle.width(), puzzle.height()))),
        aquarium: Some(puzzle),
        task: info.task,
        class,
        id: info.id,
        date: info.date,
        hashed_solution: info.hashed_solution,
        source,
    })
}

/// The page's class: its `Game.plSize` (else its `ident`'s number), else
/// the special an Aquarium page's title names, else what was asked.
fn page_class(info: &PageInfo, site: SiteId, asked: Option<Asked>) -> Result<SizeClass, ExtractError> {
    let number = info.size_param.or(info.ident_param);
    let title = info.special.filter(|_| site == AQUARIUM);
    let page = number.map(|n| SizeClass::of(site, n).ok_or(n)).or(title.map(Ok));
    let asked_words = || asked.map_or_else(|| "a class".into(), |a| format!("{} {a}", site.name()));
    match (page, asked) {
        (Some(Err(n)), _) => Err(ExtractError::WrongClass { page: format!("number {n}"), asked: asked_words() }),
        (Some(Ok(page)), Some(Asked::Path(site, index))) => {
            learn_special(site, index, page.param());
            Ok(page)
        }
        (Some(Ok(page)), Some(Asked::Class(asked))) if page != asked => {
            Err(ExtractError::WrongClass { page: page.to_string(), asked: asked.to_string() })
        }
        (Some(Ok(class)), _) | (None, Some(Asked::Class(class))) => Ok(class),
        (None, _) => Err(ExtractError::NoClass),
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
    let Some(puzzle) = &extracted.aquarium else { return Vec::new() };
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
    use crate::board::render_board;

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
        let got = extract(page(TASK, "<div id=\"game\"></div>").as_bytes(), None::<Asked>).unwrap();
        assert_eq!(got.aquarium.as_ref().unwrap().to_task(), TASK);
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
        let both = extract(page(TASK, &render_board(&puzzle)).as_bytes(), None::<Asked>).unwrap();
        assert_eq!(both.source, Source::Both);
        assert_eq!(both.aquarium.as_ref(), Some(&puzzle));
        // The board with one clue changed.
        let other = Aquarium::parse_task(&TASK.replacen("4_5", "5_5", 1)).unwrap();
        let err = extract(page(TASK, &render_board(&other)).as_bytes(), None::<Asked>).unwrap_err();
        assert!(matches!(err, ExtractError::Inconsistent { .. }), "{err}");
        // A board alone is enough.
        let html = format!("<script>Game.plSize = 0;</script>{}", render_board(&puzzle));
        assert_eq!(extract(html.as_bytes(), None::<Asked>).unwrap().source, Source::Board);
    }

    #[test]
    fn the_class_comes_from_the_page_and_must_match_the_request() {
        let html = page(TASK, "");
        let hard = SizeClass::from_param(2).unwrap();
        let err = extract(html.as_bytes(), Some(Asked::Class(hard))).unwrap_err();
        assert_eq!(err.to_string(), "the page is size class 6x6-easy but 6x6-hard was asked for");
        let no_class = html.replace("Game.plSize = 0;", "");
        assert_eq!(extract(no_class.as_bytes(), None::<Asked>).unwrap_err(), ExtractError::NoClass);
        assert_eq!(extract(no_class.as_bytes(), Some(Asked::Class(hard))).unwrap().class, hard);
        let bad_class = html.replace("Game.plSize = 0;", "Game.plSize = 40;");
        assert!(matches!(extract(bad_class.as_bytes(), None::<Asked>), Err(ExtractError::WrongClass { .. })));
    }

    #[test]
    fn broken_pages_are_errors_not_panics() {
        assert_eq!(extract(b"<html></html>", Some(SizeClass::DAILY)).unwrap_err(), ExtractError::NoPuzzle);
        assert_eq!(extract(&[0xff, 0xfe, b'<'], None::<Asked>).unwrap_err(), ExtractError::NotText);
        let html = page("1_2;1,1", "");
        assert!(matches!(extract(html.as_bytes(), None::<Asked>), Err(ExtractError::BadTask(_))));
        // Truncated anywhere: never a panic.
        let full = page(TASK, &render_board(&Aquarium::parse_task(TASK).unwrap()));
        for cut in (0..full.len()).step_by(37) {
            if full.is_char_boundary(cut) {
                let _ = extract(&full.as_bytes()[..cut], None::<Asked>);
            }
        }
    }

    #[test]
    fn a_tank_count_outside_the_class_is_a_warning() {
        let easy = SizeClass::from_param(0).unwrap();
        let check = |task: &str| {
            let puzzle = Aquarium::parse_task(task).unwrap();
            warnings(&Extracted {
                kind: Kind::Aquarium,
                size: Some((puzzle.width(), puzzle.height())),
                aquarium: Some(puzzle),
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
    fn a_sister_sites_page_is_read_with_its_kind_and_a_path_special_learns_its_number() {
        let star = SiteId::named("star-battle").unwrap();
        let html = page("abc", "").replace("aquarium(", "starbattle(").replace("Game.plSize = 0;", "Game.plSize = 9;");
        let html = html.replace("task: task,", "ident: 'star-battle.9', task: task,");
        let got = extract(html.as_bytes(), Some(Asked::Class(SizeClass::of(star, 9).unwrap()))).unwrap();
        assert_eq!((got.kind, got.aquarium.as_ref(), got.task.as_deref()), (Kind::StarBattle, None, Some("abc")));
        assert_eq!((got.class.name(), got.size), ("daily", Some((6, 6))));
        // A saved page, asked for nothing: its ident names its site.
        assert_eq!(extract(html.as_bytes(), None::<Asked>).unwrap().site(), star);
        // Binairo's daily at its path: the page's number is learned.
        let binairo = SiteId::named("binairo").unwrap();
        let plus = html.replace("star-battle.9", "binairo-plus.21").replace("Game.plSize = 9;", "Game.plSize = 21;");
        let got = extract(plus.as_bytes(), Some(Asked::Path(binairo, 3))).unwrap();
        assert_eq!(
            (got.kind, got.class.name(), got.class.is_special()),
            (Kind::BinairoPlus, "daily-binairo-plus", true)
        );
        // An ident of a kind no one knows: an error that keeps the page.
        let unknown = html.replace("star-battle.9", "sky-ladder.9");
        assert_eq!(
            extract(unknown.as_bytes(), None::<Asked>).unwrap_err(),
            ExtractError::UnknownKind("sky-ladder".into())
        );
        // A two-kind site's page that does not say its kind.
        let untold = plus.replace("ident: 'binairo-plus.21', ", "").replace("Game.plSize = 21;", "Game.plSize = 2;");
        let err = extract(untold.as_bytes(), Some(Asked::Class(SizeClass::of(binairo, 2).unwrap()))).unwrap_err();
        assert!(matches!(err, ExtractError::NoKind { site: "binairo", .. }), "{err}");
    }

    #[test]
    fn a_special_without_game_pl_size_is_known_by_its_title() {
        let html = page(TASK, "").replace("Game.plSize = 0;", "").replace(
            "<div class=\"puzzleInfo\">",
            "<title>Special Weekly Aquarium (2026-11-30)</title><div class=\"puzzleInfo\">",
        );
        let got = extract(html.as_bytes(), None::<Asked>).unwrap();
        assert_eq!((got.class, got.date.as_deref()), (SizeClass::WEEKLY, Some("2026-11-30")));
    }
}
