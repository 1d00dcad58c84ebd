//! `aquarchive-bench photo`: the share of generated calendar photos read
//! exactly (tiling and date) by the strength of each distortion of the
//! camera or the scene, the others held at a phone's, with the time per
//! photo; and the real photos of a folder: the one given, or the shared
//! fixtures beside the repository when they are there.

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use aquarchive::kinds::calendar::Variant;
use aquarchive::photo;
use aquarchive_photo_synth::{self as synth, Camera, Distortion};

use crate::args::PhotoBenchArgs;
use crate::error::BenchError;
use crate::output::print;
use crate::table::render;

fn boards() -> [Variant; 2] {
    ["standard", "weekday"].map(|name| Variant::built_in(name).expect("a built-in board"))
}

pub fn run(args: PhotoBenchArgs) -> Result<(), BenchError> {
    let boards = boards();
    let mut rows = vec![
        ["distortion", "strength", "exact", "corrected", "refused", "wrong", "ms/photo", "photo px"]
            .map(String::from)
            .to_vec(),
    ];
    for name in &args.only {
        if !Distortion::ALL.iter().any(|d| d.name() == name) {
            let names: Vec<&str> = Distortion::ALL.iter().map(|d| d.name()).collect();
            return Err(BenchError::Message(format!("--only: no distortion `{name}`; there are {}", names.join(", "))));
        }
    }
    let chosen = |d: &Distortion| args.only.is_empty() || args.only.iter().any(|name| name == d.name());
    // The phone's row, unless only some distortions are asked for.
    let mut cases: Vec<(Distortion, usize)> =
        if args.only.is_empty() { vec![(Distortion::Jpeg, usize::MAX)] } else { Vec::new() };
    for distortion in Distortion::ALL.into_iter().filter(chosen) {
        for level in 0..Camera::LEVELS {
            cases.push((distortion, level));
        }
    }
    for (distortion, level) in cases {
        let phone = level == usize::MAX;
        let camera = if phone { Camera::PHONE } else { Camera::PHONE.with(distortion, level) };
        // Made in parallel, not timed; read one at a time, timed.
        let photos: Vec<(usize, synth::Synthetic)> = (0..args.per_level)
            .into_par_iter()
            .map(|k| {
                let board = (k % 2) as usize;
                (board, synth::photo(&boards[board], args.seed + k, &camera))
            })
            .collect();
        let (mut exact, mut corrected, mut refused, mut wrong) = (0, 0, 0, 0);
        let mut pixels = 0;
        let start = Instant::now();
        for (board, made) in &photos {
            match photo::read(&made.jpeg, &boards) {
                Ok(reading) => {
                    let right = reading.variant.name() == boards[*board].name()
                        && reading.date == made.date
                        && reading.tiling == made.tiling;
                    match (right, reading.corrected) {
                        (true, None) => exact += 1,
                        (true, Some(_)) => corrected += 1,
                        (false, _) => wrong += 1,
                    }
                }
                Err(_) => refused += 1,
            }
            if let Ok((w, h)) = image_size(&made.jpeg) {
                pixels = pixels.max(w.max(h));
            }
        }
        let per = start.elapsed().as_secs_f64() * 1e3 / photos.len() as f64;
        let n = photos.len() as f64;
        let share = |k: i32| format!("{:.0}%", 100.0 * f64::from(k) / n);
        rows.push(vec![
            if phone { "none (a phone's)".to_string() } else { distortion.name().to_string() },
            if phone { "-".to_string() } else { format!("{level}: {}", distortion.describe(level)) },
            share(exact),
            share(corrected),
            share(refused),
            share(wrong),
            format!("{per:.0}"),
            format!("up to {pixels}"),
        ]);
    }
    let title = format!(
        "Generated calendar photos read ({} per row, boards standard and weekday alternating, seeds from {}); \
         each distortion at strengths 0 to 3, the others at a phone's (perspective {}, rotation up to {} deg, \
         {} px/cell, blur {}, noise {}, vignetting {}, JPEG {}; a wooden board on a plain table):",
        args.per_level,
        args.seed,
        Camera::PHONE.perspective,
        Camera::PHONE.rotation,
        Camera::PHONE.cell_px,
        Camera::PHONE.blur,
        Camera::PHONE.noise,
        Camera::PHONE.vignetting,
        Camera::PHONE.jpeg_quality
    );
    print(&render(&title, &rows))?;
    print("\n")?;
    match &args.real {
        Some(dir) => real(dir, &boards),
        None if !args.only.is_empty() => Ok(()),
        None => print(
            "Real photos: none read; give --real DIR, a folder of photos with a README.md naming each one's \
             board and tiling (real photos are kept out of the repository: their licences are unknown).\n",
        ),
    }
}

