//! Tables for people: the library's (`aquarchive::render::table`).

pub use aquarchive::render::table::render;
pub use aquarchive::render::thousands;
