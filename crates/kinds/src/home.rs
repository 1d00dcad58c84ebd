//! A kind's home: the one interface through which the rest of the library
//! treats every kind of the publisher's family, as Tatham's collection treats
//! each game through its `struct game`.
//!
//! A kind's folder (`aquarium/`, `star_battle/`, ...) holds all that is
//! particular to it: its task grammar both ways, its answer string (what the
//! site hashes), a check of an answer by the rules written without its
//! solver, its model on the engine, and its drawing. It gives a [`Home`],
//! named by one line of the table in [`crate::homes`]; a kind with no line there is kept as it
//! came (its task, size and the site's hash) until its home is written.
//!
//! Boards and answers travel as the site's own strings: a [`Board`] reads
//! back from its task, and an answer is the string the site's page posts and
//! hashes (`md5(task + answer)` is the page's `hashedSolution`), so a stored
//! answer is the site's check's input as it is.

use std::fmt;
use std::marker::PhantomData;

use multicover::Settings;

use crate::Solved;
use crate::draw::Drawing;
use crate::engine_grade::{self, Model};
use crate::grading::Grading;
use crate::kind::Kind;

/// A grid's width and height in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    pub width: usize,
    pub height: usize,
}

impl Size {
    pub const fn new(width: usize, height: usize) -> Size {
        Size { width, height }
    }

    pub const fn square(side: usize) -> Size {
        Size { width: side, height: side }
    }

    pub const fn cells(self) -> usize {
        self.width * self.height
    }

    /// The cells up, left, right and down of `cell` (in that order) that
    /// are on the grid; cells are numbered row by row.
    pub fn neighbours(self, cell: usize) -> impl Iterator<Item = usize> {
        let Size { width, height } = self;
        let (row, col) = (cell / width, cell % width);
        [
            (row > 0).then(|| cell - width),
            (col > 0).then(|| cell - 1),
            (col + 1 < width).then_some(cell + 1),
            (row + 1 < height).then_some(cell + width),
        ]
        .into_iter()
        .flatten()
    }

    /// The first cell, in reading order, of a two-by-two square whose four
    /// cells are all in `set` (a flag a cell, row by row): the rule "no
    /// two-by-two square is all shaded" that several kinds' checks share.
    pub fn full_square(self, set: &[bool]) -> Option<usize> {
        let width = self.width;
        (0..set.len()).find(|&cell| {
            cell % width + 1 < width
                && cell + width + 1 < set.len()
                && [cell, cell + 1, cell + width, cell + width + 1].iter().all(|&c| set[c])
        })
    }

