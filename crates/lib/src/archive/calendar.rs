//! The calendar puzzle's questions as `calendar` asks them: a board (built
//! in, or a variant file), a date typed for it, a date's tilings solved and
//! counted, and the count of every date a board can show. Photos of solved
//! boards are [`super::reading`]'s.

use std::path::Path;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engine::{Probing, Settings};
use crate::kinds::Kind;
use crate::kinds::calendar::{self as puzzle, DateError};
use crate::photo::ReadError;
// What a caller of these functions names: a board, a date on it, a
// tiling, the solver, the names of months and weekdays.
pub use crate::kinds::calendar::{Date, MONTHS, Method, Tiling, Variant, WEEKDAYS};

use super::error::ArchiveError;
use super::import::read_text;
use super::kinds::size_text;

/// Why a calendar question could not be answered. Each names what is at
/// fault: the board file and its line, the date as typed, or the step that
/// failed with the calendar's own error.
#[derive(Debug, Error)]
pub enum CalendarOpError {
    /// A variant file that could not be read, or a reading the archive
    /// could not store.
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    /// A variant file that is no board: `FILE:LINE: what`, or `FILE: what`.
    #[error("{path}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
    Board { path: String, line: Option<usize>, message: String },
    #[error("no built-in board `{name}`: there are {}", built_in_names().join(" and "))]
    NoBuiltIn { name: String },
    #[error(transparent)]
    Date(#[from] DateError),
    /// Feb 29 on a weekday board in a year that is not leap: how to ask
    /// for it anyway.
    #[error("{source} (this year's date was taken): give a weekday, like `{typed} Sun`, or a leap year")]
    NotThisYear { typed: String, source: DateError },
    /// A search that failed (the solver's own fault, never the input's):
    /// `doing` says which search.
    #[error("{doing}")]
    Search { doing: String, source: puzzle::CalendarError },
    /// A photo read that could not be made small to draw beside its reading.
    #[error("{photo}: {source}")]
    Thumbnail { photo: String, source: ReadError },
}

fn built_in_names() -> Vec<&'static str> {
    puzzle::BUILT_IN.iter().map(|(name, _)| *name).collect()
}

/// A built-in board's variant file, to start one's own from.
pub fn built_in_text(name: &str) -> Result<&'static str, CalendarOpError> {
    puzzle::BUILT_IN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .ok_or_else(|| CalendarOpError::NoBuiltIn { name: name.to_string() })
}

/// A built-in board by name (`standard` or `weekday`).
pub fn built_in(name: &str) -> Result<Variant, CalendarOpError> {
    Variant::built_in(name).ok_or_else(|| CalendarOpError::NoBuiltIn { name: name.to_string() })
}

/// The board of a variant file (`-`: standard input).
pub fn board_file(path: &str) -> Result<Variant, CalendarOpError> {
    let text = read_text(Path::new(path))?;
    Variant::parse(path, &text).map_err(|e| CalendarOpError::Board {
        path: path.to_string(),
        line: e.line(),
        message: e.message(),
    })
}

/// The board a date is asked on: the variant file `file` when one is
/// named, else the weekday board when `weekday` is asked for or the date
/// `typed` has a weekday (`Mar 14 Fri`), else the standard board.
pub fn board_for(file: Option<&str>, weekday: bool, typed: &[String]) -> Result<Variant, CalendarOpError> {
    match file {
        Some(path) => board_file(path),
        None => {
            let typed = puzzle::date::typed_weekday(&typed.join(" ")).is_some();
            built_in(if weekday || typed { "weekday" } else { "standard" })
        }
    }
}

/// The date the words typed give (today, in UTC, when there are none),
/// fitted to the board: on a weekday board a date without a year is this
/// year's, and a weekday typed is refused by a board without weekday
/// cells, not dropped.
pub fn date_on(words: &[String], variant: &Variant) -> Result<Date, CalendarOpError> {
    let (today, year) = puzzle::today();
    if words.is_empty() {
        return Ok(variant.fit(today)?);
    }
    let text = words.join(" ");
    let year = variant.has_weekdays().then_some(year);
    let date = Date::parse(&text, year).map_err(|e| match (e, year) {
        (source @ DateError::NoSuchDayInYear { .. }, Some(y)) if !text.contains(&y.to_string()) => {
            CalendarOpError::NotThisYear { typed: text.clone(), source }
        }
        (e, _) => CalendarOpError::Date(e),
    })?;
    Ok(variant.fit_typed(date, &text)?)
}

