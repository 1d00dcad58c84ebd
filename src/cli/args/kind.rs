//! `--kind`: the kinds by their names, the same in every subcommand.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use aquarchive::archive::Kind;

/// Every kind, with what a file of it holds (`solve` and `import` read them
/// all): the four with formats of their own, then the family's, whose files
/// hold the sites' task strings (`[KIND] [WIDTHxHEIGHT] TASK` a line).
pub(super) fn kinds_in_files() -> impl Iterator<Item = (Kind, &'static str)> {
    let own = FORMATS_OF_THEIR_OWN.map(|(kind, _)| kind);
    FORMATS_OF_THEIR_OWN.into_iter().chain(
        Kind::ALL.into_iter().filter(move |kind| !own.contains(kind)).map(|kind| (kind, "The site's task strings")),
    )
}

/// The kinds with formats of their own, with what a file of each holds.
const FORMATS_OF_THEIR_OWN: [(Kind, &str); 4] = [
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
