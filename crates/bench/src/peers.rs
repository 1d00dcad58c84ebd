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
//! same way ([`family::time`]).

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
}

pub fn run(args: PeersBenchArgs) -> Result<(), BenchError> {
    let by_kind = family::load(&args.puzzles.file, &args.puzzles.kinds)?;
    let runs = args.runs as usize;
    let mut script_args: Vec<OsString> =
        vec![args.puzzles.file.clone().into(), "--runs".into(), runs.to_string().into()];
    for kind in &args.puzzles.kinds {
        script_args.extend(["--kind".into(), kind.into()]);
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
            for real in reals {
                let record = by_line.get(&real.line).ok_or_else(|| {
                    BenchError::Message(format!("{script}: no result for line {} ({kind})", real.line))
                })?;
                if record.get("error").is_some() {
                    peer.failed += 1;
                    continue;
                }
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
    let title = format!(
        "The family's real puzzles ({}) by aquarchive (one thread; model and a search for two answers) and by \
         multi-puzzle-solver ({script}: OR-Tools CP-SAT, one worker; its model built and searched to a second \
         answer; Python's start, imports and the task's conversion not timed), best of {runs} runs a puzzle each:",
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
        let ours = median(&k.aquarchive);
        let mut row = vec![
            k.kind.to_string(),
            k.aquarchive.len().to_string(),
            ms(ours),
            ms(*k.aquarchive.last().expect("puzzles")),
        ];
        match &mut k.peer {
            None => row.extend(["no model", "", "", ""].map(String::from)),
            Some(peer) => {
                peer.times.sort();
                match peer.times.last() {
                    Some(&worst) => {
                        let theirs = median(&peer.times);
                        row.extend([ms(theirs), ms(worst), shown_ratio(ratio(ours, theirs))]);
                    }
                    None => row.extend(["-", "-", "-"].map(String::from)),
                }
                let failed = if peer.failed > 0 { format!(" ({} failed)", peer.failed) } else { String::new() };
                row.push(format!("{}/{}{failed}", peer.agrees, k.aquarchive.len()));
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
    for k in kinds {
        let Some(peer) = &k.peer else { continue };
        let mut ours = k.aquarchive.clone();
        let mut theirs = peer.times.clone();
        ours.sort();
        theirs.sort();
        if !theirs.is_empty() {
            let r = ratio(median(&ours), median(&theirs));
            if r < TARGET_RATIO {
                slow.push(format!("{} ({})", k.kind, shown_ratio(r)));
            }
        }
        if peer.agrees < k.aquarchive.len() {
            disagree.push(format!("{} ({}/{})", k.kind, peer.agrees, k.aquarchive.len()));
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
                peer: Some(PeerTimes { times: vec![ms(40), ms(20), ms(90)], agrees: 3, failed: 0 }),
            },
            KindTimes {
                kind: Kind::LightUp,
                aquarchive: vec![ms(60), ms(2)],
                peer: Some(PeerTimes { times: vec![ms(10)], agrees: 0, failed: 1 }),
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
    fn a_kind_that_meets_every_target_is_named_nowhere() {
        let kinds = [KindTimes {
            kind: Kind::Tents,
            aquarchive: vec![ms(1)],
            peer: Some(PeerTimes { times: vec![ms(10)], agrees: 1, failed: 0 }),
        }];
        assert_eq!(
            verdict(&kinds),
            "Kinds where aquarchive's median is not 10x faster than the peer's: none\nKinds with a puzzle over 50 ms \
             in aquarchive: none\nKinds where the peer's answers are not all the sites' (its model there is not the \
             site's puzzle): none\n"
        );
    }
}
