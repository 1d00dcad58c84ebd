//! `aquarchive calendar read PHOTO...`: photos of solved calendar boards
//! read into the board, the tiling and the date, one at a time, each stored
//! as soon as it is read with `--import`.

use aquarchive::archive::Access;
use aquarchive::archive::calendar::{self, Variant};
use aquarchive::archive::reading::{self, PhotoNotRead, PhotoOptions, PhotoOutcome, PhotoRead};
use aquarchive::render;

use super::tilings;
use crate::cli::args::{CalendarReadArgs, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::picture::Pictures;

pub fn run(args: CalendarReadArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let boards: Vec<Variant> = match (&args.board, args.weekday, args.standard) {
        (Some(path), _, _) => vec![calendar::board_file(path)?],
        (None, true, _) => vec![calendar::built_in("weekday")?],
        (None, _, true) => vec![calendar::built_in("standard")?],
        (None, false, false) => vec![calendar::built_in("standard")?, calendar::built_in("weekday")?],
    };
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    // Ctrl-C stops after the photo at hand, read and stored.
    crate::cli::interrupt::stop_between_steps(if args.import {
        "stopped at once: the readings stored before are kept; run the same command again to finish (a reading \
         stored already is said to be so)"
    } else {
        "stopped at once: the photos said above were read, the others not"
    });
    // The archive is opened before the first photo: a bad config or
    // archive fails before any reading.
    let mut store = if args.import { Some(Context::load(global)?.open(Access::ReadWrite)?) } else { None };
    let several = args.photos.len() > 1;
    let options = PhotoOptions { boards, small: pictures.wanted() };
    let mut code = ExitCode::Ok;
    let mut number = 0;
    let batch = reading::read_photos(&args.photos, &options, store.as_mut(), |outcome| {
        number += 1;
        match outcome {
            PhotoOutcome::Read(read) => said_read(&read, &args, &pictures, several.then_some(number)),
            PhotoOutcome::NotRead(not_read) => {
                code = code.worst(ExitCode::Error);
                said_not_read(&not_read, args.json)
            }
        }
    })?;
    if batch.interrupted {
        let stored = if args.import { format!(", {} stored now", batch.stored) } else { String::new() };
        say!(
            "aquarchive: interrupted: {} of {} photos dealt with ({} read{stored}); the photos after them were not \
             read",
            batch.read + batch.not_read,
            args.photos.len(),
            batch.read,
        );
        return Ok(crate::cli::interrupt::stopped_code());
    }
    Ok(code)
}

/// Says what a photo was read as (and draws it), then what storing it did.
fn said_read(
    read: &PhotoRead,
    args: &CalendarReadArgs,
    pictures: &Pictures,
    number: Option<usize>,
) -> Result<(), CliError> {
    let PhotoRead { photo: shown, reading, tilings: count, small, stored } = read;
    let (variant, date) = (&reading.variant, reading.date);
    if let Some(small) = small {
        let title = format!("{shown}: {date} on the {} board", variant.name());
        let drawing =
            render::svg::calendar::reading(variant, &reading.tiling, &title, &small.jpeg, small.size, &small.outline);
        pictures.write(&drawing, number)?;
    }
    if pictures.to_stdout() {
        // Standard output holds the pictures alone.
    } else if args.json {
        print(&format!("{}\n", serde_json::to_string(&read.record()).expect("a record serializes")))?;
    } else {
        let how = match reading.corrected {
            None => "read as seen".to_string(),
            Some(n) => format!(
                "corrected: the pieces seen did not fit the piece set, so this is the nearest of the date's tilings \
                 ({n} cell side{} differ from what was seen)",
                if n == 1 { "" } else { "s" }
            ),
        };
        print(&format!(
            "{shown}: {date} on the {} board, {how}; one of {} (checked by the verifier):\n{}",
            variant.name(),
            tilings(*count),
            render::calendar::board(variant, Some(&reading.tiling))
        ))?;
    }
    let Some(stored) = stored else { return Ok(()) };
    let others =
        || format!("{} other {}", render::thousands(count - 1), if *count == 2 { "tiling" } else { "tilings" });
    let line = match (stored.new_puzzle, stored.new_reading) {
        (_, false) => {
            format!("{shown}: the archive has this photo's reading of {date} already (puzzle {})", stored.puzzle)
        }
        (true, true) => format!(
            "{shown}: stored as puzzle {}, {date} on the {} board, with the tiling read; the date has {}",
            stored.puzzle,
            variant.name(),
            others()
        ),
        (false, true) => format!(
            "{shown}: the tiling read stored beside puzzle {} ({date}, in the archive already); the date has {}",
            stored.puzzle,
            others()
        ),
    };
    if args.json {
        say!("{line}");
    } else {
        print(&format!("{line}\n"))?;
    }
    Ok(())
}

/// Says why a photo was not read: on standard error, with what would read
/// better, and with `--json` as a record of its own.
fn said_not_read(not_read: &PhotoNotRead, json_out: bool) -> Result<(), CliError> {
    let PhotoNotRead { photo, why } = not_read;
    let advice = why.advice();
    if json_out {
        print(&format!("{}\n", serde_json::to_string(&not_read.record()).expect("a record serializes")))?;
    } else {
        match advice {
            Some(advice) => say!("aquarchive: {photo}: {why}\n  a better photo: {advice}"),
            None => say!("aquarchive: {photo}: {why}"),
        }
    }
    Ok(())
}
