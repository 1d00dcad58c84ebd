//! `aquarchive calendar`: one date's puzzle (drawn, counted or listed), or
//! the counts of every date a board can show.

use std::time::Instant;

use serde_json::json;

use aquarchive::archive::kinds;
use aquarchive::engine::Settings;
use aquarchive::kinds::Kind;
use aquarchive::kinds::calendar::{self, BUILT_IN, Date, Method, Variant, WEEKDAYS};
use aquarchive::render;
use aquarchive::render::svg;

use crate::cli::args::{CalendarArgs, CalendarSolver};
use crate::cli::error::{CliError, Doing};
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::picture::Pictures;
use crate::cli::progress::Progress;
use crate::cli::table::thousands;

use super::board::{built_in, tilings, variant_file};

/// The variant the arguments name: a file, the weekday board, or the
/// standard one. A date typed with its weekday (`Mar 14 Fri`) asks for a
/// board with weekday cells: the weekday board unless a file is named (whose
/// board, without them, refuses the date; see [`pick_date`]).
fn load_variant(args: &CalendarArgs) -> Result<Variant, CliError> {
    match &args.board {
        Some(path) => variant_file(path),
        None => {
            let typed = calendar::date::typed_weekday(&args.date.join(" ")).is_some();
            built_in(if args.weekday || typed { "weekday" } else { "standard" })
        }
    }
}

/// The date the arguments give (today when none), fitted to the board.
fn pick_date(words: &[String], variant: &Variant) -> Result<Date, CliError> {
    let (today, year) = calendar::today();
    if words.is_empty() {
        return Ok(variant.fit(today)?);
    }
    let text = words.join(" ");
    let date = {
        // On a weekday board a date without a weekday is this year's.
        let year = variant.has_weekdays().then_some(year);
        Date::parse(&text, year).map_err(|e| match (e, year) {
            // Feb 29 in a year that is not leap: say how to ask for it anyway.
            (e @ calendar::DateError::NoSuchDayInYear { .. }, Some(y)) if !text.contains(&y.to_string()) => {
                CliError::Message(format!(
                    "{e} (this year's date was taken): give a weekday, like `{text} Sun`, or a leap year"
                ))
            }
            (e, _) => CliError::from(e),
        })?
    };
    // A weekday typed is refused by a board without weekday cells, not dropped.
    Ok(variant.fit_typed(date, &text)?)
}

fn describe(variant: &Variant) -> String {
    format!(
        "the {} board ({}, {} pieces)",
        variant.name(),
        kinds::size_text(Kind::Calendar, variant.width() as i64, variant.height() as i64),
        variant.pieces().len()
    )
}

pub fn run(args: CalendarArgs) -> Result<ExitCode, CliError> {
    if let Some(name) = &args.print_board {
        let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
        let (_, text) = BUILT_IN.iter().find(|(n, _)| n == name).ok_or_else(|| {
            CliError::Message(format!("no built-in board `{name}`: there are {}", names.join(" and ")))
        })?;
        print(text)?;
        return Ok(ExitCode::Ok);
    }
    let variant = load_variant(&args)?;
    let method = match args.solver.unwrap_or_default() {
        CalendarSolver::Bitboard => Method::Bitboard,
        CalendarSolver::Engine => Method::Engine(Settings::with_probing(args.probing.unwrap_or_default().into())),
    };
    if args.every_date {
        return every_date(&variant, method, args.json);
    }
    let date = pick_date(&args.date, &variant)?;
    let on = format!("{date} on {}", describe(&variant));
    if args.count {
        let stats = calendar::count_verified(&variant, &date, method).doing(format!("counting the tilings of {on}"))?;
        if args.json {
            print(&format!(
                "{}\n",
                json!({ "board": variant.name(), "date": date.to_string(), "count": stats.solutions })
            ))?;
        } else {
            print(&format!("{on}: {} ({:.3} ms)\n", tilings(stats.solutions), stats.elapsed.as_secs_f64() * 1e3))?;
        }
        return Ok(if stats.solutions == 0 { ExitCode::NotUnique } else { ExitCode::Ok });
    }
    // clap takes --limit from 1 up.
    let limit = if args.all { args.limit.unwrap_or(u64::MAX) } else { 1 };
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    let report = calendar::solve(&variant, &date, limit, method).doing(format!("solving {on}"))?;
    // Every tiling is counted, not only those shown.
    let total = if report.stats.exhausted {
        report.solutions.len() as u64
    } else {
        calendar::count_verified(&variant, &date, method).doing(format!("counting the tilings of {on}"))?.solutions
    };
    if pictures.wanted() {
        pictures.write(&svg::calendar::board(&variant, report.solutions.first(), &on), None)?;
    }
    if pictures.to_stdout() {
        // Standard output holds the picture alone.
    } else if args.json {
        let mut record = json!({
            "board": variant.name(),
            "date": date.to_string(),
            "count": total,
            "shown": report.solutions.len(),
        });
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows(&variant));
        }
        if args.all {
            record["all"] = json!(report.solutions.iter().map(|t| t.to_rows(&variant)).collect::<Vec<_>>());
        }
        print(&format!("{record}\n"))?;
    } else if report.solutions.is_empty() {
        print(&format!("{on}: no tiling\n{}", render::calendar::board(&variant, None)))?;
    } else if args.all {
        let shown = report.solutions.len() as u64;
        let mut out = if shown == total {
            format!("{on}: {}\n", tilings(total))
        } else {
            format!("{on}: {}, the first {shown} shown (--limit)\n", tilings(total))
        };
        for (k, t) in report.solutions.iter().enumerate() {
            out.push_str(&format!("\ntiling {}:\n{}", k + 1, render::calendar::board(&variant, Some(t))));
        }
        print(&out)?;
    } else {
        let first = render::calendar::board(&variant, report.solutions.first());
        print(&format!("{on}: the first of {} (--all shows every one):\n{first}", tilings(total)))?;
    }
    Ok(if report.solutions.is_empty() { ExitCode::NotUnique } else { ExitCode::Ok })
}

