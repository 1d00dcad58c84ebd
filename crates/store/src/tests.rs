use super::*;
use aquarchive_kinds::Kind;
use aquarchive_shared::time_text;
use rusqlite::Connection;

fn puzzle(text: &str, site_id: Option<i64>) -> NewPuzzle {
    NewPuzzle {
        kind: Kind::Aquarium,
        source: "test".into(),
        size_class: site_id.map(|_| 0),
        site_id,
        special_date: None,
        width: 2,
        height: 2,
        text: text.into(),
        snapshot: None,
        extractor_version: None,
        status: Status::Ok,
        note: None,
    }
}

fn solution(found: u32) -> Solution {
    Solution { solver_version: "v1".into(), solution: Some("10\n10".into()), found, nodes: 3, micros: 40, grade: None }
}

fn fresh() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("sub/a.sqlite"), Access::ReadWrite).unwrap();
    (dir, store)
}

#[test]
fn a_new_file_is_ours_at_this_version() {
    let (_dir, store) = fresh();
    let id: i32 = store.conn.pragma_query_value(None, "application_id", |r| r.get(0)).unwrap();
    let version: i64 = store.conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    let mode: String = store.conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!((id, version, mode.as_str()), (APPLICATION_ID, VERSION, "wal"));
    // Opening again keeps working.
    let path = store.path().to_path_buf();
    drop(store);
    Store::open(&path, Access::ReadWrite).unwrap();
    Store::open(&path, Access::ReadOnly).unwrap();
}

#[test]
fn the_same_puzzle_is_stored_once_by_site_id_or_by_text() {
    let (_dir, mut store) = fresh();
    let added = store
        .add(&[
            (puzzle("a", None), Some(solution(1))),
            (puzzle("a", None), Some(solution(1))),
            (puzzle("a", Some(7)), Some(solution(1))),
            (puzzle("b", Some(7)), Some(solution(1))),
        ])
        .unwrap();
    assert_eq!(added, [Added::New(1), Added::Present(1), Added::New(2), Added::Present(2)]);
    // Text already there (with a site ID) counts as present for a copy without one.
    assert_eq!(store.find(&puzzle("a", None)).unwrap(), Some(1));
    assert_eq!(store.puzzles(&Filter::default()).unwrap().len(), 2);
    assert_eq!(store.missing_solutions().unwrap(), 0);
}

#[test]
fn a_good_copy_replaces_a_flagged_one_with_the_same_site_id() {
    let (_dir, mut store) = fresh();
    let snapshot = store.put_snapshot(b"<html>garbled</html>", Some("text/html")).unwrap();
    let garbled = NewPuzzle {
        status: Status::Invalid,
        note: Some("clue sums differ".into()),
        snapshot: Some(snapshot.clone()),
        ..puzzle("garbled", Some(7))
    };
    assert_eq!(store.add(&[(garbled.clone(), None)]).unwrap(), [Added::New(1)]);
    // Another flagged copy changes nothing; the flagged one is not "present"
    // to find, so a fetch solves the next copy instead of skipping it.
    let again = NewPuzzle { text: "garbled again".into(), ..garbled.clone() };
    assert_eq!(store.add(&[(again, None)]).unwrap(), [Added::Present(1)]);
    assert_eq!(store.find(&puzzle("good", Some(7))).unwrap(), None);

    assert_eq!(store.add(&[(puzzle("good", Some(7)), Some(solution(1)))]).unwrap(), [Added::Replaced(1)]);
    let stored = store.puzzle(1).unwrap().unwrap();
    assert_eq!((stored.record.text.as_str(), stored.record.status, stored.record.note), ("good", Status::Ok, None));
    assert_eq!(stored.solution.unwrap().found, 1);
    // The garbled page is still kept, and the good copy is now what counts.
    assert!(store.snapshot(&snapshot).unwrap().is_some());
    assert_eq!(store.add(&[(puzzle("good", Some(7)), Some(solution(1)))]).unwrap(), [Added::Present(1)]);
    assert_eq!(store.puzzles(&Filter::default()).unwrap().len(), 1);
}

fn stored_facts(store: &Store) -> Vec<(i64, Option<String>, Option<String>)> {
    let mut query =
        store.conn.prepare("SELECT puzzle, hashed_solution, hash_check FROM site_facts ORDER BY puzzle").unwrap();
    query.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
}

fn facts(hash: &str, check: HashCheck) -> SiteFacts {
    SiteFacts { hashed_solution: Some(hash.into()), hash_check: check }
}

#[test]
fn a_fetched_puzzle_and_its_site_facts_are_stored_together_or_not_at_all() {
    let (_dir, mut store) = fresh();
    let first = facts("ab12", HashCheck::Match);
    assert_eq!(store.add_fetched(&puzzle("a", Some(7)), Some(&solution(1)), &first).unwrap(), Added::New(1));
    assert_eq!(stored_facts(&store), [(1, Some("ab12".into()), Some("match".into()))]);
    assert_eq!(store.puzzle(1).unwrap().unwrap().hash_check, Some(HashCheck::Match));
    // A copy already stored keeps the facts it came with.
    let other = facts("ff", HashCheck::Mismatch);
    assert_eq!(store.add_fetched(&puzzle("a", Some(7)), None, &other).unwrap(), Added::Present(1));
    assert_eq!(stored_facts(&store).len(), 1);
    assert_eq!(stored_facts(&store)[0].1.as_deref(), Some("ab12"));
    // When the facts cannot be written, the puzzle is not stored either.
    store.conn.execute_batch("DROP TABLE site_facts").unwrap();
    assert!(store.add_fetched(&puzzle("b", Some(8)), Some(&solution(1)), &first).is_err());
    assert_eq!(store.conn.query_row("SELECT count(*) FROM puzzles", [], |r| r.get::<_, i64>(0)).unwrap(), 1);
}

