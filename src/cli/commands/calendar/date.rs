//! `aquarchive calendar`: one date's puzzle (drawn, counted or listed), or
//! the counts of every date a board can show.

use aquarchive::archive::calendar::{self, EveryDate, MONTHS, Method, Variant, WEEKDAYS};
use aquarchive::render;
use aquarchive::render::svg;

use super::tilings;
use crate::cli::args::{CalendarArgs, CalendarSolver};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::picture::Pictures;
use crate::cli::progress::Progress;
use crate::cli::table::thousands;

pub fn run(args: CalendarArgs) -> Result<ExitCode, CliError> {
    if let Some(name) = &args.print_board {
        print(calendar::built_in_text(name)?)?;
        return Ok(ExitCode::Ok);
    }
    // A date typed with its weekday (`Mar 14 Fri`) asks for the weekday
    // board, unless a file is named (whose board, without weekday cells,
    // refuses the date).
    let variant = calendar::board_for(args.board.as_deref(), args.weekday, &args.date)?;
    let method = match args.solver.unwrap_or_default() {
        CalendarSolver::Bitboard => Method::Bitboard,
        CalendarSolver::Engine => calendar::engine(args.probing.unwrap_or_default().into()),
    };
    if args.every_date {
        let progress = Progress::counting("tilings found");
        let every = calendar::every_date(&variant, method, &|n| progress.set(n));
        progress.finish();
        return every_date(&variant, &every?, args.json);
    }
    let date = calendar::date_on(&args.date, &variant)?;
    let on = calendar::date_on_board(&date, &variant);
    if args.count {
        let counted = calendar::count(&variant, &date, method)?;
        if args.json {
            let record = counted.record(&variant, &date);
            print(&format!("{}\n", serde_json::to_string(&record).expect("a record serializes")))?;
        } else {
            print(&format!("{on}: {} ({:.3} ms)\n", tilings(counted.tilings), counted.elapsed.as_secs_f64() * 1e3))?;
        }
        return Ok(if counted.tilings == 0 { ExitCode::NotUnique } else { ExitCode::Ok });
    }
    // clap takes --limit from 1 up.
    let limit = if args.all { args.limit.unwrap_or(u64::MAX) } else { 1 };
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    let solved = calendar::solve(&variant, &date, limit, method)?;
    let total = solved.tilings;
    if pictures.wanted() {
        pictures.write(&svg::calendar::board(&variant, solved.shown.first(), &on), None)?;
    }
    if pictures.to_stdout() {
        // Standard output holds the picture alone.
    } else if args.json {
        let record = solved.record(&variant, &date, args.all);
        print(&format!("{}\n", serde_json::to_string(&record).expect("a record serializes")))?;
    } else if solved.shown.is_empty() {
        print(&format!("{on}: no tiling\n{}", render::calendar::board(&variant, None)))?;
    } else if args.all {
        let shown = solved.shown.len() as u64;
        let mut out = if shown == total {
            format!("{on}: {}\n", tilings(total))
        } else {
            format!("{on}: {}, the first {shown} shown (--limit)\n", tilings(total))
        };
        for (k, t) in solved.shown.iter().enumerate() {
            out.push_str(&format!("\ntiling {}:\n{}", k + 1, render::calendar::board(&variant, Some(t))));
        }
        print(&out)?;
    } else {
        let first = render::calendar::board(&variant, solved.shown.first());
        print(&format!("{on}: the first of {} (--all shows every one):\n{first}", tilings(total)))?;
    }
    Ok(if solved.shown.is_empty() { ExitCode::NotUnique } else { ExitCode::Ok })
}

fn every_date(variant: &Variant, every: &EveryDate, json_out: bool) -> Result<ExitCode, CliError> {
    let counts = &every.counts;
    let unsolvable: Vec<String> = every.unsolvable.iter().map(|d| d.to_string()).collect();
    let fewest = every.fewest.map(|(d, n)| (d.to_string(), n));
    let most = every.most.map(|(d, n)| (d.to_string(), n));
    if json_out {
        let record = every.record(variant);
        print(&format!("{}\n", serde_json::to_string(&record).expect("a record serializes")))?;
        return Ok(ExitCode::Ok);
    }
    let mut out = format!(
        "Every month/day{} combination on {}:\n",
        if variant.has_weekdays() { "/weekday" } else { "" },
        calendar::describe(variant)
    );
    out.push_str(&format!(
        "{} combinations, {}; {} tilings in all; {} over the {} real dates\n",
        thousands(counts.len() as u64),
        if unsolvable.is_empty() {
            "every one solvable".to_string()
        } else {
            format!("{} with no tiling ({})", unsolvable.len(), unsolvable.join(", "))
        },
        thousands(every.total),
        thousands(every.real_total),
        every.real_dates
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
    out.push_str(&format!("{:.2} s, every tiling checked\n\n", every.elapsed.as_secs_f64()));
    // One line per month and day; with weekdays, a column per weekday.
    let per_line = if variant.has_weekdays() { 7 } else { 1 };
    let header: String =
        if per_line == 7 { WEEKDAYS.iter().map(|w| format!("{w:>7}")).collect() } else { format!("{:>7}", "tilings") };
    out.push_str(&format!("{:<8}{header}\n", "date"));
    for line in counts.chunks(per_line) {
        let date = line[0].0;
        let mark = if date.is_real() { ' ' } else { '*' };
        let name = format!("{} {}{mark}", MONTHS[date.month as usize - 1], date.day);
        let cells: String = line.iter().map(|(_, n)| format!("{n:>7}")).collect();
        out.push_str(&format!("{name:<8}{cells}\n"));
    }
    out.push_str("* no such date in any year\n");
    print(&out)?;
    Ok(ExitCode::Ok)
}
