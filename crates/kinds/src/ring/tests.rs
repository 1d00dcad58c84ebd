use multicover::{Probing, Settings};

use super::*;

const EXPERT: &str = include_str!("../../../../tests/fixtures/ring/expert.txt");
const SOLUTIONS: &str = include_str!("../../../../tests/fixtures/ring/expert.solution.txt");

fn published() -> Vec<Vec<usize>> {
    SOLUTIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect()
}

#[test]
fn the_expert_instance_has_exactly_its_four_published_solutions() {
    let ring = Ring::parse(EXPERT).unwrap();
    assert_eq!((ring.rows(), ring.sectors()), (8, 24));
    for probing in [Probing::Off, Probing::Root, Probing::Fixpoint] {
        let report = solve(&ring, 100, Settings::with_probing(probing)).unwrap();
        assert!(report.stats.exhausted);
        let mut found: Vec<Vec<usize>> = report.solutions.iter().map(|s| s.triangles.clone()).collect();
        found.sort();
        assert_eq!(found, published(), "{probing:?}");
        let assignments: u64 = report.solutions.iter().map(|s| s.assignments).sum();
        assert_eq!(assignments, 240);
        for s in &report.solutions {
            assert_eq!(verify(&ring, s), Ok(()));
        }
    }
}

#[test]
fn a_limit_stops_early_and_says_so() {
    let ring = Ring::parse(EXPERT).unwrap();
    let report = solve(&ring, 2, Settings::default()).unwrap();
    assert_eq!(report.solutions.len(), 2);
    assert!(!report.stats.exhausted);
    assert!(!report.is_unique());
}

#[test]
fn the_verifier_catches_each_broken_rule() {
    let ring = Ring::parse(EXPERT).unwrap();
    let good = solve(&ring, 1, Settings::default()).unwrap().solutions.remove(0);
    // A triangle moved one row: some ball no longer reaches it or lands off it.
    let mut moved = good.clone();
    moved.triangles[0] = (moved.triangles[0] + 1) % 8;
    assert!(verify(&ring, &moved).is_err());
    // A green ball sent two cells away.
    let mut far = good.clone();
    let from = ring.balls(Colour::Green)[0];
    far.ends[0][0] = ((from.0 + 2) % 8, from.1);
    assert!(matches!(verify(&ring, &far), Err(Violation::IllegalMove { colour: "green", .. })));
    // Two blue balls swapped ends are illegal unless both moves are legal; a
    // blue ball sent to its neighbour sector in the same row never is.
    let mut side = good.clone();
    let b = ring.balls(Colour::Blue)[0];
    side.ends[1][0] = (b.0, (b.1 + 1) % 24);
    assert!(matches!(verify(&ring, &side), Err(Violation::IllegalMove { colour: "blue", .. })));
    // A red ball that stays put on no triangle: the first red ball that
    // does not start on one of this solution's triangles.
    let (i, &r) = ring
        .balls(Colour::Red)
        .iter()
        .enumerate()
        .find(|&(_, &(row, sector))| good.triangles[sector] != row)
        .expect("some red ball starts off the triangles");
    let mut stay = good.clone();
    stay.ends[2][i] = r;
    assert_eq!(verify(&ring, &stay), Err(Violation::NotOnTriangle { colour: "red", at: r }));
}

#[test]
fn a_small_board_wraps_around() {
    // 3 rows, 3 sectors; greens in row 0, blues in row 1, reds in row 2.
    // Row 1 cannot hold a red (a jump is two), row 2 no green: every
    // triangle is in row 0, reds jump up, and the blues step diagonally
    // all one way around the ring or all the other (sector 2 -> 0 wraps).
    let ring =
        Ring::parse("size 3 3\ngreen: (0,0) (0,1) (0,2)\nblue: (1,0) (1,1) (1,2)\nred: 2 0, 2 1, 2 2\n").unwrap();
    assert_eq!(ring.destinations(Colour::Blue, (1, 2)), [(1, 2), (0, 1), (0, 0), (2, 1), (2, 0)]);
    let report = solve(&ring, 100, Settings::default()).unwrap();
    assert!(report.is_unique());
    assert_eq!(report.solutions[0].triangles, [0, 0, 0]);
    // Greens may also trade places along row 0 (any permutation of 3 moves
    // each by 0 or 1 around the ring): 6 x 2 assignments.
    assert_eq!(report.solutions[0].assignments, 12);
    assert_eq!(report.solutions[0].to_rows(3), ["***", "...", "..."]);
}

#[test]
fn malformed_instances_are_clear_errors() {
    let good = Ring::parse(EXPERT).unwrap().to_text();
    assert_eq!(Ring::parse(&good).unwrap(), Ring::parse(EXPERT).unwrap());
    let cases = [
        (good.replace("(1,0)", "(9,0)"), "line 2: green ball (9,0) is off the board (rows 0 to 7, sectors 0 to 23)"),
        (good.replace("(1,0)", "(1,24)"), "is off the board"),
        (good.replace("(2,2)", "(3,2)"), "line 3: blue ball (3,2) overlaps the green ball on that cell (line 2)"),
        (good.replace(" (4,23)", ""), "line 2: 23 green balls; a board of 24 sectors needs 24 of each colour"),
        (good.replace("(4,23)", "(4,23) (5,5)"), "25 green balls"),
        (good.replace("(4,23)", "(4,23) 5"), "odd count"),
        (good.replace("(4,23)", "(4,x)"), "`x` is not a row or sector number"),
        (good.replace("red:", "yellow:"), "`yellow`: expected `size`, `green:`, `blue:` or `red:`"),
        (good.lines().filter(|l| !l.starts_with("red")).collect::<Vec<_>>().join("\n"), "no `red:` line"),
        (good.replace("size 8 24", "size 8"), "`size` takes the rows and the sectors"),
        (good.replace("size 8 24", "size 0 24"), "1 to 64 rows"),
        (format!("{good}green: (0,0)\n"), "a second `green:` line"),
    ];
    for (text, expected) in cases {
        let err = Ring::parse(&text).unwrap_err().to_string();
        assert!(err.contains(expected), "expected `{expected}` in `{err}`");
    }
}

#[test]
fn the_home_reads_the_instance_back_and_its_answers_check() {
    use crate::Kind;
    use crate::homes::home;

    let board = home(Kind::Ring).unwrap().read(EXPERT, None).unwrap();
    assert_eq!((board.size().width, board.size().height), (24, 8));
    assert_eq!(home(Kind::Ring).unwrap().read(&board.task(), None).unwrap().task(), board.task());
    let solved = board.solve(Settings::default(), 100).unwrap().unwrap();
    assert_eq!(solved.solutions.len(), published().len());
    for answer in &solved.solutions {
        assert_eq!(board.check(answer), Ok(()));
    }
    // One ball moved where its colour cannot go breaks the rules.
    let moved = solved.solutions[0].replacen("green: (", "green: (0,0) (", 1);
    assert!(board.check(&moved).is_err());
    let drawn = board.draw(Some(&solved.solutions[0]));
    let triangles = drawn.cells.iter().filter(|c| c.fill == crate::draw::Fill::Shaded).count();
    assert_eq!(triangles, 24, "a triangle a sector");
    assert!(drawn.cells.iter().filter(|c| c.text.as_ref().is_some_and(|(t, _)| t.len() == 3)).count() == 24);
    assert!(home(Kind::Ring).unwrap().read("size 8\n", None).is_err());
}
