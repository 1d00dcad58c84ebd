-- Version 3: every kind in the archive. A calendar date or a ring instance
-- has several solutions as a rule, and its whole count is worth keeping, so
-- `found` may now exceed 2 (Aquarium and Sudoku still search for at most 2).
-- SQLite cannot change a CHECK in place: the table is rebuilt, rows kept.
CREATE TABLE solutions_v3 (
    id             INTEGER PRIMARY KEY,
    puzzle         INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    solver_version TEXT NOT NULL,
    -- The first solution found in its kind's text format; NULL when none.
    solution       TEXT,
    -- Solutions found: searching for at most 2 (2 = not unique) for kinds
    -- that expect one, every one for calendar dates and ring instances.
    found          INTEGER NOT NULL CHECK (found >= 0),
    nodes          INTEGER NOT NULL,
    micros         INTEGER NOT NULL,
    solved_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (puzzle, solver_version)
);
INSERT INTO solutions_v3 (id, puzzle, solver_version, solution, found, nodes, micros, solved_at)
    SELECT id, puzzle, solver_version, solution, found, nodes, micros, solved_at FROM solutions;
DROP TABLE solutions;
ALTER TABLE solutions_v3 RENAME TO solutions;
