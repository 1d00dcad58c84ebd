//! `aquarchive calendar read PHOTO...`: photos of solved calendar boards
//! read into the board, the tiling and the date.

use serde_json::json;

use aquarchive::archive::reading::store_reading;
use aquarchive::kinds::calendar::{self, Method, Variant};
use aquarchive::photo::{self, Reading};
use aquarchive::render;
use aquarchive::store::Access;

use super::board::{built_in, tilings, variant_file};
use crate::cli::args::{CalendarReadArgs, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::error::{CliError, Doing};
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::picture::Pictures;

pub fn run(args: CalendarReadArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let variants: Vec<Variant> = match (&args.board, args.weekday, args.standard) {
        (Some(path), _, _) => vec![variant_file(path)?],
        (None, true, _) => vec![built_in("weekday")?],
        (None, _, true) => vec![built_in("standard")?],
        (None, false, false) => vec![built_in("standard")?, built_in("weekday")?],
    };
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    let several = args.photos.len() > 1;
    let mut code = ExitCode::Ok;
    let mut readings: Vec<(String, Vec<u8>, Reading, u64)> = Vec::new();
    for (k, path) in args.photos.iter().enumerate() {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| CliError::Io { path: shown.clone(), source })?;
        let reading = match photo::read(&bytes, &variants) {
            Ok(reading) => reading,
            Err(err) => {
                code = code.worst(ExitCode::Error);
                let advice = err.advice();
                if args.json {
                    let record = json!({ "photo": shown, "valid": false, "error": err.to_string(), "advice": advice });
                    print(&format!("{record}\n"))?;
                } else {
                    eprintln!("aquarchive: {shown}: {err}\n  a better photo: {advice}");
                }
                continue;
            }
        };
        let variant = &reading.variant;
        let date = reading.date;
        // Every tiling of the date, counted and checked.
        let count = calendar::count_verified(variant, &date, Method::Bitboard)
            .doing(format!("counting the tilings of {date}"))?
            .solutions;
        if pictures.wanted() {
            let title = format!("{shown}: {date} on the {} board", variant.name());
            // The photo made small enough to embed, the outline with it.
            let small = photo::thumbnail(&bytes, 640).map_err(|e| CliError::Message(format!("{shown}: {e}")))?;
            let outline: Vec<(f64, f64)> =
                reading.outline.iter().map(|&(x, y)| (x / small.scale, y / small.scale)).collect();
            let size = (f64::from(small.width), f64::from(small.height));
            let drawing = render::svg::calendar::reading(variant, &reading.tiling, &title, &small.jpeg, size, &outline);
            pictures.write(&drawing, several.then_some(k + 1))?;
        }
        let rows = reading.tiling.to_rows(variant);
        if pictures.to_stdout() {
            // Standard output holds the pictures alone.
        } else if args.json {
            let record = json!({
                "photo": shown,
                "board": variant.name(),
                "date": date.to_string(),
                "tiling": rows,
                "valid": true,
                "corrected": reading.corrected.unwrap_or(0),
                "tilings": count,
                "outline": reading.outline.iter().map(|&(x, y)| [x.round(), y.round()]).collect::<Vec<_>>(),
            });
            print(&format!("{record}\n"))?;
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
                tilings(count),
                render::calendar::board(variant, Some(&reading.tiling))
            ))?;
        }
        readings.push((shown, bytes, reading, count));
    }
    if args.import && !readings.is_empty() {
        let context = Context::load(global)?;
        let mut store = context.open(Access::ReadWrite)?;
        for (shown, bytes, reading, count) in &readings {
            let rows = reading.tiling.to_rows(&reading.variant);
            let corrected = reading.corrected.unwrap_or(0) as u32;
            let date = reading.date.to_string();
            let stored = store_reading(&mut store, &reading.variant, reading.date, &rows, shown, bytes, corrected)?;
            let line = match (stored.new_puzzle, stored.new_reading) {
                (_, false) => format!(
                    "{shown}: the archive has this photo's reading of {date} already (puzzle {})",
                    stored.puzzle
                ),
                (true, true) => format!(
                    "{shown}: stored as puzzle {}, {date} on the {} board, with the tiling read; the date has {} other {}",
                    stored.puzzle,
                    reading.variant.name(),
                    render::thousands(count - 1),
                    if *count == 2 { "tiling" } else { "tilings" }
                ),
                (false, true) => format!(
                    "{shown}: the tiling read stored beside puzzle {} ({date}, in the archive already); the date has {} other {}",
                    stored.puzzle,
                    render::thousands(count - 1),
                    if *count == 2 { "tiling" } else { "tilings" }
                ),
            };
            if args.json {
                eprintln!("{line}");
            } else {
                print(&format!("{line}\n"))?;
            }
        }
    }
    Ok(code)
}