fn image_size(jpeg: &[u8]) -> Result<(u32, u32), ()> {
    // The JPEG's frame header holds its size; the reader decodes it anyway.
    let mut k = 2;
    while k + 9 < jpeg.len() {
        if jpeg[k] != 0xFF {
            return Err(());
        }
        let marker = jpeg[k + 1];
        let length = usize::from(u16::from_be_bytes([jpeg[k + 2], jpeg[k + 3]]));
        if (0xC0..=0xC3).contains(&marker) {
            let h = u16::from_be_bytes([jpeg[k + 5], jpeg[k + 6]]);
            let w = u16::from_be_bytes([jpeg[k + 7], jpeg[k + 8]]);
            return Ok((u32::from(w), u32::from(h)));
        }
        k += 2 + length;
    }
    Err(())
}

/// A photo of the folder and what it shows, from its README.md: a `## NAME`
/// heading, a `- board: NAME ...` line (the name its first word), and the rows in a code block
/// (letters arbitrary); a photo without rows shows no solved board.
struct Truth {
    name: String,
    board: Option<String>,
    rows: Vec<String>,
}

fn truths(readme: &str) -> Vec<Truth> {
    let mut out: Vec<Truth> = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            out.push(Truth { name: name.trim().to_string(), board: None, rows: Vec::new() });
        } else if let Some(truth) = out.last_mut() {
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
            } else if in_block {
                truth.rows.push(line.trim().to_string());
            } else if let Some(rest) = line.trim().strip_prefix("- board:") {
                // The board's name, then perhaps what it is made of.
                truth.board = rest.split([',', ' ', '(']).find(|word| !word.is_empty()).map(str::to_string);
            }
        }
    }
    out
}

/// The rows with each piece renamed by first appearance, so that two
/// tilings compare as partitions of the board, whatever their letters.
fn canonical(rows: &[String]) -> Vec<String> {
    let mut names: Vec<char> = Vec::new();
    rows.iter()
        .map(|row| {
            row.chars()
                .map(|ch| {
                    if ch == '.' || ch == '-' {
                        return ch;
                    }
                    let k = names.iter().position(|&n| n == ch).unwrap_or_else(|| {
                        names.push(ch);
                        names.len() - 1
                    });
                    char::from(b'a' + k as u8)
                })
                .collect()
        })
        .collect()
}