fn special(text: &str, date: &str) -> NewPuzzle {
    NewPuzzle { size_class: Some(9), special_date: Some(date.into()), ..puzzle(text, None) }
}

#[test]
fn a_special_is_its_class_and_its_date() {
    let (_dir, mut store) = fresh();
    let absent = facts("00", HashCheck::Absent);
    assert_eq!(store.add_fetched(&special("a", "2026-08-23"), Some(&solution(1)), &absent).unwrap(), Added::New(1));
    // The next day's daily is another puzzle, even with the same text.
    assert_eq!(store.add_fetched(&special("a", "2026-08-24"), Some(&solution(1)), &absent).unwrap(), Added::New(2));
    // The same class and date again is the same puzzle, whatever it reads.
    assert_eq!(store.find(&special("b", "2026-08-23")).unwrap(), Some(1));
    assert_eq!(store.add_fetched(&special("b", "2026-08-23"), Some(&solution(1)), &absent).unwrap(), Added::Present(1));
    // The weekly of the same date is another class.
    let weekly = NewPuzzle { size_class: Some(10), ..special("a", "2026-08-23") };
    assert_eq!(store.add_fetched(&weekly, Some(&solution(1)), &absent).unwrap(), Added::New(3));
    let stored = store.puzzle(2).unwrap().unwrap();
    assert_eq!(
        (stored.record.special_date.as_deref(), stored.hash_check),
        (Some("2026-08-24"), Some(HashCheck::Absent))
    );
    // A later reading of a date for a special that had none; a date taken
    // by another puzzle of the class stays with it.
    store.add(&[(NewPuzzle { size_class: Some(9), ..puzzle("c", None) }, Some(solution(1)))]).unwrap();
    assert!(!store.put_special_date(4, "2026-08-23").unwrap());
    assert!(store.put_special_date(4, "2026-08-25").unwrap());
    assert_eq!(store.puzzle(4).unwrap().unwrap().record.special_date.as_deref(), Some("2026-08-25"));
}

#[test]
fn a_copy_the_sites_hash_confirms_replaces_one_it_did_not() {
    let (_dir, mut store) = fresh();
    assert!(!store.has_hash_match().unwrap());
    // Stored while the hash's formula was in doubt: good by its other checks.
    let unconfirmed = facts("00", HashCheck::Mismatch);
    assert_eq!(
        store.add_fetched(&special("a", "2026-08-23"), Some(&solution(1)), &unconfirmed).unwrap(),
        Added::New(1)
    );
    assert_eq!(store.find(&special("a", "2026-08-23")).unwrap(), None, "worth solving again");
    // Another unconfirmed copy changes nothing; a confirmed one takes its place.
    assert_eq!(
        store.add_fetched(&special("x", "2026-08-23"), Some(&solution(1)), &unconfirmed).unwrap(),
        Added::Present(1)
    );
    let confirmed = facts("11", HashCheck::Match);
    assert_eq!(
        store.add_fetched(&special("b", "2026-08-23"), Some(&solution(1)), &confirmed).unwrap(),
        Added::Replaced(1)
    );
    let stored = store.puzzle(1).unwrap().unwrap();
    assert_eq!((stored.record.text.as_str(), stored.hash_check), ("b", Some(HashCheck::Match)));
    assert!(store.has_hash_match().unwrap());
    assert_eq!(store.hash_check_counts().unwrap(), [(HashCheck::Match, 1)]);
    // Found by text only, a flagged copy is never replaced: only a key says
    // two readings are of one puzzle.
    let flagged = NewPuzzle { status: Status::Invalid, ..puzzle("t", None) };
    store.add(&[(flagged, None)]).unwrap();
    assert_eq!(store.add(&[(puzzle("t", None), Some(solution(1)))]).unwrap(), [Added::Present(2)]);
}

#[test]
fn updates_replace_the_solution_of_the_same_solver_version() {
    let (_dir, mut store) = fresh();
    store.add(&[(puzzle("a", None), None)]).unwrap();
    assert_eq!(store.missing_solutions().unwrap(), 1);
    assert_eq!(store.puzzles(&Filter { unsolved: true, ..Filter::default() }).unwrap().len(), 1);
    store.update(&[(1, Status::Several, None, Some(solution(2)))]).unwrap();
    store.update(&[(1, Status::Ok, None, Some(solution(1)))]).unwrap();
    let p = store.puzzle(1).unwrap().unwrap();
    assert_eq!((p.record.status, p.solution.unwrap().found), (Status::Ok, 1));
    let rows: i64 = store.conn.query_row("SELECT count(*) FROM solutions", [], |r| r.get(0)).unwrap();
    assert_eq!(rows, 1);
    store.update(&[(1, Status::Invalid, Some("clue sums differ".into()), None)]).unwrap();
    let p = store.puzzle(1).unwrap().unwrap();
    assert_eq!(
        (p.record.status, p.record.note.as_deref(), p.solution),
        (Status::Invalid, Some("clue sums differ"), None)
    );
    assert_eq!(store.missing_solutions().unwrap(), 0);
    assert_eq!(store.puzzle(99).unwrap().map(|p| p.id), None);
}