    /// Where the cells of `set` are not one connected area (up, down,
    /// left, right): the first cell of the set and the first that cannot
    /// reach it. None when they are connected, or there are none.
    pub fn apart(self, set: &[bool]) -> Option<(usize, usize)> {
        let first = (0..set.len()).find(|&c| set[c])?;
        let mut reached = vec![false; set.len()];
        reached[first] = true;
        let mut stack = vec![first];
        while let Some(cell) = stack.pop() {
            for next in self.neighbours(cell) {
                if set[next] && !reached[next] {
                    reached[next] = true;
                    stack.push(next);
                }
            }
        }
        (0..set.len()).find(|&c| set[c] && !reached[c]).map(|apart| (first, apart))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// The largest side a task may give: above the family's largest specials
/// (50 wide), small enough that no task makes us allocate without bound.
pub const MAX_SIDE: usize = 100;

/// What a kind knows of its puzzles before it has one.
pub trait Home: Sync {
    fn kind(&self) -> Kind;

    /// Reads a task string exactly as the site's page gives it. `size` is
    /// the page's `puzzleWidth` and `puzzleHeight` where known: several
    /// kinds' tasks do not tell a tall grid from a square one.
    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError>;

    /// Whether the kind's puzzles can be solved yet (its board's
    /// [`Board::solve`] answers).
    fn solves(&self) -> bool;

    /// Whether the kind's puzzles are graded by the engine's reasoning on
    /// their model ([`Board::grade`]). Aquarium and Sudoku have graders of
    /// their own, by a person's techniques, and say false here.
    fn grades(&self) -> bool {
        false
    }
}

/// What a solved kind's board gives its home: the kind it is and how its
/// task reads. Most kinds' homes are no more than that: theirs is
/// [`HomeOf`] their board.
pub trait ReadTask: Board + Sized + 'static {
    const KIND: Kind;

    /// Whether the kind's puzzles are graded by the engine's reasoning on
    /// their model ([`Home::grades`]).
    const GRADES: bool = false;

    /// Reads a task string exactly as the site's page gives it (see
    /// [`Home::read`]).
    fn read_task(task: &str, size: Option<Size>) -> Result<Self, TaskError>;
}

/// The home of a solved kind whose board reads its task ([`ReadTask`]).
pub struct HomeOf<B>(PhantomData<fn() -> B>);

impl<B> HomeOf<B> {
    pub const fn new() -> HomeOf<B> {
        HomeOf(PhantomData)
    }
}

impl<B> Default for HomeOf<B> {
    fn default() -> HomeOf<B> {
        HomeOf::new()
    }
}

impl<B: ReadTask> Home for HomeOf<B> {
    fn kind(&self) -> Kind {
        B::KIND
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ok(Box::new(B::read_task(task, size)?))
    }

    fn solves(&self) -> bool {
        true
    }

    fn grades(&self) -> bool {
        B::GRADES
    }
}

/// A puzzle of some kind, read from its task.
pub trait Board: fmt::Debug + Send + Sync {
    fn kind(&self) -> Kind;

    fn size(&self) -> Size;

    /// The task string, written as the site writes it: reading it back gives
    /// the same board.
    fn task(&self) -> String;

    /// Finds up to `limit` answer strings, each checked by [`Board::check`]
    /// before it is returned; `stats.exhausted` with one answer proves it
    /// the only one. None where the kind has no solver yet.
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>>;

    /// Checks an answer string by the kind's rules, with code that does not
    /// use its solver. The error says which rule it breaks, and where.
    fn check(&self, answer: &str) -> Result<(), String>;

    /// The board, with an answer drawn on it where one is given.
    fn draw(&self, answer: Option<&str>) -> Drawing;

    /// The board's model on the engine, as its grader reads it; None where
    /// its kind is not graded by it (see [`Home::grades`]).
    fn model(&self) -> Option<Model> {
        None
    }

