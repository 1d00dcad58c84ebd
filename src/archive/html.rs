//! The browsable HTML archive.