#[test]
fn filters_pick_by_status_class_and_time() {
    let (_dir, mut store) = fresh();
    let mut bad = puzzle("b", None);
    bad.status = Status::Invalid;
    store.add(&[(puzzle("a", Some(5)), Some(solution(1))), (bad, None)]).unwrap();
    let ids = |f: Filter| store.puzzles(&f).unwrap().iter().map(|p| p.id).collect::<Vec<_>>();
    assert_eq!(ids(Filter { status: Some(Status::Invalid), ..Filter::default() }), [2]);
    assert_eq!(ids(Filter { sizes: Some(Sizes { classes: vec![0], grid: None }), ..Filter::default() }), [1]);
    assert_eq!(ids(Filter { since: Some("2000-01-01".into()), ..Filter::default() }), [1, 2]);
    assert_eq!(ids(Filter { until: Some("2000-01-01".into()), ..Filter::default() }), Vec::<i64>::new());
    assert_eq!(ids(Filter { ids: vec![2, 3], ..Filter::default() }), [2]);
    let counts = store.counts().unwrap();
    assert_eq!(counts.len(), 2);
    assert_eq!(
        counts[0],
        Count { kind: Kind::Aquarium, size_class: Some(0), width: 2, height: 2, status: Status::Ok, puzzles: 1 }
    );
}

#[test]
fn snapshots_are_kept_once_and_fetches_logged() {
    let (_dir, mut store) = fresh();
    let sha = store.put_snapshot(b"<html>", Some("text/html")).unwrap();
    assert_eq!(store.put_snapshot(b"<html>", None).unwrap(), sha);
    assert_eq!(sha, sha256_hex(b"<html>"));
    assert_eq!(store.snapshot(&sha).unwrap().as_deref(), Some(&b"<html>"[..]));
    store.log_fetch("https://x/", "http", Some(200), None, Some(&sha), Tries::ONE).unwrap();
    store.log_fetch("https://x/", "http", None, Some("timed out"), None, Tries::ONE).unwrap();
    let n: i64 = store.conn.query_row("SELECT count(*) FROM snapshots", [], |r| r.get(0)).unwrap();
    assert_eq!(n, 1);
}

#[test]
fn files_not_ours_are_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.sqlite");
    let conn = Connection::open(&other).unwrap();
    conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
    drop(conn);
    let before = std::fs::read(&other).unwrap();
    for access in [Access::ReadOnly, Access::ReadWrite] {
        let err = Store::open(&other, access).err().unwrap();
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");
        assert!(err.to_string().starts_with(&other.display().to_string()), "{err}");
    }
    assert_eq!(std::fs::read(&other).unwrap(), before);
    // Our id without our tables (version 0): no aquarchive leaves such a file.
    let bare = dir.path().join("bare.sqlite");
    let conn = Connection::open(&bare).unwrap();
    conn.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
    conn.execute_batch("CREATE TABLE keep (x); INSERT INTO keep VALUES (42);").unwrap();
    drop(conn);
    let before = std::fs::read(&bare).unwrap();
    for access in [Access::ReadOnly, Access::ReadWrite] {
        let err = Store::open(&bare, access).err().unwrap();
        assert!(err.to_string().contains("database version 0, which no aquarchive writes"), "{err}");
    }
    assert_eq!(std::fs::read(&bare).unwrap(), before);
    let missing = Store::open(&dir.path().join("none.sqlite"), Access::ReadOnly).err().unwrap();
    assert!(matches!(missing, StoreError::Missing { .. }));
    assert!(!dir.path().join("none.sqlite").exists());
}

#[test]
fn until_takes_the_whole_of_the_time_given() {
    let (_dir, mut store) = fresh();
    store.add(&[(puzzle("a", None), None)]).unwrap();
    let created = time_text(store.puzzle(1).unwrap().unwrap().created);
    for precision in [10, 13, 16, created.len()] {
        let filter = Filter {
            until: Some(created[..precision].to_string()),
            since: Some(created[..precision].to_string()),
            ..Filter::default()
        };
        assert_eq!(store.puzzles(&filter).unwrap().len(), 1, "{}", &created[..precision]);
    }
}

