//! The grader of the kinds whose puzzle is a model on the engine: a
//! puzzle's level is how much reasoning the engine needs before every
//! candidate (an option of the model: a digit in a cell, a ship in a
//! place) that is in no solution is ruled out, so that what is left is
//! the answer, without guessing.
//!
//! - **easy**: propagation alone: each rule (an item of the model) rules
//!   out the candidates that would break its count, until nothing moves.
//! - **medium**: also one step of lookahead: a candidate tried and ruled
//!   out because propagation then breaks a rule (the engine's failed-option
//!   probing, to a fixpoint).
//! - **hard**: candidates are left that only a deeper search rules out.
//!
//! The kinds with solvers of their own are not graded so: on Star Battle's
//! and Norinori's models propagation rules out nothing on the real puzzles,
//! so that a grade would say only whether lookahead settles them, and their
//! models and Battleships' take up to seconds where their own solvers take
//! milliseconds (docs/engine.md).
//!
//! The grader knows nothing of a kind: it reads the model alone, through
//! what the engine offers ([`Solver::settled_options`] with its probing off
//! and at the root), so one grader serves every kind that has a model. A
//! model may have several solutions for one answer (Tents pairs each tree
//! with its tent, and two trees may share their two tents either way):
//! reasoning has settled the puzzle when every candidate left is in some
//! solution, each of which gives the one answer. A model that leaves out
//! a rule (Binairo's: no two lines alike, which is no sum of cells) is
//! graded only where its reasoning leaves exactly a solution: where it does
//! not, the rule it leaves out may be what a person uses.

use multicover::{OptionId, Probing, Problem, Settings, Solver};

use crate::grading::{Grading, levels, techniques};

levels! {
    /// How hard a puzzle is: how much reasoning the engine needs to settle it.
    pub enum Level, with techniques Technique {
        /// Propagation alone settles every cell.
        Easy = "easy", about "propagation: each rule rules out what would break it, until every cell is settled";
        /// Also a candidate tried one step deep and ruled out.
        Medium = "medium", about "lookahead: a candidate tried, and ruled out because some rule then breaks";
        /// Also a search deeper than one step.
        Hard = "hard", about "search: some candidates only trial and error deeper than one step rules out";
    }
}

techniques! {
    /// The reasoning, in the order it is tried.
    pub enum Technique, of levels Level {
        /// A rule's count rules a candidate out, directly or by what other
        /// rules ruled out before.
        Propagation = "propagation", Easy;
        /// Trying the candidate breaks some rule after propagation.
        Lookahead = "lookahead", Medium;
        /// Only a deeper search shows the candidate is in no solution.
        Search = "search", Hard;
    }
}

/// One candidate ruled out, and the reasoning that rules it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// The candidate: an option of the kind's model.
    pub option: OptionId,
}

impl crate::grading::Step for Step {
    type Technique = Technique;

    fn technique(&self) -> Technique {
        self.technique
    }
}

/// A puzzle's model on the engine, as the grader reads it.
pub struct Model {
    pub problem: Problem,
    /// Whether the model holds every rule of its kind, so that each of its
    /// solutions gives an answer (several may give the same one); false
    /// where a rule is checked on the answers instead.
    pub whole: bool,
}

/// Grades a puzzle by its model on the engine: its level, and a step for
/// each candidate ruled out (in the order of the techniques, then of the
/// candidates). For a puzzle with exactly one answer; None when the model
/// has no solution, leaves out a rule and its reasoning does not settle
/// the puzzle (see [`Model::whole`]), or needs a search too long to tell
/// which candidates it rules out ([`SEARCH_WORK`]).
pub fn grade(model: &Model) -> Option<Grading<Step>> {
    let problem = &model.problem;
    // Steady settings: nothing a run's work switches on, so that a grade
    // hangs on the model alone.
    let propagated = Solver::new(problem, Settings::steady(Probing::Off)).settled_options()?;
    let looked_ahead = if problem.is_solution(&propagated) {
        // Every candidate left is the solution's: nothing for probing to do.
        propagated.clone()
    } else {
        Solver::new(problem, Settings::steady(Probing::Root)).settled_options()?
    };
    if !model.whole && !problem.is_solution(&looked_ahead) {
        return None;
    }
    let in_solutions = in_some_solution(problem, &looked_ahead)?;
    let mut live = vec![0u8; problem.option_count()];
    for (set, mark) in [(&propagated, 1), (&looked_ahead, 2), (&in_solutions, 3)] {
        for &o in set {
            live[o] = mark;
        }
    }
    let mut steps = Vec::new();
    for (technique, left) in [(Technique::Propagation, 0), (Technique::Lookahead, 1), (Technique::Search, 2)] {
        steps.extend(
            live.iter().enumerate().filter(|&(_, &mark)| mark == left).map(|(option, _)| Step { technique, option }),
        );
    }
    let level = steps.last().map_or(Level::Easy, |step| step.technique.level());
    Some(Grading { level, steps, complete: true })
}

/// The work (nodes plus probes) the search for the options in some
/// solution may take, where lookahead leaves more than a solution: past
/// it a puzzle is not graded, so that grading stays about as cheap as
/// solving. On the real puzzles of the kinds graded that search takes from
/// 47 to 4,555 (binairo-plus 30x40, 37 ms).
pub const SEARCH_WORK: u64 = 5_000;

/// The options of `live` (every option of every solution among them) that
/// are in some solution; None when there is none, or when telling takes
/// the search more than [`SEARCH_WORK`].
fn in_some_solution(problem: &Problem, live: &[OptionId]) -> Option<Vec<OptionId>> {
    if problem.is_solution(live) {
        return Some(live.to_vec());
    }
    let mut solver = Solver::new(problem, Settings::default());
    solver.set_work_limit(SEARCH_WORK);
    let found = solver.solve(2);
    let first = found.solutions.first()?;
    if !found.stats.exhausted && found.solutions.len() < 2 {
        return None;
    }
    if found.solutions.len() == 1 {
        return Some(first.clone());
    }
    // Several solutions (of one answer, as the caller knows): each option
    // not yet seen in one is looked for in a solution of its own.
    let mut seen = vec![false; problem.option_count()];
    for solution in &found.solutions {
        for &o in solution {
            seen[o] = true;
        }
    }
    for &o in live {
        if seen[o] {
            continue;
        }
        let with = solver.solve_with(&[o], 1);
        if with.solutions.is_empty() && !with.stats.exhausted {
            return None;
        }
        for &p in with.solutions.iter().flatten() {
            seen[p] = true;
        }
    }
    Some(live.iter().copied().filter(|&o| seen[o]).collect())
}

#[cfg(test)]
mod tests;
