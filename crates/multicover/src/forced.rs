//! Options chosen by the caller before a search, for the multi-cover search,
//! which is built for one problem: it runs on what is left of the problem
//! once they are chosen. (The exact-cover searches cover them in place.)

use super::problem::{Connected, OptionId, Problem};

/// What is left of `problem` once the `forced` options are chosen: each
/// item's range lowered by their weights, and every other option, with the
/// map from the new options to the old (`kept[new] == old`); connectivity
/// rules keep the forced options as vertices always in their set, single-loop
/// rules as edges always chosen. `None` when
/// they cannot be in one solution: an option named twice, or an item pushed
/// past its range.
pub(super) fn remainder(problem: &Problem, forced: &[OptionId]) -> Option<(Problem, Vec<OptionId>)> {
    let mut is_forced = vec![false; problem.option_count()];
    let mut sums = vec![0u64; problem.item_count()];
    for &o in forced {
        assert!(o < problem.option_count(), "forced option {o} does not exist");
        if std::mem::replace(&mut is_forced[o], true) {
            return None;
        }
        for (i, w) in problem.option(o) {
            sums[i] += u64::from(w);
        }
    }
    let mut rest = Problem::with_capacity(problem.item_count(), problem.option_count() - forced.len(), 0);
    for (i, &sum) in sums.iter().enumerate() {
        let (lo, hi) = problem.bounds(i);
        let sum = u32::try_from(sum).ok().filter(|&s| s <= hi)?;
        rest.add_item(lo.saturating_sub(sum), hi - sum);
    }
    let kept: Vec<OptionId> = (0..problem.option_count()).filter(|&o| !is_forced[o]).collect();
    for &o in &kept {
        rest.add_option(problem.option(o));
    }
    // A forced vertex is in the set whatever the search chooses; the others
    // are renumbered as their options are.
    let mut renumbered = vec![0u32; problem.option_count()];
    for (new, &old) in kept.iter().enumerate() {
        renumbered[old] = new as u32;
    }
    for graph in problem.connected() {
        let mut graph = graph.clone();
        for option in &mut graph.options {
            if *option != Connected::ALWAYS {
                *option = if is_forced[*option as usize] { Connected::ALWAYS } else { renumbered[*option as usize] };
            }
        }
        rest.push_connected(graph);
    }
    for graph in problem.loops() {
        let mut graph = graph.clone();
        for option in &mut graph.options {
            if *option != Connected::ALWAYS {
                *option = if is_forced[*option as usize] { Connected::ALWAYS } else { renumbered[*option as usize] };
            }
        }
        rest.push_loop(graph);
    }
    Some((rest, kept))
}