#[test]
fn fetch_history_is_the_fetches_of_each_puzzles_page() {
    let (_dir, mut store) = fresh();
    let page = store.put_snapshot(b"page one", None).unwrap();
    let other = store.put_snapshot(b"page two", None).unwrap();
    store.log_fetch("https://x/?size=0", "http", Some(200), None, Some(&page), Tries::ONE).unwrap();
    store.log_fetch("https://x/?size=0", "http", None, Some("timed out"), None, Tries::ONE).unwrap();
    store.log_fetch("https://x/?size=0", "browser", None, None, Some(&other), Tries::ONE).unwrap();
    store.log_fetch("https://x/?e=MDo", "http", Some(200), None, Some(&page), Tries::ONE).unwrap();
    let mut fetched = puzzle("1 2\n1 1\n0 2\n1 1\n", Some(7));
    fetched.snapshot = Some(page.clone());
    let added = store.add(&[(fetched, None), (puzzle("1 1\n1 1\n2 0\n1 1\n", None), None)]).unwrap();
    let Added::New(id) = added[0] else { panic!("{added:?}") };
    let history = store.fetch_history(&Filter::default()).unwrap();
    let urls: Vec<(i64, &str, Option<u16>)> =
        history.iter().map(|(p, f)| (*p, f.url.as_str(), f.http_status)).collect();
    assert_eq!(urls, [(id, "https://x/?size=0", Some(200)), (id, "https://x/?e=MDo", Some(200))]);
    assert!(store.fetch_history(&Filter { ids: vec![id + 1], ..Filter::default() }).unwrap().is_empty());
}

#[test]
fn a_kind_the_archive_does_not_know_is_an_error_naming_the_puzzle() {
    let (_dir, mut store) = fresh();
    store.add(&[(puzzle("a", None), Some(solution(1))), (puzzle("b", None), Some(solution(1)))]).unwrap();
    store.conn.execute("UPDATE puzzles SET kind = 'chess-solitaire' WHERE id = 2", []).unwrap();
    assert_eq!(store.puzzle(1).unwrap().unwrap().record.kind, Kind::Aquarium);
    let path = store.path().display().to_string();
    let errors =
        [store.puzzle(2).unwrap_err(), store.puzzles(&Filter::default()).unwrap_err(), store.counts().unwrap_err()];
    for err in errors {
        assert!(matches!(&err, StoreError::BadValue { source, .. } if source.place == "puzzle 2"), "{err:?}");
        let message = err.to_string();
        assert!(message.starts_with(&format!("{path}: puzzle 2: unknown puzzle kind 'chess-solitaire'")), "{message}");
        // The kind's own error is kept as the cause.
        let cause = std::error::Error::source(&err).and_then(std::error::Error::source).unwrap();
        assert!(cause.to_string().contains("`aquarchive sites` lists the kinds (aquarium, sudoku"), "{cause}");
    }
    // A filter by kind still reads the puzzles of known kinds.
    assert_eq!(store.puzzles(&Filter { kind: Some(Kind::Aquarium), ..Filter::default() }).unwrap().len(), 1);
}

#[test]
fn stored_times_read_back_as_written() {
    let (_dir, mut store) = fresh();
    store.add(&[(puzzle("a", None), None)]).unwrap();
    store.log_fetch("https://x/", "http", Some(200), None, None, Tries::ONE).unwrap();
    // As the schema's defaults wrote them, to the millisecond.
    let raw = |sql: &str| store.conn.query_row(sql, [], |r| r.get::<_, String>(0)).unwrap();
    let (created, fetched) = (raw("SELECT created FROM puzzles"), raw("SELECT fetched_at FROM fetches"));
    let puzzle = store.puzzle(1).unwrap().unwrap();
    assert_eq!(time_text(puzzle.created), created);
    let log = store.fetch_log(&FetchQuery::default()).unwrap();
    assert_eq!(time_text(log[0].fetched_at), fetched);
    assert_eq!(store.fetch_counts().unwrap().last.map(time_text), Some(fetched));

    // A time written is the same time read back, and shown as written.
    let written = "2026-11-30T06:07:08.009Z";
    store.conn.execute("UPDATE puzzles SET created = ?1", [written]).unwrap();
    let read = store.puzzle(1).unwrap().unwrap().created;
    assert_eq!(read, written.parse::<jiff::Timestamp>().unwrap());
    assert_eq!(read, jiff::Timestamp::new(1_796_018_828, 9_000_000).unwrap());
    assert_eq!(time_text(read), written);
    let json = serde_json::to_value(store.puzzle(1).unwrap().unwrap()).unwrap();
    assert_eq!((json["created"].as_str(), json["kind"].as_str()), (Some(written), Some("aquarium")));

    // A stored value that is not a time is an error naming its row.
    store.conn.execute("UPDATE fetches SET fetched_at = 'yesterday'", []).unwrap();
    let err = store.fetch_log(&FetchQuery::default()).unwrap_err().to_string();
    assert!(err.contains("fetch 1: fetched_at `yesterday` is not a time"), "{err}");
}

#[test]
fn a_grades_hints_are_kept_with_it() {
    let (_dir, mut store) = fresh();
    store.add(&[(puzzle("x", None), Some(solution(1)))]).unwrap();
    assert_eq!(store.puzzle(1).unwrap().unwrap().solution.unwrap().grade, None);
    // Solved again, the grade comes with its hints, and they read back whole.
    let hints = "full line|finished line\n010\n11Z2ZZ0Z0";
    let grade = Grade { level: "medium".into(), rank: 2, techniques: "t".into(), hints: Some(hints.into()) };
    store.update(&[(1, Status::Ok, None, Some(Solution { grade: Some(grade.clone()), ..solution(1) }))]).unwrap();
    assert_eq!(store.puzzle(1).unwrap().unwrap().solution.unwrap().grade, Some(grade));
}

