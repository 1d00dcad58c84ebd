//! Solving and counting a date with either solver; every tiling a caller
//! gets back, and every tiling a verified count counts, passes [`verify`].

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::time::Instant;

use crate::{Solved, search_checked, solve_checked};
use multicover::{Settings, Solver, Stats};

use super::{Bitboard, CalendarError, Date, Encoding, SolveReport, Tiling, Variant, verify};

/// Which solver does the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The multi-cover engine on the exact-cover encoding.
    Engine(Settings),
    /// The bitboard search ([`Bitboard`]); boards of more than 64 cells
    /// fall back to the engine.
    Bitboard,
}

fn bitboard(variant: &Variant, date: &Date, method: Method) -> Option<Bitboard> {
    if method == Method::Bitboard { Bitboard::new(variant, date) } else { None }
}

fn settings(method: Method) -> Settings {
    match method {
        Method::Engine(settings) => settings,
        Method::Bitboard => Settings::default(),
    }
}

/// Walks the tilings of the bitboard search, each checked, as the engine's
/// walk does: `visit` says whether to go on.
fn walk_checked(
    variant: &Variant,
    date: &Date,
    board: &Bitboard,
    mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
) -> Result<Stats, CalendarError> {
    let start = Instant::now();
    let (mut solutions, mut failure) = (0, None);
    let exhausted = board.for_each(|tiling| {
        if let Err(v) = verify(variant, date, tiling) {
            failure = Some(CalendarError::WrongSolution(v));
            return ControlFlow::Break(());
        }
        solutions += 1;
        visit(tiling)
    });
    match failure {
        Some(err) => Err(err),
        None => Ok(Stats { solutions, nodes: 0, probes: 0, elapsed: start.elapsed(), exhausted }),
    }
}

/// Up to `limit` tilings for a date, each checked by [`verify`].
pub fn solve(variant: &Variant, date: &Date, limit: usize, method: Method) -> Result<SolveReport, CalendarError> {
    if let Some(board) = bitboard(variant, date, method) {
        let mut solutions = Vec::new();
        if limit == 0 {
            return Ok(Solved { solutions, stats: Stats::default() });
        }
        let stats = walk_checked(variant, date, &board, |t| {
            solutions.push(t.clone());
            if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })?;
        return Ok(Solved { solutions, stats });
    }
    let encoding = Encoding::new(variant, date);
    solve_checked(&encoding.problem, settings(method), limit, |chosen| {
        let tiling = encoding.decode(chosen);
        verify(variant, date, &tiling).map(|()| tiling).map_err(CalendarError::WrongSolution)
    })
}

/// The number of tilings of a date, unchecked: the fastest count, for
/// benchmarks beside [`count_verified`].
pub fn count(variant: &Variant, date: &Date, method: Method) -> Stats {
    if let Some(board) = bitboard(variant, date, method) {
        let start = Instant::now();
        let solutions = board.count();
        return Stats { solutions, nodes: 0, probes: 0, elapsed: start.elapsed(), exhausted: true };
    }
    Solver::new(&Encoding::new(variant, date).problem, settings(method)).count(u64::MAX)
}

/// The number of tilings of a date, every one decoded and checked by
/// [`verify`]: what the command line reports.
pub fn count_verified(variant: &Variant, date: &Date, method: Method) -> Result<Stats, CalendarError> {
    if let Some(board) = bitboard(variant, date, method) {
        return walk_checked(variant, date, &board, |_| ControlFlow::Continue(()));
    }
    let encoding = Encoding::new(variant, date);
    search_checked(&encoding.problem, settings(method), |chosen| {
        verify(variant, date, &encoding.decode(chosen)).map_err(CalendarError::WrongSolution)?;
        Ok(ControlFlow::Continue(()))
    })
}

/// The verified count of every month/day(/weekday) combination of the
/// board, in the order of [`Variant::combinations`]. The bitboard solver
/// does it in one search ([`Bitboard::every_date`]); the engine, date by date.
pub fn count_every_date(variant: &Variant, method: Method) -> Result<Vec<(Date, u64)>, CalendarError> {
    count_every_date_reporting(variant, method, &|_| ())
}

/// [`count_every_date`], telling `found` the count of tilings found so far
/// now and then (for a progress display: the weekday board takes a while).
pub fn count_every_date_reporting(
    variant: &Variant,
    method: Method,
    found: &dyn Fn(u64),
) -> Result<Vec<(Date, u64)>, CalendarError> {
    // Tilings between two reports.
    const EVERY: u64 = 4096;
    let dates = variant.combinations();
    if method == Method::Bitboard {
        let index: HashMap<Date, usize> = dates.iter().enumerate().map(|(i, d)| (*d, i)).collect();
        let mut counts = vec![0u64; dates.len()];
        let mut failure = None;
        let mut total = 0u64;
        let searched = Bitboard::every_date(variant, |date, tiling| {
            match (verify(variant, date, tiling), index.get(date)) {
                (Ok(()), Some(&i)) => {
                    counts[i] += 1;
                    total += 1;
                    if total.is_multiple_of(EVERY) {
                        found(total);
                    }
                    return ControlFlow::Continue(());
                }
                (Err(v), _) => failure = Some(CalendarError::WrongSolution(v)),
                (Ok(()), None) => {
                    failure = Some(CalendarError::Invalid(format!(
                        "the search left {date} open, which the board has no cells for"
                    )))
                }
            }
            ControlFlow::Break(())
        });
        if let Some(err) = failure {
            return Err(err);
        }
        if searched.is_some() {
            return Ok(dates.into_iter().zip(counts).collect());
        }
    }
    let mut total = 0;
    dates
        .into_iter()
        .map(|d| {
            let n = count_verified(variant, &d, method)?.solutions;
            total += n;
            found(total);
            Ok((d, n))
        })
        .collect()
}

/// One verified tiling of every month/day(/weekday) combination of the
/// board, in the order of [`Variant::combinations`] (`None` for one
/// without a tiling), the dates solved in parallel on every core. A search
/// shared by all dates, as counting does, was tried: it finds them all but
/// takes several times longer, as it cannot prune by region sizes while a
/// date cell may still be left open.
pub fn first_of_every_date(variant: &Variant, method: Method) -> Result<Vec<(Date, Option<Tiling>)>, CalendarError> {
    use rayon::prelude::*;
    variant
        .combinations()
        .into_par_iter()
        .map(|date| Ok((date, solve(variant, &date, 1, method)?.solutions.into_iter().next())))
        .collect()
}
