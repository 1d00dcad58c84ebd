//! Every real puzzle of the family (tests/fixtures/family) through its
//! kind's home: the task reads and writes back as the page wrote it, the
//! site's own answer passes the kind's check, and where the kind has a
//! solver, it finds that answer, proves it the only one, and so gives the
//! page's `hashedSolution` (md5 of task and answer).

use std::collections::BTreeMap;

use aquarchive_kinds::Kind;
use aquarchive_kinds::home::Size;
use aquarchive_kinds::homes::home;
use md5::{Digest, Md5};
use multicover::{Algorithm, Settings};

struct Fixture {
    line: usize,
    kind: Kind,
    task: String,
    hashed: String,
    answer: String,
    size: Option<Size>,
}

fn fixtures() -> Vec<Fixture> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/family/states.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let field =
                |name: &str| value[name].as_str().unwrap_or_else(|| panic!("line {}: {name}", n + 1)).to_string();
            let number = |name: &str| value[name].as_u64().map(|n| n as usize);
            let size = match (number("width"), number("height")) {
                (Some(w), Some(h)) => Some(Size::new(w, h)),
                _ => None,
            };
            Fixture {
                line: n + 1,
                kind: field("kind").parse().unwrap(),
                task: field("task"),
                hashed: field("hashed_solution"),
                answer: field("answer"),
                size,
            }
        })
        .collect()
}

fn md5_hex(text: &str) -> String {
    Md5::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_fixture_is_the_sites_own() {
    for f in fixtures() {
        assert_eq!(md5_hex(&format!("{}{}", f.task, f.answer)), f.hashed, "line {}", f.line);
    }
}

#[test]
fn every_kind_with_a_home_reads_checks_and_solves_its_real_puzzles() {
    let mut seen: BTreeMap<Kind, usize> = BTreeMap::new();
    for f in fixtures() {
        let Some(home) = home(f.kind) else { continue };
        let place = format!("line {} ({})", f.line, f.kind);
        let board = home.read(&f.task, f.size).unwrap_or_else(|e| panic!("{place}: {e}"));
        assert_eq!(board.task(), f.task, "{place}: the task written back");
        if let Some(size) = f.size {
            assert_eq!(board.size(), size, "{place}");
        }
        board.check(&f.answer).unwrap_or_else(|e| panic!("{place}: the site's answer refused: {e}"));
        let drawing = board.draw(Some(&f.answer));
        assert_eq!(drawing.cells.len(), board.size().cells(), "{place}");
        if home.solves() {
            let solved = board.solve(Settings::default(), 2).expect("a kind that solves").unwrap();
            assert_eq!(solved.solutions, std::slice::from_ref(&f.answer), "{place}");
            assert!(solved.stats.exhausted, "{place}: uniqueness not proved");
        }
        *seen.entry(f.kind).or_default() += 1;
    }
    // Each home is tried on real puzzles: a kind given a home has fixtures.
    for kind in Kind::ALL.into_iter().filter(|&k| home(k).is_some() && k.is_family()) {
        assert!(seen.contains_key(&kind), "{kind} has a home but no real puzzle here");
    }
}

/// The kinds with a solver of their own (star battle, norinori) keep the
/// engine as their second solver, forced by naming its search: on every
/// real puzzle both find the site's answer alone and prove it unique.
#[test]
fn the_own_solvers_and_the_engine_agree_on_every_real_puzzle() {
    let engine = Settings { algorithm: Algorithm::MultiCover, ..Settings::default() };
    let mut compared = 0;
    for f in fixtures().into_iter().filter(|f| matches!(f.kind, Kind::StarBattle | Kind::Norinori)) {
        let place = format!("line {} ({})", f.line, f.kind);
        let board = home(f.kind).unwrap().read(&f.task, f.size).unwrap();
        let own = board.solve(Settings::default(), 2).unwrap().unwrap();
        let second = board.solve(engine, 2).unwrap().unwrap();
        assert!(own.is_unique() && second.is_unique(), "{place}: {:?} and {:?}", own.stats, second.stats);
        assert_eq!(own.solutions, second.solutions, "{place}");
        assert_eq!(own.solutions, std::slice::from_ref(&f.answer), "{place}");
        compared += 1;
    }
    assert_eq!(compared, 9, "three star battles and six norinori");
}
