-- Version 6: each puzzle's grade by the techniques a person needs to solve
-- it (Sudoku and Aquarium puzzles with one solution), kept with the solve
-- that found it: the level's name, its rank (1 the easiest level of its
-- kind) and the techniques used with how often ("naked single 40, ...").
CREATE TABLE grades (
    puzzle     INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    level      TEXT NOT NULL,
    rank       INTEGER NOT NULL CHECK (rank >= 1),
    techniques TEXT NOT NULL,
    graded_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX grades_level ON grades (level);
