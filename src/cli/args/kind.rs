//! `--kind`: the kinds by their names, the same in every subcommand.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use aquarchive::archive::Kind;

/// Every kind, with what a file of it holds (`solve` and `import` read them all).
pub(super) const KINDS_IN_FILES: [(Kind, &str); 4] = [
    (Kind::Aquarium, "Rows of tank numbers, then the row and column clues; or site `task` strings"),
    (Kind::Sudoku, "81 characters a line, `.` or `0` blank"),
    (
        Kind::Calendar,
        "One date a line on a built-in board: `standard Mar 14`, `weekday Jan 5 Sun`; or a board file followed by \
         `date:` lines",
    ),
    (Kind::Ring, "One ring-board instance a file: `size`, `green:`, `blue:`, `red:` lines"),
];

/// `--kind` as one of `kinds` (each shown in `--help` with its text, if
/// any), read by [`Kind`]'s own `FromStr`.
pub(super) fn kind_of(kinds: impl IntoIterator<Item = (Kind, &'static str)>) -> impl TypedValueParser<Value = Kind> {
    let values = kinds.into_iter().map(|(kind, help)| {
        let value = PossibleValue::new(kind.name());
        if help.is_empty() { value } else { value.help(help) }
    });
    PossibleValuesParser::new(values).map(|name| name.parse::<Kind>().expect("every possible value is a kind's name"))
}
