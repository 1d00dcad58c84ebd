//! The levels said as the graders have them, and `grade_file` on whole
//! files: each puzzle read, solved, graded (or not) and placed, as
//! `aquarchive grade` reports them.

use super::*;
use crate::kinds::aquarium::grade::grade_knowing;
use crate::kinds::grading::Grading;

/// The first Sudoku of the sample the grader is ranked on
/// (`tests/fixtures/sudoku/se_rated_sample.txt`, rated 7.2): an expert.
const DIABOLICAL: &str = "083020090000800100029300008000098700070000060006740000300006980002005000010030540";

/// A 6x6 of the site (`tests/fixtures/aquarium/puzzles/6x6_easy_681742.txt`).
const AQUARIUM: &str = "\
1 1 2 3 3 3
1 2 2 2 3 4
1 2 3 3 3 4
2 2 2 5 5 4
6 2 5 5 5 4
6 6 6 4 4 4
4 5 5 3 1 3
4 5 5 3 3 1
";

fn counted_steps<S: crate::kinds::grading::Step>(grading: &Grading<S>) -> usize {
    grading.counts().iter().map(|&(_, n)| n).sum()
}

#[test]
fn a_sudoku_file_gives_each_line_graded_unsolvable_or_unread() {
    let blank = ".".repeat(81);
    let text = format!("# a comment\n{DIABOLICAL}\n12345\n{blank}\n");
    let grades = grade_file("s.txt", &text, true).unwrap();
    assert_eq!(grades.kind, Kind::Sudoku);
    let results: Vec<_> = grades.collect();
    assert_eq!(results.len(), 3);

    let Ok(AnyGraded::Sudoku(first)) = &results[0] else { panic!("{:?}", results[0]) };
    assert_eq!((first.line, first.place.as_str()), (2, "s.txt:2"));
    let (solution, grading) = first.graded().expect("one solution");
    assert!(first.stats.exhausted && first.solutions.len() == 1);
    assert_eq!(sudoku::verify(&first.puzzle, solution), Ok(()));
    assert_eq!(counted_steps(grading), grading.steps.len());
    assert!(grading.complete && grading.level == sudoku::Level::Expert, "{}", grading.summary());
    assert!(grading.steps.iter().all(|s| !s.text.is_empty()));

    let Err(unread) = &results[1] else { panic!("line 3 is not a puzzle") };
    assert_eq!(unread.line, 3);
    assert!(unread.to_string().starts_with("s.txt:3: expected 81 cells"), "{unread}");

    let Ok(AnyGraded::Sudoku(blank)) = &results[2] else { panic!("{:?}", results[2]) };
    assert_eq!(blank.solutions.len(), 2, "the search stops at a second solution");
    assert!(blank.grading.is_none() && blank.graded().is_none());
}

#[test]
fn an_aquarium_is_graded_the_same_with_or_without_its_words() {
    let graded = |words| match grade_file("a.txt", AQUARIUM, words).unwrap().next() {
        Some(Ok(AnyGraded::Aquarium(graded))) => graded,
        other => panic!("{other:?}"),
    };
    let (worded, bare) = (graded(true), graded(false));
    assert_eq!(worded.place, "a.txt", "the one puzzle of a file is named by the file alone");
    let (solution, with_words) = worded.graded().unwrap();
    let (_, without) = bare.graded().unwrap();
    assert_eq!(with_words.level, grade_knowing(&worded.puzzle, solution).level);
    assert_eq!((with_words.level, with_words.summary()), (without.level, without.summary()));
    assert_eq!(counted_steps(with_words), with_words.steps.len());
    assert!(with_words.steps.iter().all(|s| !s.text.is_empty()));
    assert!(without.steps.iter().all(|s| s.text.is_empty()));
    let settled: usize = with_words.steps.iter().map(|s| s.settles.len()).sum();
    assert_eq!(settled, 36, "every cell settled once");
}

#[test]
fn each_puzzle_of_a_task_file_is_placed_by_its_line() {
    let text = "\
2_2_2_2_3_2_0_0_0_2_5_6;1,1,1,1,1,1,1,1,1,1,1,1,2,1,1,1,1,3,2,4,2,5,6,6,2,2,2,2,6,7,2,2,2,2,6,6
# a comment
3_3_3_2_2_2_1_0_2_3_5_4;1,2,2,2,2,3,4,2,3,3,3,3,4,4,3,3,3,3,4,4,4,5,5,5,6,4,5,5,5,5,7,7,5,5,5,5
nonsense line
";
    let results: Vec<_> = grade_file("t.txt", text, false).unwrap().collect();
    let places: Vec<String> = results
        .iter()
        .map(|r| match r {
            Ok(AnyGraded::Aquarium(g)) => g.place.clone(),
            Ok(other) => panic!("{other:?}"),
            Err(err) => err.to_string(),
        })
        .collect();
    assert_eq!(places, ["t.txt:1", "t.txt:3", "t.txt:4: task string: no `;` between the clues and the tanks"]);
}

