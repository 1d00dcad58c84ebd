//! A stored puzzle's facts in words, written once: `show` prints them and
//! the HTML archive's pages give them.

use crate::kinds::Kind;
use crate::shared::HashCheck;

/// The site's answer check in words: whether the solution found hashes to
/// the page's `hashedSolution`. None for a puzzle not from a page
/// (`from_page` false), which had no hash to check.
pub fn site_check(check: HashCheck, from_page: bool) -> Option<&'static str> {
    match check {
        HashCheck::Match => Some("confirmed by the site's hash"),
        HashCheck::Mismatch => Some("not confirmed: the site's hash does not match"),
        HashCheck::Absent if from_page => Some("not confirmed: the page had no hash"),
        HashCheck::Absent => None,
        HashCheck::Pending => Some("to be checked against the site's hash once its kind is solved"),
    }
}

/// One fact of a stored puzzle, as the HTML archive's page lists it: its
/// label, its value in words, and where the value links to, if anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub label: &'static str,
    pub value: String,
    pub link: Option<String>,
}

impl Fact {
    pub fn new(label: &'static str, value: impl Into<String>) -> Fact {
        Fact { label, value: value.into(), link: None }
    }

    /// A fact whose value links to `link`.
    pub fn linked(label: &'static str, value: impl Into<String>, link: String) -> Fact {
        Fact { label, value: value.into(), link: Some(link) }
    }
}

/// What the solver found, in words: a puzzle of a kind with one solution
/// as a rule has one, proved unique, or more than one; a calendar date or
/// a ring instance has its count.
pub fn found(kind: Kind, found: u32) -> String {
    match found {
        0 => "no solution".to_string(),
        1 => "one solution, proved unique".to_string(),
        n if !kind.expects_unique() => format!("{n} solutions"),
        _ => "more than one solution".to_string(),
    }
}
