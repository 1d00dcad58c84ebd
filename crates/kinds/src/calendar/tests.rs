use multicover::{Probing, Settings};

use super::*;

const FAST: Method = Method::Bitboard;

fn weekday() -> Variant {
    Variant::built_in("weekday").unwrap()
}

fn standard() -> Variant {
    Variant::built_in("standard").unwrap()
}

fn date(text: &str) -> Date {
    Date::parse(text, None).unwrap()
}

fn all_coverable(v: &Variant) -> Vec<bool> {
    (0..v.width() * v.height()).map(|i| v.cell(i / v.width(), i % v.width()) != Cell::Blocked).collect()
}

// The figures below are those of tests/fixtures/calendar/README.md, which
// names where each is published; every one is also counted by an independent
// tiler in the integration tests (tests/it/oracles.rs).

#[test]
fn placements_on_the_empty_boards_match_the_known_figures() {
    let v = weekday();
    let all = placements(&v, &all_coverable(&v));
    assert_eq!(all.len(), 1466);
    let mut per_piece: Vec<usize> =
        (0..v.pieces().len()).map(|k| all.iter().filter(|p| p.piece == k).count()).collect();
    per_piece.sort_unstable();
    assert_eq!(per_piece, [55, 100, 102, 102, 118, 122, 191, 194, 240, 242]);
    let s = standard();
    assert_eq!(placements(&s, &all_coverable(&s)).len(), 961);
}

#[test]
fn weekday_board_counts_match_the_known_figures() {
    let v = weekday();
    for (text, expected) in [
        ("Jan 1 Sun", 1495),
        ("Jan 1 Mon", 857),
        ("Jun 2 Mon", 1004),
        ("Apr 8 Thu", 1228),
        ("Apr 6 Mon", 97),
        ("Jun 7 Tue", 10_374),
    ] {
        let stats = count_verified(&v, &date(text), FAST).unwrap();
        assert!(stats.exhausted);
        assert_eq!(stats.solutions, expected, "{text}");
    }
}

#[test]
fn standard_board_counts_match_the_known_figures() {
    let v = standard();
    for (text, expected) in [("May 1", 57), ("May 21", 36), ("Oct 6", 7), ("Jan 25", 216)] {
        assert_eq!(count_verified(&v, &date(text), FAST).unwrap().solutions, expected, "{text}");
    }
}

#[test]
fn standard_board_every_date_totals_match_the_known_figures() {
    let v = standard();
    let combinations = v.combinations();
    assert_eq!(combinations.len(), 372);
    let (mut all, mut real, mut fewest) = (0, 0, u64::MAX);
    for d in &combinations {
        let n = count(&v, d, FAST).solutions;
        assert!(n > 0, "{d} has no tiling");
        all += n;
        if d.is_real() {
            real += n;
            fewest = fewest.min(n);
        }
    }
    assert_eq!((all, real, fewest), (25_061, 24_405, 7));
    assert_eq!(combinations.iter().filter(|d| d.is_real()).count(), 366);
    // 366 days (Feb 29 included) on each of 7 weekdays.
    assert_eq!(weekday().combinations().iter().filter(|d| d.is_real()).count(), 366 * 7);
}

#[test]
fn both_solvers_and_every_probing_setting_count_the_same() {
    // Dates with few tilings, so the engine's counts stay quick.
    for (v, text, expected) in [(standard(), "Oct 6", 7), (standard(), "May 21", 36)] {
        let d = date(text);
        for probing in [Probing::Off, Probing::Root, Probing::Fixpoint] {
            assert_eq!(
                count(&v, &d, Method::Engine(Settings::with_probing(probing))).solutions,
                expected,
                "{text} {probing:?}"
            );
        }
        assert_eq!(count(&v, &d, FAST).solutions, expected, "{text}");
    }
}

#[test]
fn a_solution_leaves_exactly_the_date_open_and_the_verifier_checks_it() {
    let v = weekday();
    let d = date("2027-03-14"); // a Sunday
    assert_eq!(d.weekday, Some(0));
    let report = solve(&v, &d, 1, Method::Engine(Settings::default())).unwrap();
    let tiling = &report.solutions[0];
    let rows = tiling.to_rows(&v);
    assert_eq!(rows.len(), 8);
    let open: Vec<(usize, usize)> =
        (0..8).flat_map(|r| (0..7).map(move |c| (r, c))).filter(|&(r, c)| rows[r].as_bytes()[c] == b'.').collect();
    // Mar at (0,2), 14 at (3,6), Sun at (6,3).
    assert_eq!(open, [(0, 2), (3, 6), (6, 3)]);
    assert_eq!(verify(&v, &d, tiling), Ok(()));
    // The same tiling on another date covers that date's cells.
    assert!(matches!(verify(&v, &date("Mar 13 Sun"), tiling), Err(Violation::CoveredDate { .. })));
    // Two pieces swapped letters: shapes no longer match (the pieces differ).
    let mut cells = tiling.cells.clone();
    for c in cells.iter_mut() {
        *c = c.map(|k| match k {
            0 => 6,
            6 => 0,
            k => k,
        });
    }
    assert!(matches!(verify(&v, &d, &Tiling { cells }), Err(Violation::WrongShape { .. })));
    let mut cells = tiling.cells.clone();
    let covered = cells.iter().position(Option::is_some).unwrap();
    cells[covered] = None;
    assert!(matches!(
        verify(&v, &d, &Tiling { cells }),
        Err(Violation::Uncovered { .. }) | Err(Violation::WrongShape { .. })
    ));
}