#[test]
fn a_kind_without_a_grader_is_refused_by_name() {
    let ring =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/ring/expert.txt")).unwrap();
    let Err(refused) = grade_file("r.txt", &ring, false) else { panic!("a ring file was graded") };
    assert_eq!(refused.kind, Kind::Ring);
    assert_eq!(
        refused.to_string(),
        "r.txt: holds ring puzzles; grade reads Sudoku, Aquarium and the family's task lines"
    );
}

#[test]
fn the_levels_text_is_the_graders_levels_one_a_line() {
    let text = levels_text();
    let expected = "\
Sudoku:
  easy     hidden and naked singles
  medium   + locked candidates, naked and hidden pairs and triples
  hard     + X-wing, swordfish, XY-wing, XYZ-wing
  expert   + simple coloring, X-chains, XY-chains
  guess    the techniques run out: some cell needs trial and error
Aquarium:
  easy     finished and full lines, pieces too wide for what their row has left
  medium   + pieces a row needs, tank levels a column forces from below or caps from above
  hard     + sums of the pieces that can make a line's clue
  expert   + two lines counted together
  extreme  + contradiction: if this cell were water (or air), some line could not be met
  guess    the techniques run out: some tank needs trial and error
By the engine's reasoning on the puzzle's model:
  binairo, binairo-plus, dominosa, futoshiki, jigsaw-sudoku, kakurasu, kakuro,
  killer-sudoku, light-up, minesweeper, mosaic, nonograms, renzoku, shikaku,
  skyscrapers, stitches, tents, thermometers:
  easy     propagation: each rule rules out what would break it, until every cell is settled
  medium   + lookahead: a candidate tried, and ruled out because some rule then breaks
  hard     + search: some candidates only trial and error deeper than one step rules out
";
    assert_eq!(text, expected);
    assert_eq!(level_names(), ["easy", "medium", "hard", "expert", "extreme", "guess"]);
}

/// A graded puzzle's JSON line: its fields in name order (as they have
/// always been written), a step's cells 1-based, and no grade fields for a
/// puzzle not graded.
#[test]
fn a_grade_record_is_written_in_name_order_with_its_steps_cells_from_one() {
    let in_name_order = |record: &GradeRecord| {
        let written = serde_json::to_string(record).unwrap();
        let value: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(value.to_string(), written, "fields out of name order");
        value
    };
    let graded: Vec<AnyGraded> = grade_file("a.txt", AQUARIUM, true).unwrap().map(Result::unwrap).collect();
    let record = in_name_order(&graded[0].record("a.txt", true));
    assert_eq!(record["kind"], "aquarium");
    assert_eq!((record["width"].as_u64(), record["tanks"].as_u64()), (Some(6), Some(6)));
    assert_eq!(record["solution"].as_array().unwrap().len(), 6);
    let steps = record["steps"].as_array().unwrap();
    let settled: usize = steps.iter().map(|s| s["settles"].as_array().unwrap().len()).sum();
    assert_eq!(settled, 36, "every cell settled once");
    assert!(
        steps.iter().flat_map(|s| s["settles"].as_array().unwrap()).all(|c| (1..=6).contains(&c[0].as_u64().unwrap()))
    );
    assert_eq!(
        record["techniques"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum::<u64>(),
        steps.len() as u64
    );
    assert!(in_name_order(&graded[0].record("a.txt", false)).get("steps").is_none());

    let text = format!("{DIABOLICAL}\n1{}\n", ".".repeat(80));
    let graded: Vec<AnyGraded> = grade_file("s.txt", &text, true).unwrap().map(Result::unwrap).collect();
    let record = in_name_order(&graded[0].record("s.txt", true));
    assert_eq!(record["level"], "expert");
    let step = &record["steps"][0];
    assert!(step["placed"].is_array() && step["removed"].is_array() && step.get("settles").is_none(), "{step}");
    let open = in_name_order(&graded[1].record("s.txt", true));
    assert_eq!((open["line"].as_u64(), open["unique"].as_bool()), (Some(2), Some(false)));
    for field in ["level", "rank", "techniques", "solution", "steps"] {
        assert!(open.get(field).is_none(), "{field} of a puzzle not graded: {open}");
    }
}
