//! `aquarchive bench` is gone from the binary: the benchmarks read the
//! repository's fixtures and live in a tool of the source tree. The old
//! command line says where they went.

use crate::util::Dir;

#[test]
fn bench_says_where_the_benchmarks_went() {
    let dir = Dir::new();
    let run = dir.run(&["bench", "ring", "--runs", "10"]).expect_code(2);
    assert_eq!(
        run.stderr,
        "aquarchive: the benchmarks moved to a tool of the source tree: run \
         `cargo run --release -p aquarchive-bench -- ring --runs 10` in a checkout of aquarchive\n",
        "{run}"
    );
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn bench_alone_names_the_benchmark_to_give() {
    let dir = Dir::new();
    let run = dir.run(&["bench"]).expect_code(2);
    assert!(run.stderr.contains("`cargo run --release -p aquarchive-bench -- <name>`"), "{run}");
    assert_eq!(run.stderr.lines().count(), 1, "{run}");
}

#[test]
fn bench_is_not_offered_in_the_help() {
    let dir = Dir::new();
    let run = dir.run(&["--help"]).ok();
    assert!(run.stdout.contains("solve") && !run.stdout.contains("bench"), "{run}");
}
