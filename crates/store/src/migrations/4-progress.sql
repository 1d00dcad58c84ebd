-- Database version 3 to 4: a player's progress on the puzzles, as the
-- HTML archive's pages keep it (schema.sql says what each column holds).
-- A new table: no row of an earlier version changes.
CREATE TABLE progress (
    puzzle     INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    grid       TEXT NOT NULL,
    seconds    INTEGER NOT NULL CHECK (seconds >= 0),
    started    INTEGER NOT NULL,
    solved     INTEGER NOT NULL,
    solved_at  TEXT,
    help       INTEGER NOT NULL CHECK (help >= 0),
    shown      INTEGER NOT NULL,
    kept_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
