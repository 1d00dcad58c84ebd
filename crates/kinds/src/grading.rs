//! What the graders share: a grading (the level a puzzle reached and the
//! steps that reached it, counted and summed up the same way for every
//! kind), and the shape of a grader's levels and techniques. Each kind lists
//! only its own levels and techniques, with `levels!` and `techniques!`,
//! and its own steps.

use std::fmt;

/// One of a grader's techniques: a fixed list, tried in its order, each
/// belonging to a level.
pub trait Technique: Copy + Eq + fmt::Display + 'static {
    /// The grader's levels, easiest first.
    type Level: Copy + Ord + fmt::Debug + fmt::Display;

    /// Every technique, in the order they are tried.
    fn all() -> &'static [Self];

    /// The level a puzzle needing this technique is at least.
    fn level(self) -> Self::Level;
}

/// One step of a grading: a deduction by one technique, with whatever a
/// kind's step records besides (the cells it settles, its words).
pub trait Step {
    type Technique: Technique;

    fn technique(&self) -> Self::Technique;
}

/// The level type of a kind's steps.
pub type LevelOf<S> = <<S as Step>::Technique as Technique>::Level;

/// A puzzle's grade: its level and every step of the solution.
#[derive(Clone, Debug)]
pub struct Grading<S: Step> {
    pub level: LevelOf<S>,
    pub steps: Vec<S>,
    /// Whether the steps settle every cell (a grading stopped short, by a
    /// puzzle without exactly one solution or a ceiling, does not).
    pub complete: bool,
}

