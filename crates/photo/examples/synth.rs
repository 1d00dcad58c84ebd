//! Writes a generated photo of a solved board, as the reader's tests and
//! benchmark make them: `synth BOARD SEED OUT.jpg [DISTORTION=LEVEL ...]`
//! (BOARD `standard` or `weekday`), taken by a phone's camera
//! ([`Camera::PHONE`]) with each named distortion at its strength (0 to 3,
//! as the benchmark's rows: `perspective`, `acrylic`, `printed`,
//! `backdrop`, `standing`, `strip`, `lookalike`, `sidelight`, `hairline`,
//! ...); OUT ending in `.png` is written as a PNG, to look at. It
//! prints the date the photo shows. The same seed and distortions give the
//! same board, date, tiling and photo in every version.
//!
//! ```sh
//! cargo run --release -p aquarchive-photo --example synth -- standard 7 board.jpg
//! cargo run --release -p aquarchive-photo --example synth -- weekday 3 lean.jpg standing=3 strip=2
//! ```

use std::process::ExitCode;

use aquarchive_kinds::calendar::Variant;
use aquarchive_photo_synth::{self as synth, Camera, Distortion};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, seed, out, distortions @ ..] = args.as_slice() else {
        eprintln!("usage: synth BOARD SEED OUT.jpg [DISTORTION=LEVEL ...] (BOARD: standard or weekday)");
        return ExitCode::from(2);
    };
    let Some(variant) = Variant::built_in(board) else {
        eprintln!("synth: no built-in board `{board}`: there are standard and weekday");
        return ExitCode::from(2);
    };
    let Ok(seed) = seed.parse::<u64>() else {
        eprintln!("synth: the seed `{seed}` is not a whole number");
        return ExitCode::from(2);
    };
    let mut camera = Camera::PHONE;
    for given in distortions {
        let parsed = given.split_once('=').and_then(|(name, level)| {
            let distortion = Distortion::ALL.into_iter().find(|d| d.name() == name)?;
            let level = level.parse::<usize>().ok().filter(|&l| l < Camera::LEVELS)?;
            Some((distortion, level))
        });
        let Some((distortion, level)) = parsed else {
            let names: Vec<&str> = Distortion::ALL.iter().map(|d| d.name()).collect();
            eprintln!("synth: `{given}` is not DISTORTION=LEVEL (LEVEL 0 to 3; {})", names.join(", "));
            return ExitCode::from(2);
        };
        camera = camera.with(distortion, level);
    }
    let photo = synth::photo(&variant, seed, &camera);
    let bytes = if out.ends_with(".png") {
        let image = image::load_from_memory(&photo.jpeg).expect("the generated JPEG decodes");
        let mut png = Vec::new();
        image.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).expect("encoding to memory");
        png
    } else {
        photo.jpeg.clone()
    };
    if let Err(e) = std::fs::write(out, &bytes) {
        eprintln!("synth: {out}: {e}");
        return ExitCode::from(2);
    }
    println!("{out}: {} on the {board} board, {} bytes", photo.date, bytes.len());
    ExitCode::SUCCESS
}