/// The engine as the calendar's solver, searching with `probing`.
pub fn engine(probing: Probing) -> Method {
    Method::Engine(Settings::with_probing(probing))
}

/// "the standard board (7x7, 8 pieces)".
pub fn describe(variant: &Variant) -> String {
    format!(
        "the {} board ({}, {} pieces)",
        variant.name(),
        size_text(Kind::Calendar, variant.width() as i64, variant.height() as i64),
        variant.pieces().len()
    )
}

/// "Mar 14 on the standard board (7x7, 8 pieces)": a date's puzzle, as the
/// calendar's messages name it.
pub fn date_on_board(date: &Date, variant: &Variant) -> String {
    format!("{date} on {}", describe(variant))
}

/// A date's tilings counted, every one checked by the calendar's verifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub tilings: u64,
    pub elapsed: Duration,
}

/// Counts the tilings of `date` on `variant`.
pub fn count(variant: &Variant, date: &Date, method: Method) -> Result<Counted, CalendarOpError> {
    let stats = puzzle::count_verified(variant, date, method).map_err(|source| CalendarOpError::Search {
        doing: format!("counting the tilings of {}", date_on_board(date, variant)),
        source,
    })?;
    Ok(Counted { tilings: stats.solutions, elapsed: stats.elapsed })
}

/// A date's puzzle solved: some of its tilings, and the count of all.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The first tilings found, up to the limit asked for, each checked.
    pub shown: Vec<Tiling>,
    /// Every tiling of the date, counted (not only those shown).
    pub tilings: u64,
}

/// Solves `date` on `variant`: up to `limit` tilings, and the count of all.
pub fn solve(variant: &Variant, date: &Date, limit: usize, method: Method) -> Result<Solved, CalendarOpError> {
    let report = puzzle::solve(variant, date, limit, method).map_err(|source| CalendarOpError::Search {
        doing: format!("solving {}", date_on_board(date, variant)),
        source,
    })?;
    let tilings =
        if report.stats.exhausted { report.solutions.len() as u64 } else { count(variant, date, method)?.tilings };
    Ok(Solved { shown: report.solutions, tilings })
}

/// The tilings of every month/day(/weekday) combination a board can show,
/// and what they come to.
#[derive(Clone, Debug)]
pub struct EveryDate {
    /// Each combination and its count, in the board's order (month, day,
    /// weekday), real dates or not (Feb 31 too).
    pub counts: Vec<(Date, u64)>,
    /// The tilings of every combination together.
    pub total: u64,
    /// The combinations that are dates in some year.
    pub real_dates: usize,
    /// The tilings of those together.
    pub real_total: u64,
    /// The combinations without a tiling.
    pub unsolvable: Vec<Date>,
    /// The real date with the fewest tilings (the first of those tied).
    pub fewest: Option<(Date, u64)>,
    /// The real date with the most tilings (the last of those tied).
    pub most: Option<(Date, u64)>,
    pub elapsed: Duration,
}