impl<S: Step> Grading<S> {
    /// How often each technique was used, in the order they are tried.
    pub fn counts(&self) -> Vec<(S::Technique, usize)> {
        S::Technique::all()
            .iter()
            .map(|&t| (t, self.steps.iter().filter(|s| s.technique() == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// "hidden single 31, naked single 20, X-wing 1".
    pub fn summary(&self) -> String {
        self.counts().iter().map(|(t, n)| format!("{t} {n}")).collect::<Vec<_>>().join(", ")
    }
}

/// A grader's levels, easiest first: the enum, with `ALL`, `name`,
/// `from_name`, `rank` (1 for the easiest), `about` (what the level adds to
/// the one before it, in one line), `techniques` (its own, in the order
/// they are tried) and `Display` (its name).
///
/// ```text
/// levels! {
///     /// How hard a puzzle is.
///     pub enum Level, with techniques Technique {
///         /// Hidden and naked singles.
///         Easy = "easy", about "hidden and naked singles";
///     }
/// }
/// ```
macro_rules! levels {
    (
        $(#[$attr:meta])*
        pub enum $Level:ident, with techniques $Technique:ident {
            $($(#[$variant_attr:meta])* $variant:ident = $name:literal, about $about:literal;)+
        }
    ) => {
        $crate::grading::named! {
            $(#[$attr])*
            pub enum $Level { $($(#[$variant_attr])* $variant = $name;)+ }
        }

        impl $Level {
            /// 1 for the easiest level, counting up.
            pub fn rank(self) -> u32 {
                self as u32 + 1
            }

            /// What the level adds to the one before it (a puzzle of a level
            /// may need the techniques of every easier level too), in one line.
            pub fn about(self) -> &'static str {
                match self {
                    $($Level::$variant => $about,)+
                }
            }

            /// The techniques of this level, in the order they are tried.
            pub fn techniques(self) -> impl Iterator<Item = $Technique> {
                $Technique::ALL.into_iter().filter(move |t| t.level() == self)
            }
        }
    };
}

/// A grader's techniques, in the order they are tried, each with its level:
/// the enum, with `ALL`, `name`, `from_name`, `level`, `Display` (its name)
/// and [`Technique`].
///
/// ```text
/// techniques! {
///     /// The techniques, in the order they are tried.
///     pub enum Technique, of levels Level {
///         HiddenSingle = "hidden single", Easy;
///     }
/// }
/// ```
macro_rules! techniques {
    (
        $(#[$attr:meta])*
        pub enum $Technique:ident, of levels $Level:ident {
            $($(#[$variant_attr:meta])* $variant:ident = $name:literal, $level:ident;)+
        }
    ) => {
        $crate::grading::named! {
            $(#[$attr])*
            pub enum $Technique { $($(#[$variant_attr])* $variant = $name;)+ }
        }

        impl $Technique {
            /// The level a puzzle needing this technique is at least.
            pub fn level(self) -> $Level {
                match self {
                    $($Technique::$variant => $Level::$level,)+
                }
            }
        }

        impl $crate::grading::Technique for $Technique {
            type Level = $Level;

            fn all() -> &'static [$Technique] {
                &$Technique::ALL
            }

            fn level(self) -> $Level {
                $Technique::level(self)
            }
        }
    };
}

/// An enum of a fixed list of values, each with a name: `ALL` (in the order
/// listed), `name`, `from_name` and `Display`.
macro_rules! named {
    (
        $(#[$attr:meta])*
        pub enum $Type:ident { $($(#[$variant_attr:meta])* $variant:ident = $name:literal;)+ }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $Type {
            $($(#[$variant_attr])* $variant,)+
        }

        impl $Type {
            /// Every one, in order.
            pub const ALL: [$Type; [$($name),+].len()] = [$($Type::$variant),+];

            pub fn name(self) -> &'static str {
                match self {
                    $($Type::$variant => $name,)+
                }
            }

            /// The one of a name that `name` gives.
            pub fn from_name(name: &str) -> Option<$Type> {
                $Type::ALL.into_iter().find(|x| x.name() == name)
            }
        }

        impl ::std::fmt::Display for $Type {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub(crate) use {levels, named, techniques};

#[cfg(test)]
mod tests {
    use super::{Grading, Step, Technique};
    use crate::rng::Rng;
    use crate::{aquarium, sudoku};

    /// What both kinds' gradings must say of themselves: every step
    /// counted once, the techniques in the order they are tried, the
    /// summary the counts in words, and the level the hardest step's.
    fn assert_consistent<S: Step>(grading: &Grading<S>) {
        let counts = grading.counts();
        assert_eq!(counts.iter().map(|&(_, n)| n).sum::<usize>(), grading.steps.len());
        let order: Vec<usize> =
            counts.iter().map(|(t, _)| S::Technique::all().iter().position(|a| a == t).unwrap()).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
        let summary: Vec<String> = counts.iter().map(|(t, n)| format!("{t} {n}")).collect();
        assert_eq!(grading.summary(), summary.join(", "));
        assert_eq!(grading.steps.iter().map(|s| s.technique().level()).max(), Some(grading.level));
        assert!(grading.complete);
    }

    #[test]
    fn both_graders_count_and_sum_up_their_steps_alike() {
        let settings = sudoku::GenerateSettings {
            level: sudoku::Level::Medium,
            symmetry: sudoku::Symmetry::None,
            minimal: true,
            attempts: 200,
        };
        let made = sudoku::generate(&mut Rng::new(7), settings).unwrap();
        let grading = sudoku::grade(&made.puzzle, &made.solution);
        assert_eq!(grading.level, sudoku::Level::Medium);
        assert!(grading.counts().len() >= 2, "{}", grading.summary());
        assert_consistent(&grading);

        let made = aquarium::generate(&mut Rng::new(7), aquarium::GenerateSettings::square(10));
        let grading = aquarium::grade::grade_knowing(&made.puzzle, &made.solution);
        assert!(grading.counts().len() >= 2, "{}", grading.summary());
        assert_consistent(&grading);
    }

    #[test]
    fn names_read_back_and_ranks_count_up() {
        for (k, level) in sudoku::Level::ALL.into_iter().enumerate() {
            assert_eq!(sudoku::Level::from_name(level.name()), Some(level));
            assert_eq!(level.rank(), k as u32 + 1);
            assert_eq!(level.to_string(), level.name());
        }
        for technique in aquarium::grade::Technique::ALL {
            assert_eq!(aquarium::grade::Technique::from_name(technique.name()), Some(technique));
            assert!(technique.level().techniques().any(|t| t == technique));
        }
        assert_eq!(sudoku::Technique::from_name("no such technique"), None);
    }
}
