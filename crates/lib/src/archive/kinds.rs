//! Every kind the archive holds behind one enum: how each is read from an
//! input file and from its stored text, judged (validated and solved),
//! and how a stored solution is read back and checked by the kind's own
//! verifier. The store sees only the kind's name, its text and numbers.

use thiserror::Error;

use std::sync::Arc;

use crate::engine::{Settings, Stats};
use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, AquariumError, Water, puzzlink};
use crate::kinds::calendar::{
    self, CalendarBoard, CalendarError, CalendarTaskError, Date, DateError, Method, Tiling, Variant,
};
use crate::kinds::home::{self, Board, Size, SolveError, TaskError};
use crate::kinds::homes;
use crate::kinds::ring::{self, Ring, RingError, RingSolution};
use crate::kinds::sudoku::home::SudokuBoard;
use crate::kinds::sudoku::{self, Grid, SudokuError};
use crate::store::{Solution, Status};

use super::verdict::{SOLVER_VERSION, Verdict, assess};

/// A calendar puzzle's date and board in words, as every message and title
/// names it: `Mar 14 Sat on the weekday board`.
pub fn calendar_label(variant: &Variant, date: Date) -> String {
    format!("{date} on the {} board", variant.name())
}

/// What reading or solving a puzzle of some kind went wrong on: the kind's
/// own error, kept as the cause.
#[derive(Debug, Error)]
pub enum PuzzleError {
    #[error(transparent)]
    Aquarium(#[from] AquariumError),
    #[error(transparent)]
    Sudoku(#[from] SudokuError),
    #[error(transparent)]
    Calendar(#[from] CalendarError),
    #[error(transparent)]
    Date(#[from] DateError),
    #[error(transparent)]
    Ring(#[from] RingError),
    /// A calendar line or board file that does not read.
    #[error(transparent)]
    CalendarTask(#[from] CalendarTaskError),
    #[error("no puzzle: the input has no date lines")]
    NoDates,
    /// A kind of the family whose task grammar is not written yet.
    #[error("{0} puzzles are kept as the site gives them, but not read yet")]
    NotRead(Kind),
    /// A task line whose first word names another kind than `--kind`.
    #[error("the line is a {line} puzzle, but {told} was asked for")]
    OtherKind { line: Kind, told: Kind },
    /// A task line without a kind, where none was given.
    #[error("a task line starts with its kind: `KIND TASK`, as `star-battle 1,1,2,...`")]
    NoKind,
    /// A kind that has no task strings.
    #[error("{0} puzzles have no task string: `--kind {0}` reads their own format")]
    NoTask(Kind),
    /// A kind of the family that is kept, but not solved yet.
    #[error("{0} puzzles are kept, but have no solver yet")]
    NoSolver(Kind),
    /// A kind that is solved, but not graded.
    #[error("{0} puzzles are solved, but not graded")]
    NoGrader(Kind),
    /// A task string that breaks its kind's grammar.
    #[error("the {kind} task does not read: {source}")]
    Task { kind: Kind, source: TaskError },
    /// A family kind's solver gave an answer its own check refused (a bug).
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// A ring instance's syntax error, its line given beside it.
    #[error("{0}")]
    RingSyntax(String),
    /// A calendar solution's rows that do not read as a tiling.
    #[error("{0}")]
    Tiling(String),
    /// A solution that breaks its kind's rules, as the kind's verifier says.
    #[error("the stored solution breaks the rules: {0}")]
    Breaks(String),
}

impl PuzzleError {
    /// What is wrong, without the line it is on: a caller that names the
    /// file gives `FILE:LINE:` (the line from the parse) and then this.
    pub fn message(&self) -> String {
        match self {
            PuzzleError::Aquarium(e) => e.message(),
            PuzzleError::Calendar(e) => e.message(),
            PuzzleError::CalendarTask(e) => e.message(),
            other => other.to_string(),
        }
    }
}

/// A puzzle's size as a solver of its kind says it: an Aquarium or Sudoku
/// grid is width x height (`15x15`), a calendar board rows x columns (`8x7`,
/// as its pieces are drawn), a ring board by its rows and sectors. `width`
/// and `height` are as stored (see [`AnyPuzzle::size`]).
pub fn size_text(kind: Kind, width: i64, height: i64) -> String {
    match kind {
        Kind::Calendar => format!("{height}x{width}"),
        Kind::Ring => format!("{height} rows x {width} sectors"),
        // A kept task whose size neither it nor its page gave.
        _ if width <= 0 || height <= 0 => "size unknown".to_string(),
        _ => format!("{width}x{height}"),
    }
}

/// Solutions (sets of triangles) a ring instance is searched for: all of
/// them, in practice (the published instance has 4).
const RING_LIMIT: usize = 1000;

/// A puzzle of any kind.
#[derive(Clone, Debug)]
pub enum AnyPuzzle {
    Aquarium(Aquarium),
    Sudoku(Grid),
    /// A date on a calendar board: a built-in one or a board file's.
    Calendar {
        variant: Variant,
        date: Date,
    },
    Ring(Ring),
    /// A puzzle of a kind of the family read through its home, or kept as
    /// the site gave it where its grammar is not written yet.
    Family(FamilyPuzzle),
}

/// A puzzle of the family's kinds beyond those with a text format of their
/// own: its task exactly as the site wrote it (what the archive stores, and
/// what the site's hash is computed over), its size, and its board where the
/// kind's home reads it.
#[derive(Clone, Debug)]
pub struct FamilyPuzzle {
    kind: Kind,
    task: String,
    size: Option<Size>,
    board: Option<Arc<dyn Board>>,
}

impl FamilyPuzzle {
    /// Reads `task` through its kind's home; a kind without one is kept as
    /// it came. `size` is the page's, where known: several kinds' tasks do
    /// not tell a tall grid from a square one.
    pub fn read(kind: Kind, task: &str, size: Option<Size>) -> Result<FamilyPuzzle, PuzzleError> {
        let task = task.trim();
        if task.is_empty() {
            return Err(PuzzleError::Task { kind, source: TaskError::new("the task is empty") });
        }
        let board = match homes::home(kind) {
            Some(home) => Some(Arc::from(home.read(task, size).map_err(|source| PuzzleError::Task { kind, source })?)),
            None => None,
        };
        let size = board.as_ref().map(|b: &Arc<dyn Board>| b.size()).or(size);
        Ok(FamilyPuzzle { kind, task: task.to_string(), size, board })
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The task as the site wrote it.
    pub fn task(&self) -> &str {
        &self.task
    }

    /// The grid's size: the board's, else the page's; None when neither
    /// is known.
    pub fn size(&self) -> Option<Size> {
        self.size
    }

    /// The board, where the kind's home reads tasks.
    pub fn board(&self) -> Option<&dyn Board> {
        self.board.as_deref()
    }

    /// Whether the kind's puzzles are solved yet.
    pub fn solvable(&self) -> bool {
        self.board.is_some() && homes::home(self.kind).is_some_and(|h| h.solves())
    }

    /// Solves, up to `limit` answers; None where the kind has no solver yet.
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<crate::kinds::Solved<String>, SolveError>> {
        self.board.as_ref().filter(|_| self.solvable()).and_then(|board| board.solve(settings, limit))
    }
}

/// A puzzle of any kind with the solutions a search found for it (up to
/// the limit it was given), each checked by the kind's own verifier.
#[derive(Clone, Debug)]
pub enum AnySolved {
    Aquarium(Aquarium, Vec<Water>),
    Sudoku(Grid, Vec<Grid>),
    Calendar {
        variant: Variant,
        date: Date,
        tilings: Vec<Tiling>,
    },
    Ring(Ring, Vec<RingSolution>),
    /// The answers as the site writes them.
    Family(FamilyPuzzle, Vec<String>),
}

impl AnySolved {
    pub fn kind(&self) -> Kind {
        match self {
            AnySolved::Aquarium(..) => Kind::Aquarium,
            AnySolved::Sudoku(..) => Kind::Sudoku,
            AnySolved::Calendar { .. } => Kind::Calendar,
            AnySolved::Ring(..) => Kind::Ring,
            AnySolved::Family(puzzle, _) => puzzle.kind,
        }
    }

    /// How many solutions were found.
    pub fn count(&self) -> usize {
        match self {
            AnySolved::Aquarium(_, solutions) => solutions.len(),
            AnySolved::Sudoku(_, solutions) => solutions.len(),
            AnySolved::Calendar { tilings, .. } => tilings.len(),
            AnySolved::Ring(_, solutions) => solutions.len(),
            AnySolved::Family(_, answers) => answers.len(),
        }
    }
}

/// A solution of any kind, read back from the store.
#[derive(Clone, Debug)]
pub enum AnySolution {
    Aquarium(Water),
    Sudoku(Grid),
    Calendar(Tiling),
    Ring(RingSolution),
    /// The answer string as the site writes it (what it hashes).
    Family(String),
}

impl AnyPuzzle {
    pub fn kind(&self) -> Kind {
        match self {
            AnyPuzzle::Aquarium(_) => Kind::Aquarium,
            AnyPuzzle::Sudoku(_) => Kind::Sudoku,
            AnyPuzzle::Calendar { .. } => Kind::Calendar,
            AnyPuzzle::Ring(_) => Kind::Ring,
            AnyPuzzle::Family(p) => p.kind,
        }
    }

    /// Width and height of the grid or board (a ring: sectors by rows).
    pub fn size(&self) -> (i64, i64) {
        let (w, h) = match self {
            AnyPuzzle::Aquarium(p) => (p.width(), p.height()),
            AnyPuzzle::Sudoku(_) => (9, 9),
            AnyPuzzle::Calendar { variant, .. } => (variant.width(), variant.height()),
            AnyPuzzle::Ring(r) => (r.sectors(), r.rows()),
            AnyPuzzle::Family(p) => p.size.map_or((0, 0), |s| (s.width, s.height)),
        };
        (w as i64, h as i64)
    }

    /// The kind's canonical text: what is stored, and what imports back.
    pub fn text(&self) -> String {
        match self {
            AnyPuzzle::Aquarium(p) => p.to_string(),
            AnyPuzzle::Sudoku(g) => format!("{g}\n"),
            AnyPuzzle::Calendar { variant, date } => CalendarBoard { variant: variant.clone(), date: *date }.to_text(),
            AnyPuzzle::Ring(r) => r.to_text(),
            AnyPuzzle::Family(p) => format!("{}\n", p.task),
        }
    }

    /// A calendar puzzle's board and date, what tells it apart from the
    /// other puzzles of its kind; None for other kinds.
    pub fn calendar_day(&self) -> Option<(&Variant, Date)> {
        match self {
            AnyPuzzle::Calendar { variant, date } => Some((variant, *date)),
            _ => None,
        }
    }

    /// A calendar puzzle's date and board in words (`Mar 14 Sat on the
    /// weekday board`); None for other kinds.
    pub fn calendar_label(&self) -> Option<String> {
        self.calendar_day().map(|(variant, date)| calendar_label(variant, date))
    }

    /// The puzz.link address that plays an Aquarium puzzle in a browser
    /// ([`puzzlink::url`]); None for other kinds.
    pub fn puzzlink(&self) -> Option<String> {
        match self {
            AnyPuzzle::Aquarium(aquarium) => Some(puzzlink::url(aquarium)),
            _ => None,
        }
    }

    /// Whether a good puzzle of this kind has exactly one solution (see
    /// [`Kind::expects_unique`]).
    pub fn expects_unique(&self) -> bool {
        self.kind().expects_unique()
    }

    /// Reads a stored puzzle's text back; `width` and `height` as stored
    /// (a family kind's task may not say them).
    pub fn from_stored(kind: Kind, text: &str, width: i64, height: i64) -> Result<AnyPuzzle, PuzzleError> {
        Ok(match kind {
            Kind::Aquarium => AnyPuzzle::Aquarium(Aquarium::parse_text(text)?),
            Kind::Sudoku => AnyPuzzle::Sudoku(Grid::parse(text.trim())?),
            Kind::Calendar => calendar_puzzle(CalendarBoard::read(text)?),
            Kind::Ring => AnyPuzzle::Ring(Ring::parse(text)?),
            family => {
                let size = match (usize::try_from(width), usize::try_from(height)) {
                    (Ok(w @ 1..), Ok(h @ 1..)) => Some(Size::new(w, h)),
                    _ => None,
                };
                AnyPuzzle::Family(FamilyPuzzle::read(family, text, size)?)
            }
        })
    }

    /// Validates and solves: the status, and the solution to store. An
    /// invalid puzzle is a verdict; an error is a solver bug.
    pub fn assess(&self, settings: Settings) -> Result<Verdict, PuzzleError> {
        let (found, exhausted, first, stats, grade) = match self {
            AnyPuzzle::Aquarium(p) => return Ok(assess(p, settings)?),
            AnyPuzzle::Sudoku(g) => {
                if let Err(why) = g.validate() {
                    return Ok(Verdict { status: Status::Invalid, note: Some(why.to_string()), solution: None });
                }
                let report = sudoku::solve(g, 2, sudoku::Method::Bitboard)?;
                let first = report.solutions.first().map(|s| s.to_string());
                let grade = report.is_unique().then(|| super::grade::sudoku(g, &report.solutions[0]));
                (report.solutions.len() as u64, report.stats.exhausted, first, report.stats, grade)
            }
            AnyPuzzle::Calendar { variant, date } => {
                // Every tiling counted (each checked by the verifier), the first kept.
                let stats = calendar::count_verified(variant, date, Method::Bitboard)?;
                let first = calendar::solve(variant, date, 1, Method::Bitboard)?;
                let first = first.solutions.first().map(|t| t.to_rows(variant).join("\n"));
                (stats.solutions, stats.exhausted, first, stats, None)
            }
            AnyPuzzle::Ring(r) => {
                let report = ring::solve(r, RING_LIMIT, settings)?;
                let first = report.solutions.first().map(RingSolution::to_text);
                (report.solutions.len() as u64, report.stats.exhausted, first, report.stats, None)
            }
            AnyPuzzle::Family(p) => match p.solve(settings, 2) {
                None => {
                    let note = match p.board {
                        Some(_) => format!("kept as the site gave it: {} puzzles have no solver yet", p.kind),
                        None => format!("kept as the site gave it: {} tasks are not read yet", p.kind),
                    };
                    return Ok(Verdict { status: Status::NoSolver, note: Some(note), solution: None });
                }
                Some(solved) => {
                    let solved = solved?;
                    let first = solved.solutions.first().cloned();
                    let grade = solved.is_unique().then(|| p.board().and_then(super::grade::family)).flatten();
                    (solved.solutions.len() as u64, solved.stats.exhausted, first, solved.stats, grade)
                }
            },
        };
        let status = match (found, exhausted) {
            (0, _) => Status::Unsolvable,
            (1, true) => Status::Ok,
            _ => Status::Several,
        };
        let solution = Solution {
            solver_version: SOLVER_VERSION.into(),
            solution: first,
            found: found.min(u64::from(u32::MAX)) as u32,
            nodes: stats.nodes,
            micros: stats.elapsed.as_micros() as u64,
            grade,
        };
        Ok(Verdict { status, note: None, solution: Some(solution) })
    }

    /// Validates and solves, up to `limit` solutions: Aquarium and ring
    /// puzzles by the engine with `settings`, a Sudoku by `sudoku`'s
    /// solver, a calendar date by the bitboard search. An invalid puzzle
    /// is an error that says what is wrong; so is a solver's answer that
    /// its kind's verifier refuses (a bug).
    pub fn solve(
        self,
        limit: u64,
        settings: Settings,
        sudoku: sudoku::Method,
    ) -> Result<(AnySolved, Stats), PuzzleError> {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        Ok(match self {
            AnyPuzzle::Aquarium(puzzle) => {
                puzzle.validate()?;
                let report = aquarium::solve(&puzzle, limit, settings)?;
                (AnySolved::Aquarium(puzzle, report.solutions), report.stats)
            }
            AnyPuzzle::Sudoku(puzzle) => {
                let report = sudoku::solve(&puzzle, limit, sudoku)?;
                // Clashing givens have no solution: only a puzzle without
                // one is checked for a clash, to name it (one pass over the
                // grid fewer for every other puzzle).
                if report.solutions.is_empty() {
                    puzzle.validate()?;
                }
                (AnySolved::Sudoku(puzzle, report.solutions), report.stats)
            }
            AnyPuzzle::Calendar { variant, date } => {
                let report = calendar::solve(&variant, &date, limit, Method::Bitboard)?;
                (AnySolved::Calendar { variant, date, tilings: report.solutions }, report.stats)
            }
            AnyPuzzle::Ring(ring) => {
                let report = ring::solve(&ring, limit, settings)?;
                (AnySolved::Ring(ring, report.solutions), report.stats)
            }
            AnyPuzzle::Family(puzzle) => match puzzle.solve(settings, limit) {
                Some(solved) => {
                    let solved = solved?;
                    (AnySolved::Family(puzzle, solved.solutions), solved.stats)
                }
                None => return Err(PuzzleError::NoSolver(puzzle.kind)),
            },
        })
    }

    /// Reads a stored solution back.
    pub fn read_solution(&self, text: &str) -> Result<AnySolution, PuzzleError> {
        Ok(match self {
            AnyPuzzle::Aquarium(_) => AnySolution::Aquarium(Water::parse(text)?),
            AnyPuzzle::Sudoku(_) => AnySolution::Sudoku(Grid::parse(text.trim())?),
            AnyPuzzle::Calendar { variant, .. } => {
                AnySolution::Calendar(Tiling::parse_rows(variant, text).map_err(PuzzleError::Tiling)?)
            }
            AnyPuzzle::Ring(r) => AnySolution::Ring(RingSolution::parse(r, text)?),
            AnyPuzzle::Family(_) => AnySolution::Family(text.trim().to_string()),
        })
    }

    /// Checks a solution with the kind's verifier (no engine).
    pub fn verify(&self, solution: &AnySolution) -> Result<(), PuzzleError> {
        let broken = match (self, solution) {
            (AnyPuzzle::Aquarium(p), AnySolution::Aquarium(w)) => aquarium::verify(p, w).err().map(|v| v.to_string()),
            (AnyPuzzle::Sudoku(p), AnySolution::Sudoku(g)) => sudoku::verify(p, g).err().map(|v| v.to_string()),
            (AnyPuzzle::Calendar { variant, date }, AnySolution::Calendar(t)) => {
                calendar::verify(variant, date, t).err().map(|v| v.to_string())
            }
            (AnyPuzzle::Ring(r), AnySolution::Ring(s)) => ring::verify(r, s).err().map(|v| v.to_string()),
            (AnyPuzzle::Family(p), AnySolution::Family(answer)) => match p.board() {
                Some(board) => board.check(answer).err(),
                None => Some(format!("{} tasks are not read yet, so no answer can be checked", p.kind)),
            },
            _ => Some("the solution is of another kind".into()),
        };
        broken.map_or(Ok(()), |why| Err(PuzzleError::Breaks(why)))
    }

    /// The site's task string of the puzzle, where its kind has one: what
    /// the site's hash is computed over, before the answer.
    pub fn task(&self) -> Option<String> {
        match self {
            AnyPuzzle::Aquarium(p) => Some(p.to_task()),
            AnyPuzzle::Family(p) => Some(p.task.clone()),
            AnyPuzzle::Sudoku(grid) => Some(SudokuBoard::from(*grid).task()),
            AnyPuzzle::Calendar { .. } | AnyPuzzle::Ring(_) => None,
        }
    }

    /// A stored solution as the site's answer form writes it (what the
    /// site's `hashedSolution` is the md5 of, after the task); None for a
    /// kind the sites do not have, or a solution that does not read.
    pub fn answer(&self, solution: &str) -> Option<String> {
        match self.read_solution(solution).ok()? {
            AnySolution::Aquarium(water) => Some(water.to_answer()),
            AnySolution::Family(answer) => Some(answer),
            AnySolution::Sudoku(grid) => Some(sudoku::home::answer(&grid)),
            AnySolution::Calendar(_) | AnySolution::Ring(_) => None,
        }
    }

    /// The solution as rows of text, for JSON.
    pub fn solution_rows(&self, solution: &AnySolution) -> Vec<String> {
        match (self, solution) {
            (_, AnySolution::Aquarium(w)) => w.to_rows(),
            (_, AnySolution::Sudoku(g)) => g.to_rows(),
            (AnyPuzzle::Calendar { variant, .. }, AnySolution::Calendar(t)) => t.to_rows(variant),
            (AnyPuzzle::Ring(r), AnySolution::Ring(s)) => s.to_rows(r.rows()),
            (AnyPuzzle::Family(p), AnySolution::Family(answer)) => match p.size {
                // The answer's characters a row, where they are one a cell.
                Some(size) if answer.len() == size.cells() && answer.is_ascii() => {
                    answer.as_bytes().chunks(size.width).map(|row| String::from_utf8_lossy(row).into_owned()).collect()
                }
                _ => vec![answer.clone()],
            },
            _ => Vec::new(),
        }
    }
}

/// The puzzles of an input text of one kind, each with its line; an error
/// names the line it is on.
pub fn parse_kind(kind: Kind, text: &str) -> Vec<(usize, Result<AnyPuzzle, PuzzleError>)> {
    match kind {
        Kind::Sudoku => sudoku::parse_lines(text)
            .into_iter()
            .map(|p| (p.line, p.puzzle.map(AnyPuzzle::Sudoku).map_err(PuzzleError::from)))
            .collect(),
        Kind::Calendar if calendar::is_board_file(text) => match CalendarBoard::from_board_file(text) {
            Ok(boards) if boards.is_empty() => vec![(first_line(text), Err(PuzzleError::NoDates))],
            Ok(boards) => boards
                .into_iter()
                .map(|(line, board)| (line, board.map(calendar_puzzle).map_err(PuzzleError::from)))
                .collect(),
            Err(e @ CalendarError::Syntax { line, .. }) => vec![(line, Err(e.into()))],
            Err(e) => vec![(first_line(text), Err(e.into()))],
        },
        Kind::Calendar => {
            let lines: Vec<_> = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .map(|(n, l)| (n + 1, CalendarBoard::from_line(l).map(calendar_puzzle).map_err(PuzzleError::from)))
                .collect();
            if lines.is_empty() { vec![(1, Err(PuzzleError::NoDates))] } else { lines }
        }
        Kind::Ring => match Ring::parse(text) {
            Ok(r) => vec![(first_line(text), Ok(AnyPuzzle::Ring(r)))],
            Err(RingError::Syntax { line, message }) => vec![(line, Err(PuzzleError::RingSyntax(message)))],
            Err(e) => vec![(first_line(text), Err(e.into()))],
        },
        Kind::Aquarium => aquarium::parse_blocks(text)
            .into_iter()
            .map(|b| (b.line, b.puzzle.map(AnyPuzzle::Aquarium).map_err(PuzzleError::from)))
            .collect(),
        family => puzzle_lines(text).map(|(n, line)| (n, task_line(line, Some(family)))).collect(),
    }
}

/// The lines of a text that hold puzzles (not blank, not `#` comments),
/// each with its number.
fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// Whether a text holds the family's task lines: a puzzle line of it is
/// `KIND TASK` or `KIND WIDTHxHEIGHT TASK`, the site's name for a kind of
/// the family, then the task exactly as the page gives it. (A line of a
/// task alone among them is an Aquarium's, as `export --format task`
/// writes Aquarium's.)
pub fn is_task_lines(text: &str) -> bool {
    puzzle_lines(text).any(|(_, line)| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        (2..=3).contains(&fields.len()) && fields[0].parse::<Kind>().is_ok_and(Kind::is_family)
    })
}

/// The puzzles of a text of task lines (see [`is_task_lines`]), each with
/// its line; a line of another kind than its first word says is read as
/// its own.
pub fn parse_task_lines(text: &str) -> Vec<LinePuzzle> {
    puzzle_lines(text).map(|(n, line)| (n, task_line(line, None))).collect()
}

/// One task line: `[KIND] [WIDTHxHEIGHT] TASK`. The kind may be left out
/// where the caller knows it (`--kind`), and must agree with it if given.
fn task_line(line: &str, known: Option<Kind>) -> Result<AnyPuzzle, PuzzleError> {
    let mut fields: Vec<&str> = line.split_whitespace().collect();
    let named = fields.first().and_then(|word| word.parse::<Kind>().ok()).filter(|_| fields.len() > 1);
    if named.is_some() {
        fields.remove(0);
    }
    let kind = match (named, known) {
        (Some(named), Some(known)) if named != known => {
            return Err(PuzzleError::OtherKind { line: named, told: known });
        }
        (Some(kind), _) | (None, Some(kind)) => kind,
        (None, None) if fields.len() == 1 => Kind::Aquarium,
        (None, None) => return Err(PuzzleError::NoKind),
    };
    let size = match fields.as_slice() {
        [size, _] => Some(parse_size(size).ok_or_else(|| PuzzleError::Task {
            kind,
            source: TaskError::new(format!("`{size}` is not a size: write WIDTHxHEIGHT, as 15x20")),
        })?),
        [_] => None,
        _ => {
            return Err(PuzzleError::Task {
                kind,
                source: TaskError::new("a task line is `KIND TASK` or `KIND WIDTHxHEIGHT TASK`"),
            });
        }
    };
    read_task(kind, fields.last().expect("one field at least"), size)
}

/// A puzzle of a kind of the family from its task exactly as the site's
/// page gives it, and the page's size where known.
pub fn read_task(kind: Kind, task: &str, size: Option<Size>) -> Result<AnyPuzzle, PuzzleError> {
    match kind {
        Kind::Aquarium => Ok(AnyPuzzle::Aquarium(Aquarium::parse_task_sized(task, size.map(|s| (s.width, s.height)))?)),
        Kind::Calendar | Kind::Ring => Err(PuzzleError::NoTask(kind)),
        // A Sudoku of the site is kept as every Sudoku is, by its 81 cells:
        // its task is written back from them.
        Kind::Sudoku => SudokuBoard::read(task, size)
            .map(|board| AnyPuzzle::Sudoku(*board.puzzle()))
            .map_err(|source| PuzzleError::Task { kind, source }),
        family => Ok(AnyPuzzle::Family(FamilyPuzzle::read(family, task, size)?)),
    }
}

/// `15x20`: width by height.
fn parse_size(text: &str) -> Option<Size> {
    let (width, height) = text.to_ascii_lowercase().split_once('x').map(|(w, h)| (w.to_string(), h.to_string()))?;
    let size = Size::new(width.parse().ok()?, height.parse().ok()?);
    home::MAX_SIDE.checked_sub(size.width.max(size.height)).filter(|_| size.width > 0 && size.height > 0)?;
    Some(size)
}

/// Characters in a field that make a line a Sudoku's (81 cells), near
/// enough that a cell too few or too many is reported as a Sudoku error.
const SUDOKU_LIKE: usize = 60;

/// The kind an input text holds, from its first line that is not blank or
/// a comment: a `;` is an Aquarium task string, `size`/`green:`... a ring
/// instance, a built-in board's name starts a calendar date (and `board:`
/// a board file with its dates), a field of 60
/// characters or more is a Sudoku, anything else an Aquarium.
pub fn detect(text: &str) -> Kind {
    let Some(first) = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')) else {
        return Kind::Aquarium;
    };
    let word = first.split(|c: char| c.is_whitespace() || c == ':').next().unwrap_or("").to_ascii_lowercase();
    if first.contains(';') {
        Kind::Aquarium // task strings
    } else if ["size", "green", "blue", "red"].contains(&word.as_str()) {
        Kind::Ring
    } else if calendar::BUILT_IN.iter().any(|(name, _)| *name == word) || calendar::is_board_file(text) {
        Kind::Calendar
    } else if first.split_whitespace().any(|f| f.chars().count() >= SUDOKU_LIKE) {
        // A long field: Sudoku cells (a wrong one is then named by its line).
        Kind::Sudoku
    } else {
        Kind::Aquarium
    }
}

/// For a text that [`detect`] read as Aquarium for want of any sign of
/// another kind, and that holds no Aquarium: the flags that would read it,
/// the likeliest first, as the end of an error message. None for an empty
/// text, task strings (whose `;` is a mark) and a first line of numbers.
pub fn likely_flags(text: &str) -> Option<String> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'))?;
    // Task strings have their `;`; numbers alone look like an Aquarium's rows.
    if first.contains(';') || first.split_whitespace().all(|w| w.parse::<u64>().is_ok()) {
        return None;
    }
    let cells = first.split_whitespace().next().unwrap_or("");
    let dated = first.split_whitespace().any(|w| w.chars().all(char::is_alphabetic) || w.len() == 4)
        && Date::parse(first, Some(2000)).is_ok();
    let likely = if cells.len() >= 9 && cells.chars().all(|c| c.is_ascii_digit() || c == '.') {
        "a Sudoku line? `--kind sudoku` reads one 81-cell puzzle a line"
    } else if dated {
        "a date? `aquarchive calendar DATE` solves one, and with `--kind calendar` a line is a board and a date \
         (`standard Oct 6`)"
    } else {
        "no other kind's mark was found; `--format task` reads site task strings, `--kind sudoku`, `--kind ring` \
         and `--kind calendar` the other kinds"
    };
    Some(format!("read as an Aquarium in the text format: {likely}"))
}

fn first_line(text: &str) -> usize {
    text.lines().position(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).map_or(1, |n| n + 1)
}

/// A calendar puzzle as the archive holds it.
fn calendar_puzzle(board: CalendarBoard) -> AnyPuzzle {
    AnyPuzzle::Calendar { variant: board.variant, date: board.date }
}

/// A puzzle read from an input, or what is wrong with it, and its line.
type LinePuzzle = (usize, Result<AnyPuzzle, PuzzleError>);
