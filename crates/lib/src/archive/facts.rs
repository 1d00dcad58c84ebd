//! A stored puzzle's facts, gathered once: `show` heads its drawing with
//! them and the HTML archive's page lists them, each from this one list
//! (the words are `render::facts`').

use crate::config::SiteConfig;
use crate::kinds::Kind;
use crate::kinds::sudoku::grade as sudoku_grade;
use crate::render::facts::{self, Fact};
use crate::shared::time_text;
use crate::store::{Puzzle, Status};

use super::kinds::{AnyPuzzle, AnySolution, size_text};
use super::{export, site_names, stats, stored_solution};

/// What is known of a stored puzzle, in the values its words are made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub id: i64,
    pub kind: Kind,
    /// Its size class in words (`10x10 hard`, `special daily`), else its size.
    pub class: String,
    pub status: Status,
    pub note: Option<String>,
    /// Its grade's level, where it has one.
    pub grade: Option<String>,
    /// The site's puzzle ID, as the site writes it (`3,081,686`).
    pub site_id: Option<String>,
    /// A special's date.
    pub special_of: Option<String>,
    /// A calendar puzzle's date and board (`Mar 14 Sat on the weekday board`).
    pub date: Option<String>,
    /// The site's answer check in words, for a puzzle from a page.
    pub site_check: Option<&'static str>,
    pub size: String,
    pub source: String,
    /// When it was stored.
    pub stored: String,
    /// Its page on the site.
    pub link: Option<String>,
    /// An Aquarium's puzz.link address.
    pub puzzlink: Option<String>,
    pub solved: Option<Solved>,
}

/// What the latest solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub found: u32,
    pub solver_version: String,
    pub micros: u64,
    pub nodes: u64,
}

impl Facts {
    /// The facts of `puzzle`, `read` its stored text read back (if it
    /// reads); `sites` gives the address its link is made with.
    pub fn of(puzzle: &Puzzle, read: Option<&AnyPuzzle>, sites: &SiteConfig) -> Facts {
        let record = &puzzle.record;
        let (grade, _) = grade_of(puzzle, read);
        Facts {
            id: puzzle.id,
            kind: record.kind,
            class: stats::class_of(record.kind, record.size_class, record.width, record.height),
            status: record.status,
            note: record.note.clone(),
            grade: Some(grade).filter(|g| !g.is_empty()),
            site_id: record.site_id.map(site_names::site_id_text),
            special_of: record.special_date.clone(),
            date: read.and_then(AnyPuzzle::calendar_label),
            // A page's puzzle keeps its page as a snapshot.
            site_check: puzzle.hash_check.and_then(|check| facts::site_check(check, record.snapshot.is_some())),
            size: size_text(record.kind, record.width, record.height),
            source: record.source.clone(),
            stored: time_text(puzzle.created),
            link: export::link(puzzle, sites),
            puzzlink: read.and_then(AnyPuzzle::puzzlink),
            solved: puzzle.solution.as_ref().map(|s| Solved {
                found: s.found,
                solver_version: s.solver_version.clone(),
                micros: s.micros,
                nodes: s.nodes,
            }),
        }
    }

    /// The facts as the HTML archive's page lists them, label and value,
    /// in order: the status, the note, the grade, a special's date, a
    /// calendar puzzle's date, the site's check, the size, the source, the
    /// links, the time stored and the latest solve.
    pub fn list(&self) -> Vec<Fact> {
        let kind = self.kind;
        let status = if self.status == Status::Several && !kind.expects_unique() {
            format!("{} (as a {kind} has as a rule)", self.status)
        } else {
            self.status.to_string()
        };
        let mut list = vec![Fact::new("status", status)];
        list.extend(self.note.clone().map(|note| Fact::new("note", note)));
        list.extend(self.grade.clone().map(|grade| Fact::new("grade", grade)));
        list.extend(self.special_of.clone().map(|date| Fact::new("special of", date)));
        list.extend(self.date.clone().map(|date| Fact::new("date", date)));
        list.extend(self.site_check.map(|check| Fact::new("site's check", check)));
        list.push(Fact::new("size", self.size.clone()));
        list.push(Fact::new("source", self.source.clone()));
        list.extend(self.link.clone().map(|link| Fact::linked("on the site", link.clone(), link)));
        list.extend(self.puzzlink.clone().map(|link| Fact::linked("play elsewhere", "on puzz.link", link)));
        list.push(Fact::new("stored", self.stored.clone()));
        list.extend(self.solved.as_ref().map(|s| {
            let found = facts::found(kind, s.found);
            Fact::new("solved", format!("{found}, by {} in {} µs, {} nodes", s.solver_version, s.micros, s.nodes))
        }));
        list
    }

    /// The facts as `show` heads a puzzle's drawing: a line of what it is
    /// and what its solve found (`first_shown`: its first solution drawn
    /// below, where it has several as a rule), its source and time stored,
    /// and its link.
    pub fn head(&self, first_shown: bool) -> String {
        let mut head = format!("puzzle {}: {} {}, {}", self.id, self.kind, self.class, self.status);
        if let Some(id) = &self.site_id {
            head.push_str(&format!(", site ID {id}"));
        }
        if let Some(date) = &self.special_of {
            head.push_str(&format!(", the special of {date}"));
        }
        if let Some(check) = self.site_check {
            head.push_str(&format!(", {check}"));
        }
        if let Some(note) = &self.note {
            head.push_str(&format!(" ({note})"));
        }
        if let Some(s) = &self.solved {
            head.push_str(&format!("; solved by {} in {} µs, {} nodes", s.solver_version, s.micros, s.nodes));
            if !self.kind.expects_unique() {
                let shown = if first_shown { " (the first shown)" } else { "" };
                head.push_str(&format!(", {} solutions{shown}", s.found));
            }
        }
        head.push_str(&format!("\nsource: {}, stored {}\n", self.source, self.stored));
        if let Some(link) = &self.link {
            head.push_str(&format!("link: {link}\n"));
        }
        head
    }
}

/// The level of `puzzle`'s grade, as `list` gives it, and its rank (1 the
/// easiest of its kind), where it has one: the one stored with its
/// solution, else (a Sudoku solved before grades were kept) its grade now,
/// which is quick; empty for a puzzle not graded.
pub fn grade_of(puzzle: &Puzzle, read: Option<&AnyPuzzle>) -> (String, Option<u32>) {
    if let Some(grade) = puzzle.solution.as_ref().and_then(|s| s.grade.as_ref()) {
        return (grade.level.clone(), Some(grade.rank));
    }
    match read {
        Some(sudoku @ AnyPuzzle::Sudoku(grid)) if puzzle.record.status == Status::Ok => {
            match stored_solution(puzzle, sudoku) {
                Some(Ok(AnySolution::Sudoku(solution))) => {
                    let level = sudoku_grade(grid, &solution).level;
                    (level.name().to_string(), Some(level.rank()))
                }
                _ => (String::new(), None),
            }
        }
        _ => (String::new(), None),
    }
}
