//! Puzzle kinds. Each parses and prints its text format, encodes a puzzle
//! into the engine, decodes the engine's answer, and verifies a solution by
//! the puzzle's rules with code that does not use the engine.

pub mod aquarium;
