//! Another archive merged into this one (`import OTHER.sqlite`): a real
//! archive (the version 1 fixture: puzzles of every kind, pages, fetch
//! records, a reading) with bytes changed, or any bytes that start as an
//! SQLite file. Never a panic; the other file is never changed; and
//! whatever the merge stored passes `verify` and SQLite's integrity check.
//! Input: pairs of (offset, 4 bytes little-endian; byte) changes to the
//! fixture, or a whole file when it starts with SQLite's header.
#![no_main]

use std::path::PathBuf;

use aquarchive::archive::merge::merge;
use aquarchive::archive::verify::verify;
use aquarchive_store::{Access, Filter, Store};
use libfuzzer_sys::fuzz_target;

const FIXTURE: &[u8] = include_bytes!("../../tests/fixtures/archive/v1/archive.sqlite");

/// This process's own folder for the two archives.
fn folder() -> PathBuf {
    let folder = std::env::temp_dir().join(format!("aquarchive-fuzz-other-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temp folder");
    folder
}

/// The file the input describes (see the module's comment).
fn other_file(data: &[u8]) -> Vec<u8> {
    if data.starts_with(b"SQLite format 3\0") {
        return data.to_vec();
    }
    let mut file = FIXTURE.to_vec();
    for change in data.chunks_exact(5) {
        let at = u32::from_le_bytes(change[..4].try_into().expect("4 bytes")) as usize % file.len();
        file[at] = change[4];
    }
    file
}

fuzz_target!(|data: &[u8]| {
    let folder = folder();
    let (other, db) = (folder.join("other.sqlite"), folder.join("archive.sqlite"));
    for side in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{side}", db.display()));
        let _ = std::fs::remove_file(format!("{}{side}", other.display()));
    }
    let bytes = other_file(data);
    std::fs::write(&other, &bytes).expect("write the other archive");
    let mut store = Store::open(&db, Access::ReadWrite).expect("a fresh archive");
    // Refused whole (not ours, damaged, not our schema) or merged in part:
    // either way nothing of it is written.
    let _ = merge(&mut store, &other);
    assert!(std::fs::read(&other).expect("the other archive is there") == bytes, "the other archive was changed");
    store.check_integrity().expect("the archive merged into is sound");
    let checked = verify(&store.into(), &Filter::default()).expect("the archive verifies");
    assert!(checked.mismatches.is_empty(), "a merged record fails verify: {:?}", checked.mismatches);
});
