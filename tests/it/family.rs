//! The family's kinds in the archive: every real puzzle of
//! tests/fixtures/family imported from the family's task lines (`KIND
//! TASK`), each kind solved where its solver is written and kept as it came
//! where not, then listed, shown, checked, exported and merged back; and
//! `solve --json` giving the answer the site hashes.

use std::collections::BTreeMap;

use crate::family_server::KEPT;
use crate::util::{Dir, fixtures, query};

/// One real puzzle of the family, as its fixture line gives it.
pub struct Real {
    pub kind: String,
    pub task: String,
    pub answer: String,
    pub size: Option<(u64, u64)>,
}

/// The family's real puzzles (tests/fixtures/family/states.jsonl).
pub fn real_puzzles() -> Vec<Real> {
    let text = std::fs::read_to_string(fixtures().join("family/states.jsonl")).unwrap();
    text.lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let field = |name: &str| value[name].as_str().unwrap().to_string();
            let size = value["width"].as_u64().zip(value["height"].as_u64());
            Real { kind: field("kind"), task: field("task"), answer: field("answer"), size }
        })
        .collect()
}

/// The task lines of `puzzles`: `KIND TASK`, with the size where the task
/// alone does not give it.
pub fn task_lines(puzzles: &[Real]) -> String {
    puzzles
        .iter()
        .map(|p| match p.size {
            Some((w, h)) => format!("{} {w}x{h} {}\n", p.kind, p.task),
            None => format!("{} {}\n", p.kind, p.task),
        })
        .collect()
}

#[test]
fn every_real_puzzle_of_the_family_is_kept_and_those_with_solvers_are_solved_to_the_sites_answer() {
    let dir = Dir::new();
    let puzzles = real_puzzles();
    // The real puzzles, and last one of a kind kept without being read.
    let (kept_kind, kept_task, _, _) = KEPT;
    dir.write("family.txt", task_lines(&puzzles) + &format!("{kept_kind} {kept_task}\n"));
    let total = puzzles.len() + 1;
    let import = dir.run(&["import", "family.txt"]).ok();
    assert!(import.stdout.contains(&format!("{total} puzzles stored")), "{import}");

    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    assert_eq!(listed.len(), total);
    let (kept, read) = listed.split_last().unwrap();
    assert_eq!((&kept["kind"], &kept["status"]), (&kept_kind.into(), &"no-solver".into()), "{kept}");
    assert_eq!(kept["text"].as_str().unwrap().trim(), kept_task);
    let mut statuses: BTreeMap<(String, String), usize> = BTreeMap::new();
    statuses.insert((kept_kind.into(), "no-solver".into()), 1);
    for (record, real) in read.iter().zip(&puzzles) {
        assert_eq!(record["kind"], real.kind.as_str(), "{record}");
        let status = record["status"].as_str().unwrap().to_string();
        *statuses.entry((real.kind.clone(), status.clone())).or_default() += 1;
        // A kind is solved to the site's own answer, or kept for its solver.
        match status.as_str() {
            "ok" => {
                let id = record["id"].as_i64().unwrap().to_string();
                let answer = dir.run(&["show", &id, "--format", "answer"]).ok();
                assert_eq!(answer.stdout.trim(), real.answer, "{}", real.kind);
            }
            "no-solver" => assert_eq!(record["text"].as_str().unwrap().trim(), real.task),
            other => panic!("{} puzzle stored as {other}: {record}", real.kind),
        }
    }
    // Aquarium's two solve, and so do yin-yang's five, the last kind read.
    assert_eq!(statuses.get(&("aquarium".into(), "ok".into())), Some(&2), "{statuses:?}");
    assert_eq!(statuses.get(&("yin-yang".into(), "ok".into())), Some(&5), "{statuses:?}");

    // Every record holds by independent code, and a second import adds nothing.
    let verify = dir.run(&["verify"]).ok();
    assert!(verify.stdout.contains(&format!("{total} puzzles checked, 0 mismatches")), "{verify}");
    let again = dir.run(&["import", "family.txt"]).expect_code(3);
    assert!(again.stdout.contains(&format!("0 puzzles stored, {total} already present")), "{again}");

    // A site's kinds: puzzle-binairo.com serves binairo and binairo-plus.
    let binairo = dir.run(&["list", "--site", "binairo", "--json"]).ok().json_lines();
    assert_eq!(binairo.len(), puzzles.iter().filter(|p| p.kind.starts_with("binairo")).count());
    assert!(binairo.iter().any(|r| r["kind"] == "binairo-plus"));
    let kept = dir.run(&["list", "--status", "no-solver", "--json"]).ok().json_lines();
    assert_eq!(kept.len(), statuses.iter().filter(|((_, s), _)| s == "no-solver").map(|(_, n)| n).sum::<usize>());

    // Exported as text files, they import back whole.
    dir.run(&["export", "--format", "text", "--out", "texts"]).ok();
    let texts = Dir::new();
    let back = texts.run(&["import", dir.join("texts").to_str().unwrap()]).ok();
    assert!(back.stdout.contains(&format!("{total} puzzles stored")), "{back}");

    // Stats count them by kind and status.
    let stats = dir.run(&["stats"]).ok();
    assert!(stats.stdout.contains("yin-yang") && stats.stdout.contains(kept_kind), "{stats}");
    assert!(stats.stdout.contains("no-solver"), "{stats}");

    // Exported as JSON lines, they come back whole into another archive.
    let export = dir.run(&["export", "--format", "jsonl", "--out", "family.jsonl"]).ok();
    assert!(dir.join("family.jsonl").exists(), "{export}");
    let other = Dir::new();
    std::fs::copy(dir.join("family.jsonl"), other.join("family.jsonl")).unwrap();
    other.run(&["import", "family.jsonl"]).ok();
    let restored = query(&other.join("archive/aquarchive.sqlite"), "SELECT count(*) FROM puzzles");
    assert_eq!(restored, total as i64);
    other.run(&["verify"]).ok();
}