    /// The grade of a puzzle with exactly one answer, by the engine's
    /// reasoning on its model ([`engine_grade::grade`]); None where its
    /// kind is not graded so, or the reasoning cannot tell (see there).
    fn grade(&self) -> Option<Grading<engine_grade::Step>> {
        engine_grade::grade(&self.model()?)
    }
}

/// A task string that does not read as its kind's grammar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TaskError(pub String);

impl TaskError {
    pub fn new(message: impl Into<String>) -> TaskError {
        TaskError(message.into())
    }
}

/// A solver's answer that its kind's check refused: a solver bug, never a
/// puzzle's fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {kind} solver gave an answer that breaks the rules ({why}): {answer}")]
pub struct SolveError {
    pub kind: Kind,
    pub answer: String,
    pub why: String,
}

/// Runs the engine on `problem` for a board, each solution decoded into an
/// answer string by `decode` and checked by the board's own
/// [`Board::check`] before it is kept.
pub fn solve_answers(
    board: &dyn Board,
    problem: &multicover::Problem,
    settings: Settings,
    limit: usize,
    decode: impl Fn(&[multicover::OptionId]) -> String,
) -> Result<Solved<String>, SolveError> {
    crate::solve_checked(problem, settings, limit, |chosen| {
        let answer = decode(chosen);
        match board.check(&answer) {
            Ok(()) => Ok(answer),
            Err(why) => Err(SolveError { kind: board.kind(), answer, why }),
        }
    })
}

/// The answers a kind's own solver found, each checked by the board's own
/// [`Board::check`] as the engine's are in [`solve_answers`].
pub fn checked_answers(
    board: &dyn Board,
    answers: impl IntoIterator<Item = String>,
    stats: multicover::Stats,
) -> Result<Solved<String>, SolveError> {
    let mut solutions = Vec::new();
    for answer in answers {
        if let Err(why) = board.check(&answer) {
            return Err(SolveError { kind: board.kind(), answer, why });
        }
        solutions.push(answer);
    }
    Ok(Solved { solutions, stats })
}

/// For the tests of each kind: reads a real puzzle's task as its page gives
/// it and asserts that it is of `size`, writes back as it came, passes the
/// kind's check with the answer the site hashes, and solves to that answer
/// alone, proved unique. Returns the board for the kind's own assertions.
#[cfg(test)]
pub(crate) fn real_puzzle(home: &dyn Home, task: &str, size: Size, answer: &str) -> Box<dyn Board> {
    let board = home.read(task, None).expect("a real task reads");
    assert_eq!(board.size(), size);
    assert_eq!(board.task(), task);
    assert_eq!(board.check(answer), Ok(()));
    let solved = board.solve(Settings::default(), 2).expect("a solver").expect("answers its check accepts");
    assert!(solved.is_unique(), "{task}: {:?}", solved.solutions);
    assert_eq!(solved.solutions, [answer]);
    board
}

/// For the tests of each kind: every prefix of a real task that still
/// reads as a task of the kind writes back the same.
#[cfg(test)]
pub(crate) fn prefixes_write_back(home: &dyn Home, task: &str) {
    for end in 0..task.len() {
        if let Ok(board) = home.read(&task[..end], None) {
            assert_eq!(board.task(), &task[..end]);
        }
    }
}

/// For the tests of each kind: solves `board` exhaustively and asserts that
/// it finds exactly those of `candidates` (every answer a board of its size
/// could have, tried by brute force) that the kind's check accepts. Returns
/// how many those are, capped at 2, so that a test can count its boards with
/// none, one and several.
#[cfg(test)]
pub(crate) fn solves_to_what_its_check_accepts(
    board: &dyn Board,
    candidates: impl IntoIterator<Item = String>,
) -> usize {
    let mut expected: Vec<String> = candidates.into_iter().filter(|answer| board.check(answer).is_ok()).collect();
    let solved = board.solve(Settings::default(), usize::MAX).expect("a solver").expect("answers its check accepts");
    assert!(solved.stats.exhausted, "{}", board.task());
    let mut found = solved.solutions;
    found.sort();
    expected.sort();
    assert_eq!(found, expected, "{}", board.task());
    expected.len().min(2)
}

/// For the tests of a kind with a solver of its own: solves each board
/// exhaustively by its default solver and by the engine's multi-cover
/// search, asserts both find the same answers, and counts the boards with
/// none, one and several, so a test can show its boards tried every outcome.
#[cfg(test)]
pub(crate) fn own_solver_agrees_with_the_engine<'a>(
    boards: impl IntoIterator<Item = (String, &'a dyn Board)>,
) -> [usize; 3] {
    let engine = Settings { algorithm: multicover::Algorithm::MultiCover, ..Settings::default() };
    let mut outcomes = [0; 3];
    for (task, board) in boards {
        let answers = |settings| {
            let solved = board.solve(settings, 1000).expect("a solver").expect("answers its check accepts");
            assert!(solved.stats.exhausted, "{task}");
            let mut answers = solved.solutions;
            answers.sort();
            answers
        };
        let own = answers(Settings::default());
        assert_eq!(own, answers(engine), "{task}");
        outcomes[own.len().min(2)] += 1;
    }
    outcomes
}