fn every_date(variant: &Variant, method: Method, json_out: bool) -> Result<ExitCode, CliError> {
    let start = Instant::now();
    let combinations = variant.combinations().len();
    let progress = Progress::counting("tilings found");
    let counts = calendar::count_every_date_reporting(variant, method, &|n| progress.set(n));
    progress.finish();
    let counts = counts.doing(format!("counting the tilings of every date on {}", describe(variant)))?;
    let elapsed = start.elapsed();
    let total: u64 = counts.iter().map(|c| c.1).sum();
    let real: Vec<&(Date, u64)> = counts.iter().filter(|c| c.0.is_real()).collect();
    let real_total: u64 = real.iter().map(|c| c.1).sum();
    let unsolvable: Vec<String> = counts.iter().filter(|c| c.1 == 0).map(|c| c.0.to_string()).collect();
    let fewest = real.iter().min_by_key(|c| c.1).map(|c| (c.0.to_string(), c.1));
    let most = real.iter().max_by_key(|c| c.1).map(|c| (c.0.to_string(), c.1));
    if json_out {
        let record = json!({
            "board": variant.name(),
            "combinations": combinations,
            "unsolvable": unsolvable,
            "total": total,
            "real_dates": real.len(),
            "real_total": real_total,
            "fewest": fewest.as_ref().map(|f| json!({"date": f.0, "count": f.1})),
            "most": most.as_ref().map(|m| json!({"date": m.0, "count": m.1})),
            "seconds": elapsed.as_secs_f64(),
            "counts": counts.iter().map(|(d, n)| json!({"date": d.to_string(), "count": n, "real": d.is_real()})).collect::<Vec<_>>(),
        });
        print(&format!("{record}\n"))?;
        return Ok(ExitCode::Ok);
    }
    let mut out = format!(
        "Every month/day{} combination on {}:\n",
        if variant.has_weekdays() { "/weekday" } else { "" },
        describe(variant)
    );
    out.push_str(&format!(
        "{} combinations, {}; {} tilings in all; {} over the {} real dates\n",
        thousands(combinations as u64),
        if unsolvable.is_empty() {
            "every one solvable".to_string()
        } else {
            format!("{} with no tiling ({})", unsolvable.len(), unsolvable.join(", "))
        },
        thousands(total),
        thousands(real_total),
        real.len()
    ));
    if let (Some(f), Some(m)) = (&fewest, &most) {
        out.push_str(&format!(
            "fewest among real dates: {} ({}); most: {} ({})\n",
            f.0,
            thousands(f.1),
            m.0,
            thousands(m.1)
        ));
    }
    out.push_str(&format!("{:.2} s, every tiling checked\n\n", elapsed.as_secs_f64()));
    // One line per month and day; with weekdays, a column per weekday.
    let per_line = if variant.has_weekdays() { 7 } else { 1 };
    let header: String =
        if per_line == 7 { WEEKDAYS.iter().map(|w| format!("{w:>7}")).collect() } else { format!("{:>7}", "tilings") };
    out.push_str(&format!("{:<8}{header}\n", "date"));
    for line in counts.chunks(per_line) {
        let date = line[0].0;
        let mark = if date.is_real() { ' ' } else { '*' };
        let name = format!("{} {}{mark}", calendar::MONTHS[date.month as usize - 1], date.day);
        let cells: String = line.iter().map(|(_, n)| format!("{n:>7}")).collect();
        out.push_str(&format!("{name:<8}{cells}\n"));
    }
    out.push_str("* no such date in any year\n");
    print(&out)?;
    Ok(ExitCode::Ok)
}
