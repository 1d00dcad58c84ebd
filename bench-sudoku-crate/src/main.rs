//! `bench-sudoku-crate FILE...`: the whole job of `aquarchive solve --kind
//! sudoku --json FILE` done by the `sudoku` crate: read the file, take each
//! line's puzzle (its first 81-character field; `#` lines and blank lines
//! skipped), find its solution and prove it the only one, and print a line
//! per puzzle. Exits with 1 when some puzzle has no single solution, 2 on a
//! file or puzzle it cannot read. `compare` times it beside aquarchive.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use sudoku::Sudoku;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: bench-sudoku-crate FILE...");
        return ExitCode::from(2);
    }
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut code = 0;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(err) => {
                eprintln!("bench-sudoku-crate: {file}: {err}");
                code = 2;
                continue;
            }
        };
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let field = line.split_whitespace().find(|f| f.len() == 81).unwrap_or(line);
            let puzzle = match Sudoku::from_str_line(field) {
                Ok(puzzle) => puzzle,
                Err(err) => {
                    eprintln!("bench-sudoku-crate: {file}:{}: {err:?}", n + 1);
                    code = 2;
                    continue;
                }
            };
            // At most two solutions: one found, and the search for a second
            // proves there is none.
            let written = match puzzle.solution() {
                Some(solution) => writeln!(out, "{file}:{}: unique solution {}", n + 1, solution.to_str_line()),
                None => {
                    code = code.max(1);
                    writeln!(out, "{file}:{}: not one solution", n + 1)
                }
            };
            if written.is_err() {
                return ExitCode::from(2);
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::from(code)
}