#[test]
fn a_kind_not_read_yet_shows_its_task_and_says_so() {
    let dir = Dir::new();
    let (kind, task, _, _) = KEPT;
    dir.write("one.txt", format!("{kind} {task}\n"));
    let import = dir.run(&["import", "one.txt"]).ok();
    assert!(import.stdout.contains("1 puzzle stored (1 kept for a solver to come)"), "{import}");
    let show = dir.run(&["show", "1"]).ok();
    assert!(show.stdout.contains(&format!("task: {task}")), "{show}");
    assert!(show.stdout.contains("no-solver"), "{show}");
    assert!(show.stdout.contains(&format!("its board will be drawn once aquarchive reads {kind} tasks")), "{show}");
}

#[test]
fn solve_json_gives_the_answer_the_site_hashes() {
    let dir = Dir::new();
    // Sudoku is kept by its cells, not its task, and still answers as the site does.
    let kinds = ["aquarium", "sudoku", "tents"];
    let reals: Vec<Real> = real_puzzles().into_iter().filter(|p| kinds.contains(&p.kind.as_str())).collect();
    dir.write("lines.txt", task_lines(&reals));
    let records = dir.run(&["solve", "--json", "lines.txt"]).ok().json_lines();
    assert_eq!(records.len(), reals.len());
    assert!(records.iter().any(|r| r["kind"] == "sudoku"));
    for (record, real) in records.iter().zip(&reals) {
        assert_eq!(record["kind"], real.kind.as_str());
        assert_eq!(record["answer"], real.answer.as_str(), "{record}");
        assert_eq!(record["unique"], true);
        assert!(record["micros"].as_u64().is_some());
    }
}

#[test]
fn task_lines_that_break_their_grammar_are_named_by_line() {
    let dir = Dir::new();
    let aquarium = real_puzzles().into_iter().find(|p| p.kind == "aquarium").unwrap();
    dir.write("bad.txt", format!("aquarium {}\naquarium 1_2;x\nnurikabe\n", aquarium.task));
    let run = dir.run(&["import", "bad.txt"]).expect_code(2);
    assert!(run.stderr.contains("bad.txt:2"), "{run}");
    // The good line is stored; the bad ones are counted as unreadable.
    assert!(run.stdout.contains("1 puzzle stored"), "{run}");
    assert!(run.stdout.contains("not readable as puzzles"), "{run}");
}

#[test]
fn an_archive_of_version_1_takes_puzzles_kept_for_a_solver() {
    let dir = crate::archive_format::copy_of("v1");
    let (kind, task, _, _) = KEPT;
    dir.write("one.txt", format!("{kind} {task}\n"));
    dir.run(&["--db", "a.sqlite", "import", "one.txt"]).ok();
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles WHERE status = 'no-solver'"), 1);
    // The upgrade kept every solution with its puzzle.
    assert_eq!(
        query(&dir.join("a.sqlite"), "SELECT count(*) FROM solutions WHERE puzzle NOT IN (SELECT id FROM puzzles)"),
        0
    );
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.ends_with("19 puzzles checked, 0 mismatches\n"), "{verify}");
}