/// Every record of an archive, without ids.
fn all_records(store: &Store) -> Vec<Record> {
    let mut out = Vec::new();
    store
        .records(&Filter::default(), |_, r| {
            out.push(r);
            Ok::<_, StoreError>(())
        })
        .unwrap();
    out
}

fn at(text: &str) -> jiff::Timestamp {
    text.parse().unwrap()
}

/// A record as another archive would hand it over: two solver versions, a
/// grade, page facts, a reading; every time an old one.
fn full_record(text: &str) -> Record {
    let solved = |version: &str, when: &str| Solved {
        solver_version: version.into(),
        solution: Some("10\n10".into()),
        found: 1,
        nodes: 3,
        micros: 40,
        solved_at: at(when),
    };
    Record {
        puzzle: special(text, "2026-08-23"),
        created: at("2026-08-23T06:00:00.001Z"),
        solutions: vec![solved("v1", "2026-08-23T06:00:00.002Z"), solved("v2", "2026-09-01T00:00:00Z")],
        grade: Some(Graded {
            grade: Grade { level: "easy".into(), rank: 1, techniques: "t 3".into(), hints: Some("h".into()) },
            graded_at: at("2026-09-01T00:00:00.500Z"),
        }),
        site_facts: Some(facts("11", HashCheck::Match)),
        readings: vec![Reading {
            tiling: "AB".into(),
            photo: "p.jpg".into(),
            photo_sha256: "ff".into(),
            corrected: 2,
            read_at: at("2026-08-24T10:00:00Z"),
        }],
    }
}

#[test]
fn records_read_out_restore_whole_with_their_times() {
    let (_dir, mut store) = fresh();
    let record = full_record("a");
    let report = store.restore(&[], std::slice::from_ref(&record)).unwrap();
    assert_eq!(report.outcomes, [Restored::New(1)]);
    assert_eq!(all_records(&store), std::slice::from_ref(&record));
    // The latest solution is the one found last, as `each` reads it.
    let view = store.puzzle(1).unwrap().unwrap();
    assert_eq!(view.solution.as_ref().map(|s| s.solver_version.as_str()), Some("v2"));
    assert_eq!(record.view(1).solution, view.solution);
    // Again: nothing to add.
    assert_eq!(store.restore(&[], &[record]).unwrap().outcomes, [Restored::Present(1)]);
}

#[test]
fn restore_adds_what_a_stored_puzzle_lacks_and_changes_nothing_it_has() {
    let (_dir, mut store) = fresh();
    let grade = Grade { level: "hard".into(), rank: 3, techniques: "x".into(), hints: None };
    let ours = Solution { grade: Some(grade.clone()), ..solution(1) };
    store.add_fetched(&special("a", "2026-08-23"), Some(&ours), &facts("11", HashCheck::Match)).unwrap();
    let before = all_records(&store).remove(0);
    let outcome = store.restore(&[], &[full_record("a")]).unwrap().outcomes;
    let added = Additions { solutions: 1, readings: 1, grade: false, site_facts: false };
    assert_eq!(outcome, [Restored::Completed { id: 1, added }]);
    let after = all_records(&store).remove(0);
    // Its own v1 row, grade, facts and creation time unchanged; v2 (found before it) and the reading added.
    assert_eq!((after.created, &after.grade, &after.site_facts), (before.created, &before.grade, &before.site_facts));
    assert_eq!(after.solutions[1], before.solutions[0]);
    assert_eq!(after.solutions[0].solver_version, "v2");
    assert_eq!(after.readings, full_record("a").readings);
    // Its latest solution is still its own, found last, not the older row added after it.
    let view = store.puzzle(1).unwrap().unwrap();
    assert_eq!(view.solution.map(|s| s.solver_version), Some("v1".to_string()));
}

#[test]
fn restore_keeps_the_better_copy_and_reports_every_disagreement() {
    let (_dir, mut store) = fresh();
    // A flagged copy of the daily is replaced by a good one, with its time.
    let flagged = NewPuzzle { status: Status::Invalid, ..special("bad", "2026-08-23") };
    store.add_fetched(&flagged, None, &facts("11", HashCheck::Mismatch)).unwrap();
    let good = full_record("a");
    let outcome = store.restore(&[], std::slice::from_ref(&good)).unwrap().outcomes;
    assert!(
        matches!(&outcome[..], [Restored::Replaced { id: 1, why }] if why.contains("(invalid, hash mismatch) replaced by this one (ok, hash match)")),
        "{outcome:?}"
    );
    assert_eq!(all_records(&store), std::slice::from_ref(&good));

    // Another puzzle for the same date, confirmed by no hash: the archive's stays.
    let other = Record { site_facts: Some(facts("22", HashCheck::Mismatch)), ..full_record("b") };
    let outcome = store.restore(&[], &[other]).unwrap().outcomes;
    assert!(
        matches!(&outcome[..], [Restored::Conflict { id: Some(1), why }]
            if why.contains("its copy (ok, hash match) kept, this one (ok, hash mismatch) left out: the site's hash confirms")),
        "{outcome:?}"
    );
    // Two good copies for one date: the one stored first stays, said so.
    let weekly = |text: &str| Record {
        puzzle: NewPuzzle { size_class: Some(10), ..special(text, "2026-08-23") },
        site_facts: None,
        ..full_record(text)
    };
    store.restore(&[], &[weekly("c")]).unwrap();
    let outcome = store.restore(&[], &[weekly("d")]).unwrap().outcomes;
    assert!(
        matches!(&outcome[..], [Restored::Conflict { id: Some(2), why }] if why.contains("neither is the better copy")),
        "{outcome:?}"
    );
    // The same puzzle with another verdict: the archive's stays.
    let unsolvable = Record { puzzle: NewPuzzle { status: Status::Unsolvable, ..weekly("c").puzzle }, ..weekly("c") };
    let outcome = store.restore(&[], &[unsolvable]).unwrap().outcomes;
    assert!(matches!(&outcome[..], [Restored::Conflict { id: Some(2), .. }]), "{outcome:?}");
    assert_eq!(all_records(&store).len(), 2);
}

