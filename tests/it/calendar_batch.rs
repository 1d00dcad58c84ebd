//! `calendar read` of many photos: each read, reported and stored on its
//! own, one at a time, the batch going on past the photos it cannot read.

use std::cell::Cell;

use aquarchive::archive::Access;
use aquarchive::archive::Archive;
use aquarchive::archive::calendar::{self, CalendarOpError, Method, Variant};
use aquarchive::archive::reading::{PhotoOptions, PhotoOutcome, WhyNotRead, read_photos};
use aquarchive_photo_synth::{self as synth, Camera, Synthetic};

use crate::util::{Dir, query};

fn board(name: &str) -> Variant {
    calendar::built_in(name).unwrap()
}

/// Good photos of both boards, written into `dir` as `good-K.jpg`.
fn good_photos(dir: &Dir, seeds: &[u64]) -> Vec<(String, Synthetic, Variant)> {
    seeds
        .iter()
        .enumerate()
        .map(|(k, &seed)| {
            let variant = board(if k % 2 == 0 { "standard" } else { "weekday" });
            let photo = synth::photo(&variant, seed, &Camera::PHONE);
            let name = format!("good-{k}.jpg");
            dir.write(&name, &photo.jpeg);
            (name, photo, variant)
        })
        .collect()
}

/// The library takes the photos as they come: each photo's outcome (read
/// and stored, or why not) is handed on before the next photo is taken
/// from the iterator, so no photo's bytes wait for the batch's end.
#[test]
fn photos_are_read_and_stored_one_at_a_time_past_those_not_read() {
    let dir = Dir::new();
    let good = good_photos(&dir, &[71, 72]);
    dir.write("notes.jpg", "not a photo");
    let names = ["missing.jpg", "good-0.jpg", "notes.jpg", "good-1.jpg"];
    let paths: Vec<_> = names.iter().map(|n| dir.join(n)).collect();
    let db = dir.join("archive.sqlite");
    let mut store = Archive::open(&db, Access::ReadWrite).unwrap();
    let options = PhotoOptions { boards: vec![board("standard"), board("weekday")], small: true };
    let taken = Cell::new(0);
    let mut outcomes = Vec::new();
    let batch = read_photos(paths.iter().inspect(|_| taken.set(taken.get() + 1)), &options, Some(&mut store), |o| {
        outcomes.push(o);
        assert_eq!(taken.get(), outcomes.len(), "a photo's outcome comes before the next photo is taken");
        Ok::<(), CalendarOpError>(())
    })
    .unwrap();
    assert_eq!((batch.read, batch.not_read, batch.stored, batch.interrupted), (2, 2, 2, false));
    assert_eq!(outcomes.len(), 4);
    match &outcomes[0] {
        PhotoOutcome::NotRead(n) => {
            assert!(n.photo.ends_with("missing.jpg"), "{n:?}");
            assert!(matches!(n.why, WhyNotRead::File(_)) && n.why.advice().is_none(), "{n:?}");
        }
        other => panic!("missing.jpg was read: {other:?}"),
    }
    match &outcomes[2] {
        PhotoOutcome::NotRead(n) => {
            assert!(n.why.to_string().starts_with("not a picture"), "{n:?}");
            assert_eq!(n.why.advice(), Some("save the photo as a JPEG or a PNG"));
        }
        other => panic!("notes.jpg was read: {other:?}"),
    }
    for ((name, photo, variant), outcome) in good.iter().zip([&outcomes[1], &outcomes[3]]) {
        let PhotoOutcome::Read(read) = outcome else { panic!("{name} not read: {outcome:?}") };
        assert!(read.photo.ends_with(name.as_str()), "{}", read.photo);
        assert_eq!(read.reading.variant.name(), variant.name());
        assert_eq!((read.reading.date, &read.reading.tiling), (photo.date, &photo.tiling), "{name}");
        let counted = calendar::count(variant, &photo.date, Method::Bitboard).unwrap().tilings;
        assert_eq!(read.tilings, counted, "{name}");
        let small = read.small.as_ref().expect("made small, as asked");
        assert!(small.jpeg.starts_with(&[0xff, 0xd8]) && small.size.0.max(small.size.1) <= 640.0, "{name}");
        let stored = read.stored.as_ref().expect("stored, as asked");
        assert!(stored.new_puzzle && stored.new_reading, "{stored:?}");
    }
    drop(store);
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles WHERE kind = 'calendar'"), 2);
    assert_eq!(query(&db, "SELECT count(*) FROM calendar_readings"), 2);
}

