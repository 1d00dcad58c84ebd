//! Binairo-plus (puzzle-binairo.com's "plus" puzzles): binairo with `=` and
//! `x` signs between cells and without its rule that lines differ. The
//! board, its rules, model and drawing are binairo's ([`crate::binairo`]),
//! which reads both; this is its home.

pub(crate) mod home;
