-- Database version 2 to 3: the puzzles `aquarchive remove` took out, kept
-- as a record beside the fetch log (schema.sql says why). A new table: no
-- row of an earlier version changes.
CREATE TABLE removed_puzzles (
    id             INTEGER PRIMARY KEY,
    kind           TEXT NOT NULL,
    source         TEXT NOT NULL,
    size_class     INTEGER,
    site_id        INTEGER,
    special_date   TEXT,
    canonical_hash TEXT NOT NULL,
    snapshot       TEXT REFERENCES snapshots (sha256),
    status         TEXT NOT NULL,
    -- When it was first stored, and when it was removed.
    created        TEXT NOT NULL,
    removed_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX removed_puzzles_snapshot ON removed_puzzles (snapshot);