#[test]
fn restore_keeps_a_snapshot_reference_only_to_a_page_it_holds() {
    let (_dir, mut store) = fresh();
    let page = Snapshot {
        sha256: sha256_hex(b"page"),
        bytes: b"page".to_vec(),
        content_type: Some("text/html".into()),
        first_seen: "2026-08-23T06:00:00.000Z".into(),
    };
    let with = |text: &str| Record {
        puzzle: NewPuzzle { snapshot: Some(page.sha256.clone()), ..puzzle(text, None) },
        ..full_record(text)
    };
    let report = store.restore(&[], &[with("a")]).unwrap();
    assert_eq!((report.outcomes.len(), report.snapshots_missing), (1, 1));
    let report = store.restore(std::slice::from_ref(&page), &[with("b")]).unwrap();
    assert_eq!((report.snapshots, report.snapshots_missing), (1, 0));
    let snapshots: Vec<Option<String>> = all_records(&store).into_iter().map(|r| r.puzzle.snapshot).collect();
    assert_eq!(snapshots, [None, Some(page.sha256.clone())]);
    assert_eq!(store.snapshots_of(std::slice::from_ref(&page.sha256)).unwrap(), [(page.sha256.clone(), Ok(page))]);
}

#[test]
fn fetch_records_restore_once() {
    let (_dir, mut store) = fresh();
    store.log_fetch("u1", "http", Some(200), None, None, Tries::ONE).unwrap();
    store.log_fetch("u2", "http", None, Some("refused"), None, Tries::NONE).unwrap();
    let records: Vec<FetchRecord> = store.fetch_records(0, 10).unwrap().into_iter().map(|(_, f)| f.unwrap()).collect();
    let (_dir2, mut other) = fresh();
    assert_eq!(other.restore_fetches(&[], &records).unwrap().added, 2);
    let again = other.restore_fetches(&[], &records).unwrap();
    assert_eq!((again.added, again.present), (0, 2));
    let read: Vec<FetchRecord> = other.fetch_records(0, 10).unwrap().into_iter().map(|(_, f)| f.unwrap()).collect();
    assert_eq!(read, records);
}

/// Puzzle 2 of three made unreadable by `spoil`: read on its own, each
/// record is what it was, puzzle 2 an error saying why.
fn records_with_puzzle_2(spoil: &str) -> Vec<(i64, Result<Record, String>)> {
    let (_dir, mut store) = fresh();
    let rows: Vec<(NewPuzzle, Option<Solution>)> =
        ["a", "b", "c"].iter().map(|t| (puzzle(t, None), Some(solution(1)))).collect();
    store.add(&rows).unwrap();
    store.conn.execute_batch(spoil).unwrap();
    let read = store.records_after(&Filter::default(), 0, 10).unwrap();
    let ids: Vec<i64> = read.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [1, 2, 3]);
    assert_eq!(read[0].1.as_ref().unwrap().puzzle.text, "a");
    assert_eq!(read[2].1.as_ref().unwrap().solutions.len(), 1);
    read
}

#[test]
fn a_record_that_cannot_be_read_is_refused_by_its_id_and_the_others_are_read() {
    let why = |spoil: &str| records_with_puzzle_2(spoil).remove(1).1.unwrap_err();
    let kind = why("UPDATE puzzles SET kind = 'chess-solitaire' WHERE id = 2");
    assert!(kind.starts_with("unknown puzzle kind 'chess-solitaire'"), "{kind}");
    assert_eq!(
        why("UPDATE puzzles SET width = 'ten' WHERE id = 2"),
        "its `width` holds text, which that column does not take"
    );
    let time = why("UPDATE solutions SET solved_at = 'yesterday' WHERE puzzle = 2");
    assert!(time.starts_with("its solution row 2: solved_at `yesterday` is not a time"), "{time}");
    let big = why(&format!("UPDATE puzzles SET note = '{}' WHERE id = 2", "x".repeat(MAX_ROW_BYTES as usize)));
    assert!(big.starts_with("it holds ") && big.ends_with("bytes, more than the 16 MiB one record may hold"), "{big}");
}

/// An archive as another machine made it: two puzzles, closed (no side
/// files beside it).
fn other_archive(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("other.sqlite");
    let mut store = Store::open(&path, Access::ReadWrite).unwrap();
    store.add(&[(puzzle("a", None), Some(solution(1))), (puzzle("b", None), Some(solution(1)))]).unwrap();
    drop(store);
    path
}

fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

#[test]
fn another_archive_is_read_from_a_copy_and_left_as_it_was() {
    let (dir, store) = fresh();
    let path = other_archive(dir.path());
    let before = std::fs::read(&path).unwrap();
    let other = store.open_other(&path).unwrap();
    assert_eq!(other.records_after(&Filter::default(), 0, 10).unwrap().len(), 2);
    assert_eq!(other.path(), path);
    // Read, it is not written, and SQLite made no log or index beside it.
    assert!(!beside(&path, "-wal").exists() && !beside(&path, "-shm").exists());
    drop(other);
    assert!(std::fs::read(&path).unwrap() == before, "the other archive was changed");
    assert!(!beside(&path, "-wal").exists() && !beside(&path, "-shm").exists());
    // Its private copy went with it.
    let left: Vec<_> =
        std::fs::read_dir(store.path().parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.iter().all(|n| !n.to_string_lossy().contains(".merge-")), "{left:?}");
}

#[test]
fn a_row_of_another_archive_larger_than_a_row_may_hold_is_refused_unread() {
    let (dir, store) = fresh();
    let path = other_archive(dir.path());
    // Each more than SQLite will hand this process from another archive.
    let huge = "x".repeat(MAX_ROW_BYTES as usize + 1);
    let page = Snapshot {
        sha256: "f".repeat(64),
        bytes: huge.clone().into_bytes(),
        content_type: None,
        first_seen: "t".into(),
    };
    let mut conn = Connection::open(&path).unwrap();
    let tx = conn.transaction().unwrap();
    tx.execute("UPDATE puzzles SET note = ?1 WHERE id = 1", [&huge]).unwrap();
    tx.execute("INSERT INTO fetches (url, method) VALUES (?1, 'http'), ('u', 'http')", [&huge]).unwrap();
    super::record::put_snapshots(&tx, std::slice::from_ref(&page)).unwrap();
    tx.commit().unwrap();
    drop(conn);
    let other = store.open_other(&path).unwrap();
    let records = other.records_after(&Filter::default(), 0, 10).unwrap();
    assert!(records[0].1.as_ref().unwrap_err().contains("more than the 16 MiB"), "{:?}", records[0].1.as_ref().err());
    assert_eq!(records[1].1.as_ref().unwrap().puzzle.text, "b");
    let fetches = other.fetch_records(0, 10).unwrap();
    assert!(fetches[0].1.as_ref().unwrap_err().contains("more than the 16 MiB"));
    assert_eq!(fetches[1].1.as_ref().unwrap().url, "u");
    let pages = other.snapshots_of(std::slice::from_ref(&page.sha256)).unwrap();
    assert!(pages[0].1.as_ref().unwrap_err().contains("more than the 16 MiB"));
    drop(other);
    // A page under a name that is not a sha256 is named by its row instead.
    Connection::open(&path).unwrap().execute("UPDATE snapshots SET sha256 = 'page'", []).unwrap();
    let other = store.open_other(&path).unwrap();
    assert!(other.snapshot_shas().unwrap().is_empty());
    assert_eq!(other.misnamed_snapshots().unwrap(), [(1, "text of 4 bytes".to_string())]);
    drop(other);
    // A key too large to check is refused with the file.
    Connection::open(&path).unwrap().execute("UPDATE snapshots SET sha256 = ?1", [&huge]).unwrap();
    let err = store.open_other(&path).err().expect("refused").to_string();
    assert!(err.contains("a key or a checked value holds more than the 16 MiB one row may hold"), "{err}");
}

#[test]
fn another_archive_of_an_earlier_version_is_upgraded_in_its_copy_only() {
    let (dir, store) = fresh();
    let path = dir.path().join("v1.sqlite");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/archive/v1/archive.sqlite"), &path)
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let other = store.open_other(&path).unwrap();
    let version: i64 = other.conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, VERSION);
    assert_eq!(other.records_after(&Filter::default(), 0, 100).unwrap().len(), 18);
    drop(other);
    assert!(std::fs::read(&path).unwrap() == before, "the other archive was changed");
    assert!(!beside(&path, "-wal").exists() && !beside(&path, "-shm").exists());
    let left: Vec<_> =
        std::fs::read_dir(store.path().parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.iter().all(|n| !n.to_string_lossy().contains(".merge-")), "{left:?}");
}

#[test]
fn the_writer_of_another_archive_never_waits_for_its_merge() {
    let (dir, store) = fresh();
    let path = other_archive(dir.path());
    // A file in rollback mode: there a reader's lock keeps its writer out.
    Connection::open(&path).unwrap().pragma_update(None, "journal_mode", "DELETE").unwrap();
    let other = store.open_other(&path).unwrap();
    let writer = Connection::open(&path).unwrap();
    writer.busy_timeout(std::time::Duration::ZERO).unwrap();
    let mut seen = 0;
    other
        .records(&Filter::default(), |_, _| {
            seen += 1;
            // While the other is being read, its own writer writes at once.
            writer
                .execute("UPDATE puzzles SET note = 'written' WHERE id = 1", [])
                .map_err(|e| StoreError::sql(&path, e))?;
            Ok::<_, StoreError>(())
        })
        .unwrap();
    assert_eq!(seen, 2);
}

