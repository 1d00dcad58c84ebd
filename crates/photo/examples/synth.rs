//! Writes a generated photo of a solved board, as the reader's tests and
//! benchmark make them: `synth BOARD SEED OUT.jpg` (BOARD `standard` or
//! `weekday`), taken by a phone's camera ([`Camera::PHONE`]). It prints
//! the date the photo shows. The same seed gives the same board, date and
//! tiling in every version.
//!
//! ```sh
//! cargo run --release -p aquarchive-photo --example synth -- standard 7 board.jpg
//! ```

use std::process::ExitCode;

use aquarchive_kinds::calendar::Variant;
use aquarchive_photo::synth::{self, Camera};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, seed, out] = args.as_slice() else {
        eprintln!("usage: synth BOARD SEED OUT.jpg (BOARD: standard or weekday)");
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
    let photo = synth::photo(&variant, seed, &Camera::PHONE);
    if let Err(e) = std::fs::write(out, &photo.jpeg) {
        eprintln!("synth: {out}: {e}");
        return ExitCode::from(2);
    }
    println!("{out}: {} on the {board} board, {} bytes", photo.date, photo.jpeg.len());
    ExitCode::SUCCESS
}
