//! Times as the archive writes them and as tables show them.

use jiff::Timestamp;

/// A stored time as the archive writes it (`2026-11-30T06:00:00.000Z`:
/// UTC, to the millisecond), for output that shows it as stored.
pub fn time_text(time: Timestamp) -> String {
    format!("{time:.3}")
}

/// A stored time to the second (`2026-11-30T06:00:00`, UTC), for the
/// columns of `list` and `log`.
pub fn time_to_second(time: Timestamp) -> String {
    time.strftime("%Y-%m-%dT%H:%M:%S").to_string()
}