#[test]
fn a_board_without_weekdays_ignores_them_and_one_with_them_needs_one() {
    assert!(weekday().has_weekdays() && !standard().has_weekdays());
    assert!(matches!(weekday().fit(date("Jan 1")), Err(DateError::NeedWeekday { .. })));
    assert_eq!(standard().fit(date("Jan 1 Sun")), Ok(date("Jan 1")));
}

#[test]
fn malformed_variant_files_are_clear_errors() {
    let board = "board:\nJan Feb Mar Apr May Jun -\nJul Aug Sep Oct Nov Dec -\n1 2 3 4 5 6 7\n8 9 10 11 12 13 14\n15 16 17 18 19 20 21\n22 23 24 25 26 27 28\n29 30 31 - - - -\n";
    let pieces = standard_pieces();
    assert!(Variant::parse("ok", &format!("{board}pieces:\n{pieces}")).is_ok());
    let cases = [
        (format!("Jan\n{board}"), "line 1: expected `board:`"),
        (
            format!("{}pieces:\n{pieces}", board.replace("1 2 3", "1 2")),
            "line 4: this row has 6 cells, the first row has 7",
        ),
        (format!("{}pieces:\n{pieces}", board.replace("Feb", "Fev")), "line 2: `Fev` is not a cell"),
        (format!("{}pieces:\n{pieces}", board.replace(" 31 ", " 32 ")), "line 8: `32` is not a day"),
        (format!("{}pieces:\n{pieces}", board.replace(" 30 ", " 29 ")), "line 8: day 29 has a second cell"),
        (format!("{}pieces:\n{pieces}", board.replace("Feb", ".")), "the board has no cell for Feb"),
        (format!("{board}pieces:\n{pieces}Q X\n"), "the pieces have 42 cells but each date leaves 41"),
        (format!("{board}pieces:\nOO XXX\n"), "a piece's name is one letter"),
        (format!("{board}pieces:\nO XXX/XYX\n"), "`Y` in a piece"),
        (format!("{board}pieces:\n{pieces}O X\n"), "two pieces are called O"),
        (board.to_string(), "no pieces"),
        (format!("{board}pieces:\nO\n"), "a piece is a letter and its rows"),
    ];
    for (text, expected) in cases {
        let err = Variant::parse("bad", &text).unwrap_err().to_string();
        assert!(err.contains(expected), "expected `{expected}` in `{err}`");
    }
}

fn standard_pieces() -> String {
    standard()
        .pieces()
        .iter()
        .map(|p| {
            let rows = p.cells.iter().map(|c| c.0).max().unwrap() + 1;
            let cols = p.cells.iter().map(|c| c.1).max().unwrap() + 1;
            let shape: Vec<String> = (0..rows)
                .map(|r| (0..cols).map(|c| if p.cells.contains(&(r, c)) { 'X' } else { '.' }).collect())
                .collect();
            format!("{} {}\n", p.letter, shape.join("/"))
        })
        .collect()
}

#[test]
fn one_search_for_every_date_counts_as_the_searches_of_each() {
    let v = standard();
    let counts = count_every_date(&v, FAST).unwrap();
    assert_eq!(counts.len(), 372);
    for (d, n) in counts.iter().step_by(37) {
        assert_eq!(count(&v, d, FAST).solutions, *n, "{d}");
    }
    assert_eq!(counts.iter().map(|c| c.1).sum::<u64>(), 25_061);
}

#[test]
fn every_combination_gets_one_verified_tiling_in_order() {
    let v = standard();
    let firsts = first_of_every_date(&v, Method::Bitboard).unwrap();
    let dates: Vec<Date> = firsts.iter().map(|(d, _)| *d).collect();
    assert_eq!(dates, v.combinations());
    for (date, tiling) in &firsts {
        let tiling = tiling.as_ref().unwrap_or_else(|| panic!("{date}: no tiling"));
        assert_eq!(verify(&v, date, tiling), Ok(()), "{date}");
    }
}

#[test]
fn the_home_reads_a_date_back_and_its_answers_check() {
    use crate::Kind;
    use crate::draw::Fill;
    use crate::homes::home;

    let calendar = home(Kind::Calendar).unwrap();
    let board = calendar.read("standard Mar 14", None).unwrap();
    assert_eq!(board.task(), "standard Mar 14\n");
    assert_eq!(calendar.read(&board.task(), None).unwrap().task(), board.task());
    let solved = board.solve(multicover::Settings::default(), 3).unwrap().unwrap();
    assert_eq!(solved.solutions.len(), 3);
    for answer in &solved.solutions {
        assert_eq!(board.check(answer), Ok(()));
        assert_eq!(answer.matches('.').count(), 2, "Mar and 14 stay open: {answer}");
    }
    // Two pieces' letters swapped in one cell: not a tiling any more.
    let first = &solved.solutions[0];
    let at = first.find(|c: char| c.is_ascii_alphabetic()).unwrap();
    let other = first.chars().find(|&c| c.is_ascii_alphabetic() && c != first[at..].chars().next().unwrap()).unwrap();
    let broken = format!("{}{other}{}", &first[..at], &first[at + 1..]);
    assert!(board.check(&broken).is_err());
    let drawn = board.draw(Some(first));
    assert_eq!(drawn.cells.iter().filter(|c| c.fill == Fill::Shaded).count(), 2);
    assert!(drawn.cells.iter().any(|c| c.text.as_ref().is_some_and(|(t, _)| t == "Mar")));
    assert!(drawn.regions.is_some());

    let weekday = calendar.read("weekday 2027-01-05", None).unwrap();
    assert_eq!(weekday.task(), "weekday Jan 5 Tue\n");
    let err = calendar.read("dragon Mar 14", None).unwrap_err();
    assert!(err.to_string().contains("`dragon` is not a board"), "{err}");
    assert!(calendar.read("weekday Mar 14", None).is_err(), "a weekday board needs the weekday");
}
