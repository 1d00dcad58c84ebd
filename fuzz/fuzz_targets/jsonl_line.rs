//! JSON lines from elsewhere (`import FILE.jsonl`): any bytes, read as a
//! stream into a fresh archive. Never a panic; every line that is not blank
//! is counted once (stored, found present, or refused by its number), and
//! whatever was stored passes `verify` (its text read by its kind, every
//! solution by the kind's verifier).
#![no_main]

use std::path::PathBuf;

use aquarchive::archive::jsonl;
use aquarchive::archive::verify::verify;
use aquarchive_store::{Access, Filter, Store};
use libfuzzer_sys::fuzz_target;

/// This process's own folder for the input file and the archive.
fn folder() -> PathBuf {
    let folder = std::env::temp_dir().join(format!("aquarchive-fuzz-jsonl-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temp folder");
    folder
}

/// The lines the import counts: not blank once the byte-order mark of the
/// first and the line ends are taken off.
fn counted_lines(data: &[u8]) -> u64 {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if data.ends_with(b"\n") || data.is_empty() {
        lines.pop();
    }
    let mut counted = 0;
    for (n, line) in lines.into_iter().enumerate() {
        let line = if n == 0 { line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line) } else { line };
        let blank = std::str::from_utf8(line).is_ok_and(|l| l.trim().is_empty());
        counted += u64::from(!blank);
    }
    counted
}

fuzz_target!(|data: &[u8]| {
    let folder = folder();
    let input = folder.join("lines.jsonl");
    let db = folder.join("archive.sqlite");
    for side in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{side}", db.display()));
    }
    std::fs::write(&input, data).expect("write the input");
    let mut store = Store::open(&db, Access::ReadWrite).expect("a fresh archive");
    let report = jsonl::import(&mut store, &input).expect("only the archive's own faults are errors");
    let t = &report.puzzles;
    let told = t.new + t.present + t.completed + t.replaced.len() as u64 + t.conflicts.len() as u64 + t.refused.len() as u64;
    assert_eq!(told, counted_lines(data), "every line counted once: {t:?}");
    let checked = verify(&store.into(), &Filter::default()).expect("the archive verifies");
    assert!(checked.mismatches.is_empty(), "a stored record fails verify: {:?}", checked.mismatches);
});
