//! One step of a grading, as plain data: the grading loop makes it, the
//! wording fills its text (`words`), and the archive keeps it as a hint.

use super::levels::Technique;

/// One deduction: what a person would say, and the cells it settles as
/// (row, column, water), 0-based, in reading order. The text numbers rows,
/// columns and tanks from 1, tanks in order of first appearance (empty from
/// [`super::grade_without_words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    pub text: String,
    pub settles: Vec<(usize, usize, bool)>,
}

impl crate::grading::Step for Step {
    type Technique = Technique;

    fn technique(&self) -> Technique {
        self.technique
    }
}
