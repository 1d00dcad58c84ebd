//! `aquarchive-bench import`: puzzles imported per second (validated,
//! solved with uniqueness proved, stored with their solutions) into a fresh
//! database, with solving and storing timed apart.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use aquarchive::archive::import::{self, Candidate, Format};
use aquarchive::archive::kinds::AnyPuzzle;
use aquarchive::engine::Settings;
use aquarchive::kinds::Kind;
use aquarchive::kinds::aquarium::{self, GenerateSettings};
use aquarchive::rng::Rng;
use aquarchive_store::{Access, Filter, Store};

use crate::args::{GeneratedPuzzlesArgs, ImportBenchArgs};
use crate::error::BenchError;
use crate::output::print;
use crate::table;

/// A directory of the benchmark's own (a fresh one, private to this
/// process, under the temp directory), removed with all in it when done:
/// the databases and files a benchmark writes go there.
pub(crate) struct Scratch(tempfile::TempDir);

impl Scratch {
    pub(crate) fn new() -> Result<Scratch, BenchError> {
        let dir = tempfile::Builder::new()
            .prefix("aquarchive-bench-")
            .tempdir()
            .map_err(|source| BenchError::Io { path: std::env::temp_dir().display().to_string(), source })?;
        Ok(Scratch(dir))
    }

    pub(crate) fn join(&self, name: &str) -> std::path::PathBuf {
        self.0.path().join(name)
    }
}

/// The puzzles `args` asks for, the same for the same seed, made in
/// parallel, and what they are in words for the table's title.
pub(crate) fn generated(args: &GeneratedPuzzlesArgs) -> (Vec<Candidate>, String) {
    let GeneratedPuzzlesArgs { count, size, seed } = *args;
    let n = usize::from(size);
    let what = format!("{count} generated {n}x{n} puzzles (seed {seed})");
    let puzzles = (0..count)
        .into_par_iter()
        .map(|i| {
            Candidate::plain(
                format!("generated seed {seed} #{i}"),
                Ok(AnyPuzzle::Aquarium(
                    aquarium::generate(&mut Rng::for_item(seed, i as u64), GenerateSettings::square(n)).puzzle,
                )),
            )
        })
        .collect();
    (puzzles, what)
}

pub fn run(args: ImportBenchArgs) -> Result<(), BenchError> {
    let start = Instant::now();
    let (candidates, what) = match &args.from {
        Some(path) => (import::read_file(path, Format::Auto, Some(Kind::Aquarium))?, path.display().to_string()),
        None => generated(&args.generated),
    };
    let prepared = start.elapsed();
    let total = candidates.len() as u64;
    let scratch = Scratch::new()?;
    let mut store = Store::open(&scratch.join("import.sqlite"), Access::ReadWrite)?;
    let start = Instant::now();
    let first = import::import(&mut store, candidates.clone(), Settings::default(), &|_| {})?;
    let first_wall = start.elapsed();
    let start = Instant::now();
    let again = import::import(&mut store, candidates, Settings::default(), &|_| {})?;
    let again_wall = start.elapsed();
    // The rows just stored, written again into a second fresh database with
    // no solving alongside: what SQLite alone costs.
    let rows: Vec<_> = store.puzzles(&Filter::default())?.into_iter().map(|p| (p.record, p.solution)).collect();
    let mut second = Store::open(&scratch.join("alone.sqlite"), Access::ReadWrite)?;
    let start = Instant::now();
    for batch in rows.chunks(import::CHUNK) {
        second.add(batch)?;
    }
    let alone_wall = start.elapsed();
    let rate =
        |d: Duration| if d.is_zero() { "-".to_string() } else { format!("{:.0}", total as f64 / d.as_secs_f64()) };
    let row = |phase: &str, d: Duration| {
        vec![phase.to_string(), total.to_string(), format!("{:.3}", d.as_secs_f64()), rate(d)]
    };
    let rows = vec![
        ["phase", "puzzles", "wall s", "puzzles/s"].map(String::from).to_vec(),
        row("import: validate + solve (rayon)", first.solve_time),
        row("import: store (SQLite, one transaction per chunk, beside the solver)", first.store_time),
        row("import: total (store overlaps solve; incl. parse checks)", first_wall),
        row("import again: all already present", again_wall),
        row("store alone: the same rows into a fresh database", alone_wall),
    ];
    let mut out = table::render(
        &format!(
            "Import of {what} into a fresh database, {} threads, chunks of {} (read or generated in {:.2} s, not counted):",
            rayon::current_num_threads(),
            import::CHUNK,
            prepared.as_secs_f64()
        ),
        &rows,
    );
    out.push_str(&format!("{}\nagain: {}\n", first.line(), again.line()));
    print(&out)?;
    Ok(())
}