#[test]
fn another_archive_holding_a_view_or_a_trigger_or_damage_is_refused_whole() {
    let (dir, store) = fresh();
    let cases = [
        ("DROP TABLE grades; CREATE VIEW grades AS SELECT 1 AS puzzle", "a view `grades`"),
        ("CREATE TRIGGER t AFTER INSERT ON puzzles BEGIN DELETE FROM solutions; END", "a trigger `t`"),
        ("CREATE TABLE extra (a)", "a table `extra` that no aquarchive makes"),
        ("ALTER TABLE puzzles ADD COLUMN later TEXT", "its table `puzzles` has the columns"),
        // An index that no longer says what it holds: only a whole check sees it.
        (
            "PRAGMA writable_schema = ON; \
             UPDATE sqlite_schema SET sql = 'CREATE INDEX puzzles_created ON puzzles (source)' \
             WHERE name = 'puzzles_created'",
            "the database is damaged (integrity check: ",
        ),
    ];
    for (change, why) in cases {
        let path = other_archive(dir.path());
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(change).unwrap();
        drop(conn);
        let before = std::fs::read(&path).unwrap();
        let err = store.open_other(&path).err().expect("refused").to_string();
        assert!(err.starts_with(&format!("{}: ", path.display())) && err.contains(why), "{change}: {err}");
        assert!(std::fs::read(&path).unwrap() == before, "{change}");
        std::fs::remove_file(&path).unwrap();
    }
}

/// A removal takes each puzzle's every row (solutions, grade, page facts,
/// readings) and keeps a record of what it was; a filter matching more
/// than allowed removes nothing; a removed puzzle's id is never given again.
#[test]
fn a_removal_takes_every_row_of_its_puzzles_or_none_and_their_ids_stay_taken() {
    let (_dir, mut store) = fresh();
    let graded = Solution {
        grade: Some(Grade { level: "easy".into(), rank: 1, techniques: "full line 2".into(), hints: None }),
        ..solution(1)
    };
    let page = store.put_snapshot(b"a page", None).unwrap();
    let fetched = NewPuzzle { snapshot: Some(page.clone()), ..puzzle("c", Some(9)) };
    let facts = SiteFacts { hashed_solution: Some("0".repeat(32)), hash_check: HashCheck::Match };
    store.add(&[(puzzle("a", None), Some(graded.clone())), (puzzle("b", None), Some(graded))]).unwrap();
    assert_eq!(store.add_fetched(&fetched, Some(&solution(1)), &facts).unwrap(), Added::New(3));
    store
        .conn
        .execute("INSERT INTO calendar_readings (puzzle, tiling, photo, photo_sha256) VALUES (3, 't', 'p', 's')", [])
        .unwrap();
    let rows = |store: &Store| -> i64 {
        [
            "puzzles WHERE id",
            "solutions WHERE puzzle",
            "grades WHERE puzzle",
            "site_facts WHERE puzzle",
            "calendar_readings WHERE puzzle",
        ]
        .iter()
        .map(|t| {
            store.conn.query_row(&format!("SELECT count(*) FROM {t} IN (2, 3)"), [], |r| r.get::<_, i64>(0)).unwrap()
        })
        .sum()
    };
    assert_eq!(rows(&store), 2 + 2 + 1 + 1 + 1);

    let all = Filter::default();
    assert_eq!(store.remove(&all, Some(2)).unwrap(), Removal::TooMany(3));
    assert_eq!(store.puzzles(&all).unwrap().len(), 3, "nothing removed");
    let picked = Filter { ids: vec![2, 3, 40], ..Filter::default() };
    let removed = store.remove(&picked, Some(2)).unwrap();
    assert_eq!(
        removed,
        Removal::Removed(vec![RemovedPuzzle { id: 2, from_page: false }, RemovedPuzzle { id: 3, from_page: true }])
    );
    assert_eq!(rows(&store), 0);
    assert_eq!(store.missing_solutions().unwrap(), 0);
    let kept: (i64, String, i64) = store
        .conn
        .query_row(
            "SELECT site_id, snapshot, (SELECT count(*) FROM removed_puzzles) FROM removed_puzzles WHERE id = 3",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(kept, (9, page.clone(), 2));
    assert!(store.snapshot(&page).unwrap().is_some(), "the page stays");
    // The page's puzzle removed: not a page to read again, unless asked.
    store.log_fetch("u", "http", Some(200), None, Some(&page), Tries::ONE).unwrap();
    assert!(store.pages_without_puzzle(false).unwrap().is_empty());
    let again = store.pages_without_puzzle(true).unwrap();
    assert_eq!((again.len(), again[0].removed), (1, Some(3)));
    // Stored again, it is new, with an id no puzzle had.
    assert_eq!(store.add(&[(puzzle("c", Some(9)), Some(solution(1)))]).unwrap(), [Added::New(4)]);
    assert_eq!(
        store.remove(&Filter { ids: vec![4], ..Filter::default() }, None).unwrap(),
        Removal::Removed(vec![RemovedPuzzle { id: 4, from_page: false }])
    );
    assert_eq!(store.add(&[(puzzle("d", None), None)]).unwrap(), [Added::New(5)]);
}
