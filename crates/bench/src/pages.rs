//! `aquarchive-bench pages`: saved pages stored as `import` stores them
//! (snapshot, fetch record, the puzzle read, judged and kept), a kind whose
//! puzzles are solved beside one kept without a solver, in one run.
//!
//! Every page is the real page of the publisher's engine in
//! tests/fixtures/pages/real-2025 (a 25x25 Light Up puzzle of the `fr.`
//! mirror), its game's `ident`, puzzle ID, size, task and hash put in for
//! each puzzle: the same bytes to keep for every kind, so what differs is
//! the kind's own work. Aquarium's puzzles are generated (seeded, 15x15,
//! each different), their hash made from their task and answer as the
//! site's is, so each is solved, proved unique and its hash confirmed.
//! Yin-yang's (no solver yet) are a real puzzle's task turned by one
//! character a page, so that each is a new puzzle.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use aquarchive::archive::page::{Outcome, import_page};
use aquarchive::engine::Settings;
use aquarchive::kinds::aquarium::{self, GenerateSettings};
use aquarchive::rng::Rng;
use aquarchive::shared::HashCheck;
use aquarchive_site::answer::answer_hash;
use aquarchive_store::{Access, Store};

use crate::args::{PagesBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::import::Scratch;
use crate::output::{print, read_input};
use crate::table::render;

const PAGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/pages/real-2025/fr.puzzle-light-up.com_25x25-hard_9756737_2025-12-08.html"
);
const FAMILY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/family/states.jsonl");

/// One page's puzzle: its kind's name (as the game's `ident` gives it),
/// size, task and the site's hash.
struct PagePuzzle {
    kind: &'static str,
    side: usize,
    task: String,
    hashed: String,
}

pub fn run(args: PagesBenchArgs) -> Result<(), BenchError> {
    let page = read_input(PAGE)?;
    let needles =
        ["ident: 'light-up.11'", "plSize = 11", "9,756,737", "puzzleWidth: 25", "var task = '", "hashedSolution: '"];
    for needle in needles {
        if !page.contains(needle) {
            return Err(BenchError::Message(format!(
                "{}: the page no longer holds `{needle}`",
                relative_to_repository(PAGE)
            )));
        }
    }
    let count = args.count.max(1);
    let aquariums: Vec<PagePuzzle> = (0..count)
        .into_par_iter()
        .map(|i| {
            let made = aquarium::generate(&mut Rng::for_item(args.seed, i as u64), GenerateSettings::square(15));
            let task = made.puzzle.to_task();
            let hashed = answer_hash(&task, &made.solution.to_answer());
            PagePuzzle { kind: "aquarium", side: 15, task, hashed }
        })
        .collect();
    // Every kind of the fixtures is read, so the kept kind's pages carry a
    // real task of the engine (the fixtures' first yin-yang) under slant's name: a kept
    // task is stored as it came, never read.
    let real = real_task(&read_input(FAMILY)?, "yin-yang")?;
    let kept: Vec<PagePuzzle> = (0..count)
        .map(|i| {
            let turn = i % real.0.len();
            let task = format!("{}{}", &real.0[turn..], &real.0[..turn]);
            // Different tasks of one length: a page count larger than the
            // task's length repeats none, as the ID and its size change.
            let task = if i >= real.0.len() { format!("{task}{i}") } else { task };
            PagePuzzle { kind: "slant", side: real.1, task, hashed: real.2.clone() }
        })
        .collect();

    let scratch = Scratch::new()?;
    let mut rows =
        vec![["kind", "pages", "hash check", "median ms", "mean ms", "per second"].map(String::from).to_vec()];
    // Aquarium's are solved and their hashes confirmed; slant's are kept
    // with their hash check pending until a solver lands.
    for (puzzles, expected) in [(&aquariums, HashCheck::Match), (&kept, HashCheck::Pending)] {
        let kind = puzzles[0].kind;
        let path = scratch.join(&format!("{kind}.sqlite"));
        let mut store = Store::open(&path, Access::ReadWrite)?;
        let mut times = Vec::with_capacity(puzzles.len());
        for (i, puzzle) in puzzles.iter().enumerate() {
            let bytes = page_of(&page, puzzle, 10_000_000 + i as u64).into_bytes();
            let saved = scratch.join(&format!("{kind}-{i}.html"));
            let start = Instant::now();
            let report = import_page(&mut store, &saved, bytes, Settings::default())?;
            times.push(start.elapsed());
            if !matches!(report.outcome, Outcome::New(_)) || report.hash_check != Some(expected) {
                return Err(BenchError::Message(format!(
                    "{kind} page {i}: stored as {:?}, its hash check {:?}, not a new puzzle and {expected:?}",
                    report.outcome, report.hash_check
                )));
            }
        }
        let total: Duration = times.iter().sum();
        times.sort();
        let ms = |d: Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
        rows.push(vec![
            kind.to_string(),
            times.len().to_string(),
            format!("{expected:?}").to_lowercase(),
            ms(times[times.len() / 2]),
            ms(total / times.len() as u32),
            format!("{:.0}", times.len() as f64 / total.as_secs_f64()),
        ]);
    }
    print(&render(
        &format!("Saved pages stored one by one ({count} a kind, a new archive each; the real page's bytes)"),
        &rows,
    ))
}

/// The first real puzzle of `kind` in the family's file: its task, side and hash.
fn real_task(text: &str, kind: &str) -> Result<(String, usize, String), BenchError> {
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| BenchError::Message(format!("{}: {e}", relative_to_repository(FAMILY))))?;
        if value["kind"] == kind {
            let field = |name: &str| value[name].as_str().unwrap_or_default().to_string();
            // A cell a character of its answer, on a square grid.
            let side = (field("answer").len() as f64).sqrt() as usize;
            return Ok((field("task"), side, field("hashed_solution")));
        }
    }
    Err(BenchError::Message(format!("{}: no {kind} puzzle", relative_to_repository(FAMILY))))
}

/// The real page with `puzzle` put in: its game's ident (kind and class)
/// and the class of its form, its puzzle ID, size, task and hash.
fn page_of(page: &str, puzzle: &PagePuzzle, id: u64) -> String {
    let task_at = page.find("var task = '").expect("checked") + "var task = '".len();
    let task_end = task_at + page[task_at..].find('\'').expect("a task ends");
    let hash_at = page.find("hashedSolution: '").expect("checked") + "hashedSolution: '".len();
    let mut out = String::with_capacity(page.len() + puzzle.task.len());
    out.push_str(&page[..task_at]);
    out.push_str(&puzzle.task);
    out.push_str(&page[task_end..hash_at]);
    out.push_str(&puzzle.hashed);
    out.push_str(&page[hash_at + 32..]);
    let side = puzzle.side.to_string();
    // Class 8 is a normal class of both kinds' sites (15x15-hard on
    // Aquarium's): a puzzle of it is kept by its ID, as a special is not.
    out.replace("ident: 'light-up.11'", &format!("ident: '{}.8'", puzzle.kind))
        .replace("plSize = 11", "plSize = 8")
        .replace("name=\"size\" value=\"11\"", "name=\"size\" value=\"8\"")
        .replace("puzzleWidth: 25", &format!("puzzleWidth: {side}"))
        .replace("puzzleHeight: 25", &format!("puzzleHeight: {side}"))
        .replace("9,756,737", &id.to_string())
}
