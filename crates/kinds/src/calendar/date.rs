//! Dates as the board shows them: a month, a day and perhaps a weekday.
//! Reading what a person types, checking it is a real date, and the
//! weekday of a real one (proleptic Gregorian calendar, through `jiff`).

use std::fmt;

use thiserror::Error;

pub const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
pub const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAY_NAMES: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// The cells a date leaves open. Not necessarily a real date: the boards
/// have cells for Feb 31 too, and `--every-date` counts those.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// 1..=12.
    pub month: u8,
    /// 1..=31.
    pub day: u8,
    /// 0 = Sunday ..= 6 = Saturday.
    pub weekday: Option<u8>,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DateError {
    #[error("`{0}` is not a date: write for example `Jan 5`, `1/5`, `Jan 5 Sun` or `2027-01-05`")]
    Unreadable(String),
    #[error("month {0} does not exist: months are 1 to 12 (or Jan to Dec)")]
    NoSuchMonth(u32),
    /// A day first, as much of the world writes it (`14/3`); the fields
    /// are the date meant.
    #[error("month {day} does not exist: dates are month first, so write `{month}/{day}` (or `{name} {day}`)")]
    DayFirst { month: u32, day: u32, name: &'static str },
    #[error("{month} has {days} days at most, so day {day} is not a date")]
    NoSuchDay { month: &'static str, days: u8, day: u32 },
    #[error("{month} {year} has {days} days, so day {day} is not a date")]
    NoSuchDayInYear { month: &'static str, year: i64, days: u8, day: u32 },
    #[error("{date} is a {actual}, not a {given}")]
    WrongWeekday { date: String, actual: &'static str, given: &'static str },
    #[error("this board has weekday cells: give a weekday (`{date} Sun`) or a whole date (`2027-01-05`)")]
    NeedWeekday { date: String },
    #[error("the {board} board has no weekday cells, so `{weekday}` cannot be left open: give the date without it")]
    NoWeekdayCells { board: String, weekday: &'static str },
}

/// The month a name stands for (`jan`, `January`, any case).
pub fn month_named(token: &str) -> Option<u8> {
    let t = token.to_ascii_lowercase();
    (0..12)
        .find(|&i| MONTHS[i].to_ascii_lowercase() == t || MONTH_NAMES[i].to_ascii_lowercase() == t)
        .map(|i| i as u8 + 1)
}

/// The weekday a name stands for, 0 = Sunday.
pub fn weekday_named(token: &str) -> Option<u8> {
    let t = token.to_ascii_lowercase();
    (0..7)
        .find(|&i| WEEKDAYS[i].to_ascii_lowercase() == t || WEEKDAY_NAMES[i].to_ascii_lowercase() == t)
        .map(|i| i as u8)
}

/// The real date `year`-`month`-`day`, if there is one. A year outside
/// jiff's range (-9999 to 9999) is moved into it by whole 400-year cycles,
/// after which the Gregorian calendar repeats, weekdays and all.
fn civil(year: i64, month: u8, day: u8) -> Option<jiff::civil::Date> {
    let year = if (-9999..=9999).contains(&year) { year } else { 2000 + year.rem_euclid(400) };
    jiff::civil::Date::new(i16::try_from(year).ok()?, i8::try_from(month).ok()?, i8::try_from(day).ok()?).ok()
}

/// Days in a month; in a leap year when `year` is `None` (Feb 29 is a date).
pub fn days_in_month(month: u8, year: Option<i64>) -> u8 {
    // 2000 was a leap year.
    civil(year.unwrap_or(2000), month, 1).map_or(31, |first| first.days_in_month() as u8)
}

/// The weekday (0 = Sunday) of a real date, or `None` if it is not one.
pub fn weekday_of(year: i64, month: u8, day: u8) -> Option<u8> {
    civil(year, month, day).map(|date| date.weekday().to_sunday_zero_offset() as u8)
}

/// Today's date (UTC) with its weekday, and its year.
pub fn today() -> (Date, i64) {
    let today = jiff::Timestamp::now().to_zoned_datetime(jiff::tz::TimeZone::UTC).date();
    let date = Date {
        month: today.month() as u8,
        day: today.day() as u8,
        weekday: Some(today.weekday().to_sunday_zero_offset() as u8),
    };
    (date, i64::from(today.year()))
}

/// The words and numbers of a date as typed.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '/' | '-' | '.')).filter(|t| !t.is_empty())
}

/// The weekday a date as typed names (`Mar 14 Fri`), if it names one: a
/// weekday worked out from a year (`2027-01-05`) is not one typed.
pub fn typed_weekday(text: &str) -> Option<u8> {
    tokens(text).find_map(weekday_named)
}

impl Date {
    /// Whether some year has this month and day (Feb 29 counts).
    pub fn is_real(&self) -> bool {
        (1..=12).contains(&self.month) && self.day >= 1 && self.day <= days_in_month(self.month, None)
    }

    /// Reads a date as a person writes it: `Jan 5`, `5 January`, `1/5`
    /// (month first), `Jan 5 Sun`, `2027-01-05`, `Jan 5 2027`. With a year
    /// the weekday is worked out (and a given one checked); without one,
    /// `year` (when given) supplies it, else the date has only the weekday
    /// typed, if any. Feb 29 without a year is a date; Feb 30 never is.
    pub fn parse(text: &str, year: Option<i64>) -> Result<Date, DateError> {
        let unreadable = || DateError::Unreadable(text.trim().to_string());
        let mut month_name = None;
        let mut weekday = None;
        let mut numbers: Vec<&str> = Vec::new();
        for token in tokens(text) {
            if let Some(m) = month_named(token) {
                if month_name.replace(m).is_some() {
                    return Err(unreadable());
                }
            } else if let Some(w) = weekday_named(token) {
                if weekday.replace(w).is_some() {
                    return Err(unreadable());
                }
            } else if token.len() <= 9 && token.bytes().all(|b| b.is_ascii_digit()) {
                numbers.push(token);
            } else {
                return Err(unreadable());
            }
        }
        let value = |t: &str| t.parse::<u32>().map_err(|_| unreadable());
        // A four-digit number is a year; the rest are month and day.
        let (years, rest): (Vec<&str>, Vec<&str>) = numbers.into_iter().partition(|t| t.len() == 4);
        let typed_year = match years.as_slice() {
            [] => None,
            [y] => Some(i64::from(value(y)?)),
            _ => return Err(unreadable()),
        };
        let (month, day) = match (month_name, rest.as_slice()) {
            (Some(m), [d]) => (u32::from(m), value(d)?),
            (None, [m, d]) => (value(m)?, value(d)?),
            _ => return Err(unreadable()),
        };
        if !(1..=12).contains(&month) {
            if month_name.is_none() && (1..=12).contains(&day) && month <= 31 {
                let name = MONTHS[day as usize - 1];
                return Err(DateError::DayFirst { month: day, day: month, name });
            }
            return Err(DateError::NoSuchMonth(month));
        }
        let month = month as u8;
        let name = MONTH_NAMES[month as usize - 1];
        match typed_year {
            Some(y) => {
                let days = days_in_month(month, Some(y));
                if day < 1 || day > u32::from(days) {
                    return Err(DateError::NoSuchDayInYear { month: name, year: y, days, day });
                }
            }
            None => {
                let days = days_in_month(month, None);
                if day < 1 || day > u32::from(days) {
                    return Err(DateError::NoSuchDay { month: name, days, day });
                }
            }
        }
        let day = day as u8;
        let date = Date { month, day, weekday };
        let Some(y) = typed_year.or(if weekday.is_none() { year } else { None }) else {
            return Ok(date);
        };
        let Some(actual) = weekday_of(y, month, day) else {
            // Feb 29 with the current year supplied but not leap.
            return Err(DateError::NoSuchDayInYear {
                month: name,
                year: y,
                days: days_in_month(month, Some(y)),
                day: u32::from(day),
            });
        };
        if let Some(given) = weekday.filter(|&g| g != actual) {
            return Err(DateError::WrongWeekday {
                date: format!("{y}-{month:02}-{day:02}"),
                actual: WEEKDAY_NAMES[actual as usize],
                given: WEEKDAY_NAMES[given as usize],
            });
        }
        Ok(Date { weekday: Some(actual), ..date })
    }
}

/// `Jan 5` or `Jan 5 Sun`.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let month = MONTHS.get((self.month as usize).wrapping_sub(1)).copied().unwrap_or("?");
        write!(f, "{month} {}", self.day)?;
        if let Some(w) = self.weekday {
            write!(f, " {}", WEEKDAYS.get(w as usize).copied().unwrap_or("?"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays_and_month_lengths() {
        assert_eq!(weekday_of(1970, 1, 1), Some(4));
        assert_eq!(weekday_of(2000, 2, 29), Some(2));
        assert_eq!(weekday_of(2026, 11, 30), Some(1));
        assert_eq!(weekday_of(2026, 2, 29), None);
        // Beyond jiff's years the calendar's 400-year cycle answers.
        assert_eq!(weekday_of(12_026, 11, 30), Some(1));
        assert_eq!(weekday_of(-10_000, 1, 1), weekday_of(2000, 1, 1));
        for (month, year, days) in [(2, Some(1900), 28), (2, Some(2000), 29), (2, Some(2026), 28), (2, None, 29)] {
            assert_eq!(days_in_month(month, year), days, "{month} {year:?}");
        }
        assert_eq!((days_in_month(4, None), days_in_month(12, Some(2026))), (30, 31));
        let (today, year) = today();
        assert!(today.is_real() && today.weekday.is_some() && year >= 2024, "{today} {year}");
    }

    #[test]
    fn reads_the_ways_people_write_dates() {
        let jan5 = Date { month: 1, day: 5, weekday: None };
        for text in ["Jan 5", "5 january", "1/5", "jan-5", "JAN 5"] {
            assert_eq!(Date::parse(text, None), Ok(jan5), "{text}");
        }
        assert_eq!(Date::parse("Jan 5 Sun", None), Ok(Date { weekday: Some(0), ..jan5 }));
        assert_eq!(Date::parse("2027-01-05", None), Ok(Date { weekday: Some(2), ..jan5 }));
        assert_eq!(Date::parse("Jan 5 2027", None), Ok(Date { weekday: Some(2), ..jan5 }));
        assert_eq!(Date::parse("Jan 5", Some(2027)), Ok(Date { weekday: Some(2), ..jan5 }));
        assert_eq!(Date::parse("Feb 29", None), Ok(Date { month: 2, day: 29, weekday: None }));
        assert_eq!(typed_weekday("Mar 14 Fri"), Some(5));
        assert_eq!(typed_weekday("friday, 3/14"), Some(5));
        assert_eq!(typed_weekday("2027-01-05"), None);
        assert_eq!(typed_weekday("Jan 5 2027"), None);
    }

    #[test]
    fn impossible_dates_are_clear_errors() {
        assert_eq!(Date::parse("Feb 30", None), Err(DateError::NoSuchDay { month: "February", days: 29, day: 30 }));
        assert_eq!(Date::parse("13/1", None), Err(DateError::DayFirst { month: 1, day: 13, name: "Jan" }));
        assert_eq!(
            Date::parse("14/3", None).unwrap_err().to_string(),
            "month 14 does not exist: dates are month first, so write `3/14` (or `Mar 14`)"
        );
        assert_eq!(Date::parse("13/14", None), Err(DateError::NoSuchMonth(13)));
        assert_eq!(Date::parse("32/1", None), Err(DateError::NoSuchMonth(32)));
        assert_eq!(
            Date::parse("Apr 31", None).unwrap_err().to_string(),
            "April has 30 days at most, so day 31 is not a date"
        );
        assert!(matches!(Date::parse("2026-02-29", None), Err(DateError::NoSuchDayInYear { year: 2026, .. })));
        assert!(matches!(Date::parse("Feb 29", Some(2026)), Err(DateError::NoSuchDayInYear { .. })));
        assert!(matches!(Date::parse("2026-11-30 Sun", None), Err(DateError::WrongWeekday { actual: "Monday", .. })));
        for bad in ["", "Jan", "Jan Feb 3", "tomorrow", "1 2 3", "Jan 0", "Jan 99999999999"] {
            assert!(Date::parse(bad, None).is_err(), "{bad}");
        }
    }
}