#[test]
fn a_batch_through_the_binary_reports_every_photo_stores_every_good_one_and_exits_2() {
    let dir = Dir::new();
    let good = good_photos(&dir, &[81, 82, 83]);
    dir.write("notes.jpg", "not a photo");
    dir.write("table.jpg", synth::table(4, 640, 480, &Camera::PHONE));
    let photos = ["good-0.jpg", "missing.jpg", "good-1.jpg", "notes.jpg", "table.jpg", "good-2.jpg"];
    let args = [&["--db", "archive.sqlite", "calendar", "read", "--import"][..], &photos].concat();
    let run = dir.run(&args).expect_code(2);
    // Each photo not read, in one report naming it and why.
    assert!(run.stderr.contains("aquarchive: missing.jpg: No such file or directory"), "{run}");
    assert!(run.stderr.contains("aquarchive: notes.jpg: not a picture this reader knows"), "{run}");
    assert!(run.stderr.contains("aquarchive: table.jpg: no board found"), "{run}");
    // Each good one read and stored, said as it goes: its reading, then its storing.
    let db = dir.join("archive.sqlite");
    for (k, (name, photo, variant)) in good.iter().enumerate() {
        let read = format!("{name}: {} on the {} board, read as seen", photo.date, variant.name());
        let stored = format!("{name}: stored as puzzle {}, {} on the {} board", k + 1, photo.date, variant.name());
        let (read_at, stored_at) = (run.stdout.find(&read), run.stdout.find(&stored));
        assert!(read_at.is_some() && stored_at.is_some() && read_at < stored_at, "{name}: {run}");
        let rows = photo.tiling.to_rows(variant).join("\n");
        assert_eq!(query(&db, &format!("SELECT count(*) FROM calendar_readings WHERE tiling = '{rows}'")), 1);
    }
    assert_eq!(query(&db, "SELECT count(*) FROM calendar_readings"), 3);
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 3);

    // As JSON: a record a photo, in their order, those not read `valid: false`.
    let args = [&["--db", "archive.sqlite", "calendar", "read", "--json", "--import"][..], &photos].concat();
    let run = dir.run(&args).expect_code(2);
    let lines = run.json_lines();
    let said: Vec<(&str, bool)> =
        lines.iter().map(|l| (l["photo"].as_str().unwrap(), l["valid"].as_bool().unwrap())).collect();
    let valid = [true, false, true, false, false, true];
    assert_eq!(said, photos.iter().copied().zip(valid).collect::<Vec<_>>(), "{run}");
    assert_eq!(lines[1]["error"], "No such file or directory (os error 2)", "{run}");
    assert!(lines[1].get("advice").is_none(), "{run}");
    assert!(lines[4]["advice"].as_str().unwrap().starts_with("take the whole board"), "{run}");
    // The archive had them all: nothing stored twice.
    assert_eq!(run.stderr.matches("the archive has this photo's reading of").count(), 3, "{run}");
    assert_eq!(query(&db, "SELECT count(*) FROM calendar_readings"), 3);

    // Without a photo at fault, the batch exits 0.
    dir.run(&["calendar", "read", "good-0.jpg", "good-1.jpg"]).ok();
}

#[test]
fn a_bad_config_fails_before_any_photo_is_read() {
    let dir = Dir::new();
    good_photos(&dir, &[91]);
    dir.write("bad.toml", "nonsense = [\n");
    let run = dir.run(&["--config", "bad.toml", "calendar", "read", "--import", "good-0.jpg"]).expect_code(2);
    assert!(run.stderr.contains("bad.toml: TOML parse error"), "{run}");
    assert!(run.stdout.is_empty(), "no photo is read: {run}");
}

#[test]
fn ctrl_c_stops_after_the_photo_at_hand_with_its_reading_stored() {
    let dir = Dir::new();
    good_photos(&dir, &[101, 102, 103]);
    // An archive to lock, holding the first photo's reading.
    dir.run(&["--db", "a.sqlite", "calendar", "read", "--import", "good-0.jpg"]).ok();
    let args = ["--db", "a.sqlite", "calendar", "read", "--import", "good-1.jpg", "good-2.jpg"];
    let run = crate::interrupt::interrupted_while_locked(&dir, &args).expect_code(130);
    assert!(run.stdout.contains("good-1.jpg: stored as puzzle 2"), "{run}");
    assert!(!run.stdout.contains("good-2.jpg"), "{run}");
    assert!(run.stderr.contains("aquarchive: interrupted: 1 of 2 photos dealt with (1 read, 1 stored now)"), "{run}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM calendar_readings"), 2);
}
