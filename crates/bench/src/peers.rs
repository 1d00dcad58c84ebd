//! `aquarchive-bench peers`: the family's real puzzles solved by aquarchive
//! and by the solver a Python user of these sites would pick,
//! multi-puzzle-solver (OR-Tools CP-SAT models), in one run, per kind: the
//! median and worst time of each, the ratio of the medians, and whether the
//! peer's answers are the sites' (so a wrong conversion of a task, or a
//! model that differs from the site's rules, shows).
//!
//! The peer runs in `scripts/peer-solvers/family`, which converts each task
//! to its model's input and times only the model's building and the search;
//! aquarchive's puzzles are those `aquarchive-bench family` times, timed the
//! same way ([`family::time`]). With `--time-limit` the peer's search on a
//! puzzle stops at the limit; a kind whose puzzles the peer did not all
//! finish, or whose class of some puzzles its model does not take, is
//! compared on the puzzles it did: "k of n", aquarchive's times of those k.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::time::Duration;

use aquarchive::kinds::Kind;

use crate::args::{PeersBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::family;
use crate::output::print;
use crate::peer::run_script;
use crate::table::{median, render};

/// The targets the table is read against: aquarchive at least this many
/// times faster than the peer on every kind's median ...
const TARGET_RATIO: f64 = 10.0;
/// ... and no real puzzle slower than this.
const TARGET_WORST: Duration = Duration::from_millis(50);

/// One kind's figures.
struct KindTimes {
    kind: Kind,
    /// Each puzzle's best time.
    aquarchive: Vec<Duration>,
    /// None where the peer has no model of the kind.
    peer: Option<PeerTimes>,
}

#[derive(Default)]
struct PeerTimes {
    /// Each puzzle's best time, of those the peer solved.
    times: Vec<Duration>,
    /// Puzzles whose one answer was the site's.
    agrees: usize,
    /// Puzzles the peer's package failed on (an exception of its own).
    failed: usize,
    /// Puzzles whose search was stopped at the time limit.
    unfinished: usize,
    /// Puzzles of a class the peer's model does not take.
    not_modelled: usize,
    /// Aquarchive's times of the puzzles in `times`, in the same order.
    ours: Vec<Duration>,
}

impl PeerTimes {
    /// Whether the kind is compared on only the puzzles the peer finished
    /// (some stopped at the limit or not modelled).
    fn partial(&self) -> bool {
        self.unfinished + self.not_modelled > 0
    }
}

impl KindTimes {
    /// Aquarchive's times the peer's are compared with, and the number of
    /// puzzles the peer's answers are counted over.
    fn compared(&self) -> (Vec<Duration>, usize) {
        match &self.peer {
            Some(peer) if peer.partial() => (peer.ours.clone(), peer.times.len()),
            _ => (self.aquarchive.clone(), self.aquarchive.len()),
        }
    }
}

pub fn run(args: PeersBenchArgs) -> Result<(), BenchError> {
    let by_kind = family::load(&args.puzzles.file, &args.puzzles.kinds)?;
    let runs = args.runs as usize;
    let mut script_args: Vec<OsString> =
        vec![args.puzzles.file.clone().into(), "--runs".into(), runs.to_string().into()];
    for kind in &args.puzzles.kinds {
        script_args.extend(["--kind".into(), kind.into()]);
    }
    if let Some(limit) = args.time_limit {
        script_args.extend(["--time-limit".into(), limit.to_string().into()]);
    }
    let script = relative_to_repository(&args.script.display().to_string()).to_string();
    eprintln!("aquarchive-bench: peers: {script} solves the puzzles first (a minute or more)");
    let script_args: Vec<&std::ffi::OsStr> = script_args.iter().map(OsString::as_os_str).collect();
    let records = run_script(&args.peer.python, &args.script, &script_args)?;
    let mut by_line = BTreeMap::new();
    for record in records {
        let line = record["line"]
            .as_u64()
            .ok_or_else(|| BenchError::Message(format!("{script}: a line without its puzzle's line: {record}")))?;
        by_line.insert(line as usize, record);
    }
    let mut kinds = Vec::new();
    for (&kind, reals) in &by_kind {
        let mut aquarchive = Vec::with_capacity(reals.len());
        for real in reals {
            let timed = family::time(real, runs)?;
            if !timed.confirmed {
                return Err(BenchError::Message(format!(
                    "{}:{}: aquarchive did not prove the site's answer the only one",
                    args.puzzles.file, real.line
                )));
            }
            aquarchive.push(timed.best);
        }
        let peer = if reals.iter().any(|r| by_line.contains_key(&r.line)) {
            let mut peer = PeerTimes::default();
            for (real, &ours) in reals.iter().zip(&aquarchive) {
                let record = by_line.get(&real.line).ok_or_else(|| {
                    BenchError::Message(format!("{script}: no result for line {} ({kind})", real.line))
                })?;
                if record.get("error").is_some() {
                    peer.failed += 1;
                    continue;
                }
                if record.get("unfinished").is_some() {
                    peer.unfinished += 1;
                    continue;
                }
                if record.get("not_modelled").is_some() {
                    peer.not_modelled += 1;
                    continue;
                }
                peer.ours.push(ours);
                let seconds = record["seconds"]
                    .as_f64()
                    .ok_or_else(|| BenchError::Message(format!("{script}: a line without seconds: {record}")))?;
                peer.times.push(Duration::from_secs_f64(seconds));
                peer.agrees += usize::from(record["agrees"].as_bool() == Some(true));
            }
            Some(peer)
        } else {
            None
        };
        kinds.push(KindTimes { kind, aquarchive, peer });
    }
    let limit = args.time_limit.map_or(String::new(), |s| {
        format!(
            "; the peer stopped after {s} s on a puzzle, and a kind it did not finish (or whose class it does not \
             model) is compared on the puzzles it did, \"k of n\""
        )
    });
    let title = format!(
        "The family's real puzzles ({}) by aquarchive (one thread; model and a search for two answers) and by \
         multi-puzzle-solver ({script}: OR-Tools CP-SAT, one worker; its model built and searched to a second \
         answer; Python's start, imports and the task's conversion not timed), best of {runs} runs a puzzle \
         each{limit}:",
        relative_to_repository(&args.puzzles.file),
    );
    let mut out = render(&title, &rows(&mut kinds));
    out.push_str(&verdict(&kinds));
    print(&out)
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

/// The peer's median over aquarchive's.
fn ratio(aquarchive: Duration, peer: Duration) -> f64 {
    peer.as_secs_f64() / aquarchive.as_secs_f64().max(1e-9)
}

fn shown_ratio(r: f64) -> String {
    if r >= TARGET_RATIO { format!("{r:.0}x") } else { format!("{r:.1}x") }
}

/// The table: a header, then a row a kind.
fn rows(kinds: &mut [KindTimes]) -> Vec<Vec<String>> {
    let mut rows = vec![
        [
            "kind",
            "puzzles",
            "aquarchive median ms",
            "aquarchive worst ms",
            "peer median ms",
            "peer worst ms",
            "peer / aquarchive (medians)",
            "peer's answer is the site's",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for k in kinds.iter_mut() {
        k.aquarchive.sort();
        let n = k.aquarchive.len();
        let (mut ours, counted) = k.compared();
        ours.sort();
        let mut row = vec![k.kind.to_string()];
        match &k.peer {
            Some(peer) if peer.partial() => row.push(format!("{} of {n}", peer.times.len())),
            _ => row.push(n.to_string()),
        }
        match ours.last() {
            Some(&worst) => row.extend([ms(median(&ours)), ms(worst)]),
            None => row.extend(["-", "-"].map(String::from)),
        }
        match &mut k.peer {
            None => row.extend(["no model", "", "", ""].map(String::from)),
            Some(peer) => {
                peer.times.sort();
                match (peer.times.last(), ours.is_empty()) {
                    (Some(&worst), false) => {
                        let theirs = median(&peer.times);
                        row.extend([ms(theirs), ms(worst), shown_ratio(ratio(median(&ours), theirs))]);
                    }
                    _ => row.extend(["-", "-", "-"].map(String::from)),
                }
                let mut notes = Vec::new();
                if peer.failed > 0 {
                    notes.push(format!("{} failed", peer.failed));
                }
                if peer.unfinished > 0 {
                    notes.push(format!("{} unfinished", peer.unfinished));
                }
                if peer.not_modelled > 0 {
                    notes.push(format!("{} not modelled", peer.not_modelled));
                }
                let notes = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join(", ")) };
                row.push(format!("{}/{counted}{notes}", peer.agrees));
            }
        }
        rows.push(row);
    }
    rows
}

/// The lines under the table: the kinds that miss each target, and the
/// kinds whose peer answers are not all the sites'.
fn verdict(kinds: &[KindTimes]) -> String {
    let mut slow = Vec::new();
    let mut disagree = Vec::new();
    let mut unfinished = Vec::new();
    for k in kinds {
        let Some(peer) = &k.peer else { continue };
        let (mut ours, counted) = k.compared();
        let mut theirs = peer.times.clone();
        ours.sort();
        theirs.sort();
        if !theirs.is_empty() && !ours.is_empty() {
            let r = ratio(median(&ours), median(&theirs));
            if r < TARGET_RATIO {
                slow.push(format!("{} ({})", k.kind, shown_ratio(r)));
            }
        }
        if peer.agrees < counted {
            disagree.push(format!("{} ({}/{counted})", k.kind, peer.agrees));
        }
        if peer.partial() {
            unfinished.push(format!("{} ({} of {})", k.kind, peer.times.len(), k.aquarchive.len()));
        }
    }
    let over: Vec<String> = kinds
        .iter()
        .filter_map(|k| {
            let worst = *k.aquarchive.iter().max()?;
            (worst > TARGET_WORST).then(|| format!("{} ({} ms)", k.kind, ms(worst)))
        })
        .collect();
    let list = |items: Vec<String>| if items.is_empty() { "none".to_string() } else { items.join(", ") };
    let without: Vec<String> = kinds.iter().filter(|k| k.peer.is_none()).map(|k| k.kind.to_string()).collect();
    let mut out = format!(
        "Kinds where aquarchive's median is not {TARGET_RATIO:.0}x faster than the peer's: {}\nKinds with a puzzle \
         over {} ms in aquarchive: {}\nKinds where the peer's answers are not all the sites' (its model there is not \
         the site's puzzle): {}\n",
        list(slow),
        TARGET_WORST.as_millis(),
        list(over),
        list(disagree)
    );
    if !without.is_empty() {
        out.push_str(&format!("No model in the peer: {}\n", without.join(", ")));
    }
    if !unfinished.is_empty() {
        out.push_str(&format!(
            "Kinds compared on the puzzles the peer finished (the rest stopped at the limit or of a class its model \
             does not take): {}\n",
            unfinished.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_micros(n * 1000)
    }

    #[test]
    fn each_kind_shows_both_solvers_the_ratio_of_medians_and_the_peers_agreement() {
        let mut kinds = vec![
            KindTimes {
                kind: Kind::Tents,
                aquarchive: vec![ms(3), ms(1), ms(2)],
                peer: Some(PeerTimes {
                    times: vec![ms(40), ms(20), ms(90)],
                    agrees: 3,
                    failed: 0,
                    ..PeerTimes::default()
                }),
            },
            KindTimes {
                kind: Kind::LightUp,
                aquarchive: vec![ms(60), ms(2)],
                peer: Some(PeerTimes { times: vec![ms(10)], agrees: 0, failed: 1, ..PeerTimes::default() }),
            },
            KindTimes { kind: Kind::Sudoku, aquarchive: vec![ms(1)], peer: None },
        ];
        let rows = rows(&mut kinds);
        assert_eq!(rows[0].len(), 8);
        assert_eq!(rows[1], ["tents", "3", "2.000", "3.000", "40.000", "90.000", "20x", "3/3"]);
        // An even count's median is the upper middle one; a failed puzzle
        // has no time and is named.
        assert_eq!(rows[2], ["light-up", "2", "60.000", "60.000", "10.000", "10.000", "0.2x", "0/2 (1 failed)"]);
        assert_eq!(rows[3], ["sudoku", "1", "1.000", "1.000", "no model", "", "", ""]);
        let verdict = verdict(&kinds);
        assert!(verdict.contains("is not 10x faster than the peer's: light-up (0.2x)\n"), "{verdict}");
        assert!(verdict.contains("over 50 ms in aquarchive: light-up (60.000 ms)\n"), "{verdict}");
        assert!(verdict.contains("the site's puzzle): light-up (0/2)\n"), "{verdict}");
        assert!(verdict.contains("No model in the peer: sudoku\n"), "{verdict}");
    }

    #[test]
    fn a_kind_the_peer_did_not_finish_is_compared_on_the_puzzles_it_did() {
        let mut kinds = vec![KindTimes {
            kind: Kind::Shingoki,
            aquarchive: vec![ms(1), ms(80), ms(3), ms(5)],
            peer: Some(PeerTimes {
                times: vec![ms(300), ms(100)],
                agrees: 2,
                unfinished: 1,
                not_modelled: 1,
                ours: vec![ms(3), ms(1)],
                ..PeerTimes::default()
            }),
        }];
        let rows = rows(&mut kinds);
        // The slow puzzle the peer did not finish is in neither median.
        assert_eq!(
            rows[1],
            [
                "shingoki",
                "2 of 4",
                "3.000",
                "3.000",
                "300.000",
                "300.000",
                "100x",
                "2/2 (1 unfinished, 1 not modelled)"
            ]
        );
        let verdict = verdict(&kinds);
        assert!(verdict.contains("is not 10x faster than the peer's: none\n"), "{verdict}");
        assert!(verdict.contains("over 50 ms in aquarchive: shingoki (80.000 ms)\n"), "{verdict}");
        assert!(verdict.contains("the site's puzzle): none\n"), "{verdict}");
        assert!(verdict.contains("does not take): shingoki (2 of 4)\n"), "{verdict}");
    }

    #[test]
    fn a_kind_that_meets_every_target_is_named_nowhere() {
        let kinds = [KindTimes {
            kind: Kind::Tents,
            aquarchive: vec![ms(1)],
            peer: Some(PeerTimes { times: vec![ms(10)], agrees: 1, failed: 0, ..PeerTimes::default() }),
        }];
        assert_eq!(
            verdict(&kinds),
            "Kinds where aquarchive's median is not 10x faster than the peer's: none\nKinds with a puzzle over 50 ms \
             in aquarchive: none\nKinds where the peer's answers are not all the sites' (its model there is not the \
             site's puzzle): none\n"
        );
    }
}
