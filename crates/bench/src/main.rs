//! `aquarchive-bench`: the timing tables behind docs/benchmarks.md, each
//! setting side by side in one run. A tool of the source tree, not of the
//! installed `aquarchive`: its defaults read the repository's fixtures.
//!
//! `cargo run --release -p aquarchive-bench -- <aquarium|aquarium-random|aquarium-settings|sudoku|calendar|ring|family|peers|pages|import|export|grade-aquarium|photo>`

#![forbid(unsafe_code)]

mod aquarium;
mod aquarium_random;
mod aquarium_settings;
mod args;
mod calendar;
mod compared;
mod error;
mod export;
mod family;
mod grade_aquarium;
mod import;
mod output;
mod pages;
mod peer;
mod peers;
mod photo;
mod ring;
mod searches;
mod sudoku;
mod table;

use clap::Parser;

use args::{Cli, Command};

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // clap prints help and version to stdout and exits 0 for them.
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            std::process::exit(code);
        }
    };
    let result = match cli.command {
        Command::Aquarium(args) => aquarium::run(args),
        Command::AquariumRandom(args) => aquarium_random::run(args),
        Command::AquariumSettings(args) => aquarium_settings::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Calendar(args) => calendar::run(args),
        Command::Ring(args) => ring::run(args),
        Command::Family(args) => family::run(args),
        Command::Pages(args) => pages::run(args),
        Command::Peers(args) => peers::run(args),
        Command::Import(args) => import::run(args),
        Command::Export(args) => export::run(args),
        Command::GradeAquarium(args) => grade_aquarium::run(args),
        Command::Photo(args) => photo::run(args),
    };
    let code = match result {
        Ok(()) => 0,
        Err(err) if output::is_broken_pipe(&err) => 0,
        Err(err) => {
            eprintln!("aquarchive-bench: {err}");
            2
        }
    };
    std::process::exit(code);
}