fn real(dir: &Path, boards: &[Variant]) -> Result<(), BenchError> {
    let readme = dir.join("README.md");
    let Ok(text) = std::fs::read_to_string(&readme) else {
        return print(&format!("Real photos: {} is absent, so none were read.\n", readme.display()));
    };
    let mut rows = vec![
        ["photo", "board", "px", "read", "ms", "what was read", "turned a quarter (right / left)"]
            .map(String::from)
            .to_vec(),
    ];
    let (mut exact, mut solved, mut exact_turned) = (0, 0, 0);
    for truth in truths(&text) {
        let path = dir.join(&truth.name);
        let bytes =
            std::fs::read(&path).map_err(|source| BenchError::Io { path: path.display().to_string(), source })?;
        let start = Instant::now();
        let result = photo::read(&bytes, boards);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let expected = (!truth.rows.is_empty()).then(|| canonical(&truth.rows));
        solved += usize::from(expected.is_some());
        let (verdict, what, right) = judge(&result, &truth, expected.as_ref());
        exact += usize::from(right);
        // The same photo turned, as a phone may store it: the reader takes
        // a board at any turn, so it should read the same.
        let mut turns = Vec::new();
        for quarters in [1, 3] {
            let verdict = match turned(&bytes, quarters) {
                Ok(png) => {
                    let (verdict, _, right) = judge(&photo::read(&png, boards), &truth, expected.as_ref());
                    exact_turned += usize::from(right);
                    verdict.to_string()
                }
                Err(e) => format!("not turned: {e}"),
            };
            turns.push(verdict);
        }
        let px = image_size(&bytes).map_or_else(|()| "?".to_string(), |(w, h)| format!("{w} x {h}"));
        rows.push(vec![
            truth.name.clone(),
            truth.board.clone().unwrap_or_else(|| "-".to_string()),
            px,
            verdict.to_string(),
            format!("{ms:.0}"),
            what,
            turns.join(" / "),
        ]);
    }
    let title = format!(
        "Real photos in {}: {exact} of the {solved} solved boards read exactly; turned a quarter either way, {exact_turned} of {}:",
        dir.display(),
        2 * solved
    );
    print(&render(&title, &rows))
}

/// The verdict on one reading of a real photo, what was read, and whether
/// it is exactly the photo's board and tiling.
fn judge(
    result: &Result<photo::Reading, photo::ReadError>,
    truth: &Truth,
    expected: Option<&Vec<String>>,
) -> (&'static str, String, bool) {
    match (result, expected) {
        (Ok(reading), Some(expected)) => {
            let got = canonical(&reading.tiling.to_rows(&reading.variant));
            let right = reading.variant.name() == truth.board.as_deref().unwrap_or("") && &got == expected;
            let how = match reading.corrected {
                None => String::new(),
                Some(n) => format!(", corrected ({n} cell side{} unlike what was seen)", if n == 1 { "" } else { "s" }),
            };
            (
                if right { "exactly" } else { "wrongly" },
                format!("{} {}{how}", reading.variant.name(), reading.date),
                right,
            )
        }
        (Ok(reading), None) => {
            ("wrongly (no solved board)", format!("{} {}", reading.variant.name(), reading.date), false)
        }
        (Err(e), Some(_)) => ("refused", first_line(&e.to_string()), false),
        (Err(e), None) => ("refused, rightly", first_line(&e.to_string()), false),
    }
}

/// The photo turned `quarters` quarter turns clockwise, as a PNG: the same
/// pixels, with no second compression.
fn turned(bytes: &[u8], quarters: u8) -> Result<Vec<u8>, image::ImageError> {
    let image = image::load_from_memory(bytes)?;
    let image = match quarters % 4 {
        1 => image.rotate90(),
        2 => image.rotate180(),
        3 => image.rotate270(),
        _ => image,
    };
    let mut png = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)?;
    Ok(png)
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::{canonical, truths};

    #[test]
    fn a_readme_gives_each_photo_its_board_by_the_first_word_and_its_rows_by_their_partition() {
        let readme = "# Photos\n\n## a.jpg\n\n- board: standard (oak frame, red acrylic pieces), date shown: Jun 25\n\n\
                      ```\nAB.\nAB-\n```\n\n## b.jpg\n\n- board: weekday geometry, date shown: none\n\n## c.jpg\n\n\
                      - the empty board\n";
        let found = truths(readme);
        let seen: Vec<(&str, Option<&str>, usize)> =
            found.iter().map(|t| (t.name.as_str(), t.board.as_deref(), t.rows.len())).collect();
        assert_eq!(seen, [("a.jpg", Some("standard"), 2), ("b.jpg", Some("weekday"), 0), ("c.jpg", None, 0)]);
        // The same tiling under other letters is the same partition.
        let other = ["XY.".to_string(), "XY-".to_string()];
        assert_eq!(canonical(&found[0].rows), canonical(&other));
        assert_ne!(canonical(&found[0].rows), canonical(&["XX.".to_string(), "YY-".to_string()]));
    }
}
