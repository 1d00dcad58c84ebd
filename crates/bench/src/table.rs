//! Tables for people, laid out as the `aquarchive` binary lays out its own
//! (`stats`): the library's `render::table`.

pub use aquarchive::render::table::render;
pub use aquarchive::render::thousands;

/// The middle of sorted samples (the upper of the two middle ones for an
/// even count, as every Aquarium table takes it).
pub fn median<T: Copy>(sorted: &[T]) -> T {
    sorted[sorted.len() / 2]
}

/// The smallest of sorted samples at or above `pct` percent of them.
pub fn percentile<T: Copy>(sorted: &[T], pct: usize) -> T {
    let rank = (sorted.len() * pct).div_ceil(100).max(1);
    sorted[rank - 1]
}
