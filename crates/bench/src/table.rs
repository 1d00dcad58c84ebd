//! Tables for people, laid out as the `aquarchive` binary lays out its own
//! (`stats`): the library's `render::table`.

pub use aquarchive::render::table::render;
pub use aquarchive::render::thousands;