/// Counts the tilings of every combination `variant` can show, every one
/// checked, telling `found` the tilings found so far now and then.
pub fn every_date(variant: &Variant, method: Method, found: &dyn Fn(u64)) -> Result<EveryDate, CalendarOpError> {
    let start = Instant::now();
    let counts =
        puzzle::count_every_date_reporting(variant, method, found).map_err(|source| CalendarOpError::Search {
            doing: format!("counting the tilings of every date on {}", describe(variant)),
            source,
        })?;
    let elapsed = start.elapsed();
    let real: Vec<(Date, u64)> = counts.iter().copied().filter(|(date, _)| date.is_real()).collect();
    Ok(EveryDate {
        total: counts.iter().map(|c| c.1).sum(),
        real_dates: real.len(),
        real_total: real.iter().map(|c| c.1).sum(),
        unsolvable: counts.iter().filter(|c| c.1 == 0).map(|c| c.0).collect(),
        fewest: real.iter().copied().min_by_key(|c| c.1),
        most: real.iter().copied().max_by_key(|c| c.1),
        counts,
        elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    /// The date typed, on the board the words ask for.
    fn asked(text: &str, weekday: bool) -> (Variant, Date) {
        let typed = words(text);
        let variant = board_for(None, weekday, &typed).unwrap();
        let date = date_on(&typed, &variant).unwrap();
        (variant, date)
    }

    #[test]
    fn a_date_s_puzzle_on_each_built_in_board_has_the_known_counts() {
        for (text, weekday, board, tilings) in [
            ("Oct 6", false, "standard", 7),
            ("May 21", false, "standard", 36),
            ("Jan 25", false, "standard", 216),
            ("Jan 1 Sun", false, "weekday", 1495),
            ("Apr 6 Mon", true, "weekday", 97),
        ] {
            let (variant, date) = asked(text, weekday);
            assert_eq!(variant.name(), board, "{text}");
            assert_eq!(count(&variant, &date, Method::Bitboard).unwrap().tilings, tilings, "{text}");
            // One tiling shown, every one counted; the engine agrees.
            let solved = solve(&variant, &date, 1, Method::Bitboard).unwrap();
            assert_eq!((solved.shown.len(), solved.tilings), (1, tilings), "{text}");
            let all = solve(&variant, &date, usize::MAX, engine(Probing::Off)).unwrap();
            assert_eq!((all.shown.len() as u64, all.tilings), (tilings, tilings), "{text}");
        }
        let (variant, date) = asked("Oct 6", false);
        assert_eq!(date_on_board(&date, &variant), "Oct 6 on the standard board (7x7, 8 pieces)");
        let (variant, _) = asked("Jan 1 Sun", false);
        assert_eq!(describe(&variant), "the weekday board (8x7, 10 pieces)");
    }

    #[test]
    fn every_date_on_the_standard_board_comes_to_the_known_totals() {
        let standard = built_in("standard").unwrap();
        let every = every_date(&standard, Method::Bitboard, &|_| ()).unwrap();
        assert_eq!(every.counts.len(), 372);
        assert_eq!((every.total, every.real_total, every.real_dates), (25_061, 24_405, 366));
        assert!(every.unsolvable.is_empty());
        let oct_6 = Date { month: 10, day: 6, weekday: None };
        let jan_25 = Date { month: 1, day: 25, weekday: None };
        assert_eq!((every.fewest, every.most), (Some((oct_6, 7)), Some((jan_25, 216))));
        assert_eq!(every.counts.iter().find(|c| c.0 == oct_6), Some(&(oct_6, 7)));
    }

    #[test]
    fn a_date_is_fitted_to_its_board_or_refused_saying_why() {
        let standard = built_in("standard").unwrap();
        let weekday = built_in("weekday").unwrap();
        let refused = |text: &str, variant: &Variant| date_on(&words(text), variant).unwrap_err().to_string();
        assert_eq!(
            refused("Jan 5 Sun", &standard),
            "the standard board has no weekday cells, so `Sun` cannot be left open: give the date without it"
        );
        assert_eq!(refused("Jan 32", &standard), "January has 31 days at most, so day 32 is not a date");
        // On the weekday board a date without a year is this year's.
        let (_, year) = puzzle::today();
        let leap = puzzle::date::days_in_month(2, Some(year)) == 29;
        match date_on(&words("Feb 29"), &weekday) {
            Ok(date) => assert!(leap && date.weekday.is_some(), "{date}"),
            Err(err) => {
                assert!(!leap);
                let said = format!(
                    "February {year} has 28 days, so day 29 is not a date (this year's date was taken): give a \
                     weekday, like `Feb 29 Sun`, or a leap year"
                );
                assert_eq!(crate::shared::error_chain(&err), said);
            }
        }
        // Without words, today: with its weekday on the weekday board only.
        assert!(date_on(&[], &weekday).unwrap().weekday.is_some());
        assert!(date_on(&[], &standard).unwrap().weekday.is_none());
    }

    #[test]
    fn a_board_file_s_fault_is_named_by_its_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.txt");
        std::fs::write(&path, "name: mine\nrows:\n").unwrap();
        let path = path.display().to_string();
        let err = board_file(&path).unwrap_err();
        assert!(matches!(err, CalendarOpError::Board { line: Some(2), .. }), "{err:?}");
        assert_eq!(err.to_string(), format!("{path}:2: expected `board:` before the board's rows"));
        let missing = dir.path().join("missing.txt").display().to_string();
        assert!(board_file(&missing).unwrap_err().to_string().starts_with(&format!("{missing}: ")));
        // A built-in board written out reads back as that board.
        let weekday = dir.path().join("weekday.txt");
        std::fs::write(&weekday, built_in_text("weekday").unwrap()).unwrap();
        let read = board_for(Some(weekday.to_str().unwrap()), false, &[]).unwrap();
        assert_eq!(read.pieces(), built_in("weekday").unwrap().pieces());
        assert_eq!(
            built_in_text("nope").unwrap_err().to_string(),
            "no built-in board `nope`: there are standard and weekday"
        );
    }
}

/// A date's count of tilings, as `calendar --count --json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CountRecord {
    pub board: String,
    pub count: u64,
    pub date: String,
}

