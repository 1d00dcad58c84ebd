//! The specials the archive holds, found as a player names them: by the
//! name `fetch` asks for them by (`daily`, `weekly`, `monthly`, or a
//! special's own name on a site that serves several) and their date, or the
//! newest. What `show daily --date 2026-11-20` shows.

use jiff::civil::Date;

use crate::site::family::{AQUARIUM, Period, SiteId, Special};
use crate::site::url::{Asked, SizeClass, offered_for};
use crate::store::{Filter, Puzzle, Sizes, Store};

use super::site_names::learn_classes;
use super::{Archive, ArchiveError};

/// The special `word` names on `site` that the archive holds: the one whose
/// day, week or month holds `date`, or without a date the newest (the
/// latest date, the first stored of it). An error says what is held
/// instead: the nearest dates, or that none of it is held; and names the
/// specials where `word` names several held ones (`daily` on a site that
/// serves a daily of each of its kinds).
pub fn held_special(archive: &Archive, site: SiteId, word: &str, date: Option<Date>) -> Result<Puzzle, ArchiveError> {
    let store = archive.store();
    learn_classes(store, &[site])?;
    let asked = Asked::on(site, word).map_err(|e| ArchiveError::Input(format!("{word}: {e}")))?;
    let specials: Vec<(Asked, &Special)> = asked.iter().filter_map(|&a| Some((a, special_of(a)?))).collect();
    if specials.is_empty() {
        return Err(ArchiveError::Input(format!(
            "{word}: a class of {site}, not a special: give a special's name (daily, weekly, monthly{}) or a \
             puzzle's ID",
            if site.site().specials.iter().any(|s| !is_period_name(s.name)) { ", or the site's own" } else { "" }
        )));
    }
    let mut found = Vec::new();
    let mut held_dates = Vec::new();
    for &(asked, special) in &specials {
        // A special served at a path has a number only once a page of it
        // was stored: none is held before.
        let Some(class) = asked.class() else { continue };
        let held = held_of(store, special, class)?;
        let chosen = match date {
            Some(day) => {
                let dates: Vec<Date> = held.iter().map(|(d, _)| *d).collect();
                offered_for(class, day, &dates).and_then(|d| held.iter().find(|(held, _)| *held == d))
            }
            None => held.iter().max_by(|a, b| a.0.cmp(&b.0).then(b.1.id.cmp(&a.1.id))),
        };
        match chosen {
            Some((_, puzzle)) => found.push((special.name, puzzle.clone())),
            None => held_dates.extend(held.iter().map(|(d, _)| *d)),
        }
    }
    // A sister site's special is named with its site: "light-up daily".
    let what = if site == AQUARIUM { word.to_string() } else { format!("{site} {word}") };
    match found.len() {
        1 => Ok(found.pop().expect("one found").1),
        0 => {
            let path = store.path().display();
            let site_flag = if site == AQUARIUM { String::new() } else { format!(" --site {site}") };
            let Some(day) = date else {
                return Err(ArchiveError::Input(format!(
                    "no {what} in {path}: `aquarchive fetch {word}{site_flag}` fetches the current one"
                )));
            };
            let instead = nearest(&held_dates, day).unwrap_or_else(|| {
                format!(
                    "it holds no {what}: `aquarchive fetch {word}{site_flag} --date {day}` fetches it while the site \
                     still offers it"
                )
            });
            Err(ArchiveError::Input(format!("no {what} of {day} in {path}; {instead}")))
        }
        _ => {
            let each: Vec<String> = found
                .iter()
                .map(|(name, p)| {
                    format!("{name} of {} (puzzle {})", p.record.special_date.as_deref().unwrap_or("?"), p.id)
                })
                .collect();
            Err(ArchiveError::Input(format!(
                "{what} names {} specials held: {}; give one's name or ID",
                found.len(),
                each.join(", ")
            )))
        }
    }
}

/// The special a class as asked is, if it is one.
fn special_of(asked: Asked) -> Option<&'static Special> {
    match asked {
        Asked::Class(class) => class.special().map(|(_, special)| special),
        Asked::Path(site, index) => Some(site.special(index)),
    }
}

fn is_period_name(name: &str) -> bool {
    Period::ALL.iter().any(|p| p.name() == name)
}

/// Every stored puzzle of the special's class with its date, by date.
fn held_of(store: &Store, special: &Special, class: SizeClass) -> Result<Vec<(Date, Puzzle)>, ArchiveError> {
    let filter = Filter {
        kind: Some(special.kind),
        sizes: Some(Sizes { classes: vec![i64::from(class.param())], grid: None }),
        ..Filter::default()
    };
    let mut held: Vec<(Date, Puzzle)> = store
        .puzzles(&filter)?
        .into_iter()
        .filter_map(|p| Some((p.record.special_date.as_deref()?.parse::<Date>().ok()?, p)))
        .collect();
    held.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    Ok(held)
}

/// The held dates nearest `day`, the one before it and the one after, in
/// words; None when none is held.
fn nearest(held: &[Date], day: Date) -> Option<String> {
    let before = held.iter().filter(|&&d| d < day).max();
    let after = held.iter().filter(|&&d| d > day).min();
    match (before, after) {
        (Some(b), Some(a)) => Some(format!("the nearest held are {b} and {a}")),
        (Some(d), None) | (None, Some(d)) => Some(format!("the nearest held is {d}")),
        (None, None) => None,
    }
}