impl Counted {
    /// The count of `date` on `variant`, as its JSON line.
    pub fn record(&self, variant: &Variant, date: &Date) -> CountRecord {
        CountRecord { board: variant.name().to_string(), count: self.tilings, date: date.to_string() }
    }
}

/// A date solved, as `calendar --json` writes it: its count, how many
/// tilings are shown, the first as rows, and with `--all` each one shown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SolvedRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<Vec<Vec<String>>>,
    pub board: String,
    pub count: u64,
    pub date: String,
    pub shown: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
}

impl Solved {
    /// The tilings of `date` on `variant` found, as their JSON line; `all`
    /// with every one shown.
    pub fn record(&self, variant: &Variant, date: &Date, all: bool) -> SolvedRecord {
        SolvedRecord {
            all: all.then(|| self.shown.iter().map(|t| t.to_rows(variant)).collect()),
            board: variant.name().to_string(),
            count: self.tilings,
            date: date.to_string(),
            shown: self.shown.len(),
            solution: self.shown.first().map(|t| t.to_rows(variant)),
        }
    }
}

/// Every date a board can show with its count, as `calendar --every-date
/// --json` writes it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct EveryDateRecord {
    pub board: String,
    pub combinations: usize,
    pub counts: Vec<DateCount>,
    pub fewest: Option<DateTilings>,
    pub most: Option<DateTilings>,
    pub real_dates: usize,
    pub real_total: u64,
    pub seconds: f64,
    pub total: u64,
    pub unsolvable: Vec<String>,
}

/// One combination of [`EveryDateRecord`]: whether it is a date in some year.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DateCount {
    pub count: u64,
    pub date: String,
    pub real: bool,
}

/// The date with the fewest or most tilings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DateTilings {
    pub count: u64,
    pub date: String,
}

impl EveryDate {
    /// The counts of every date on `variant`, as their JSON line.
    pub fn record(&self, variant: &Variant) -> EveryDateRecord {
        let tilings = |(date, count): (Date, u64)| DateTilings { count, date: date.to_string() };
        EveryDateRecord {
            board: variant.name().to_string(),
            combinations: self.counts.len(),
            counts: self
                .counts
                .iter()
                .map(|(d, n)| DateCount { count: *n, date: d.to_string(), real: d.is_real() })
                .collect(),
            fewest: self.fewest.map(tilings),
            most: self.most.map(tilings),
            real_dates: self.real_dates,
            real_total: self.real_total,
            seconds: self.elapsed.as_secs_f64(),
            total: self.total,
            unsolvable: self.unsolvable.iter().map(|d| d.to_string()).collect(),
        }
    }
}
