-- The aquarchive database, version 1. Embedded in the binary (src/store) and
-- run once on a new file; each later version adds a step in migrations/
-- (listed in src/store/open.rs) instead of editing this file, so that
-- existing archives migrate in place.
--
-- Times are UTC text, 'YYYY-MM-DDTHH:MM:SS.sssZ', so they sort and compare
-- as strings. `kind` is free text ('aquarium', 'sudoku', ...): the store keeps
-- puzzles as texts and numbers and never parses them.

-- Raw bytes of every page fetched, stored once however often they are seen.
CREATE TABLE snapshots (
    sha256       TEXT PRIMARY KEY,
    bytes        BLOB NOT NULL,
    content_type TEXT,
    first_seen   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Every fetch attempt, failed ones too.
CREATE TABLE fetches (
    id          INTEGER PRIMARY KEY,
    url         TEXT NOT NULL,
    method      TEXT NOT NULL,
    fetched_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    http_status INTEGER,
    error       TEXT,
    snapshot    TEXT REFERENCES snapshots (sha256)
);

CREATE TABLE puzzles (
    id                INTEGER PRIMARY KEY,
    kind              TEXT NOT NULL,
    -- Where it came from: a file path (with its line), a URL, 'generated'.
    source            TEXT NOT NULL,
    -- The site's size class (`?size=N`) and puzzle ID (without commas), when known.
    size_class        INTEGER,
    site_id           INTEGER,
    width             INTEGER NOT NULL,
    height            INTEGER NOT NULL,
    -- The puzzle in its kind's canonical text format.
    text              TEXT NOT NULL,
    -- sha256 of `text`: the same puzzle reached by two paths.
    canonical_hash    TEXT NOT NULL,
    snapshot          TEXT REFERENCES snapshots (sha256),
    extractor_version INTEGER,
    status            TEXT NOT NULL CHECK (status IN ('ok', 'invalid', 'unsolvable', 'several')),
    -- Why a puzzle is invalid, in words.
    note              TEXT,
    created           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A site puzzle is itself by its ID; any other by its canonical form.
CREATE UNIQUE INDEX puzzles_site_id ON puzzles (kind, size_class, site_id) WHERE site_id IS NOT NULL;
CREATE UNIQUE INDEX puzzles_canonical ON puzzles (kind, canonical_hash) WHERE site_id IS NULL;
CREATE INDEX puzzles_hash ON puzzles (kind, canonical_hash);
CREATE INDEX puzzles_created ON puzzles (created);

-- One row per puzzle and solver version; re-solving with the same version
-- replaces it. Invalid puzzles have none.
CREATE TABLE solutions (
    id             INTEGER PRIMARY KEY,
    puzzle         INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    solver_version TEXT NOT NULL,
    -- The first solution found in its kind's text format; NULL when none.
    solution       TEXT,
    -- Solutions found, searching for at most 2 (2 = not unique).
    found          INTEGER NOT NULL CHECK (found BETWEEN 0 AND 2),
    nodes          INTEGER NOT NULL,
    micros         INTEGER NOT NULL,
    solved_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (puzzle, solver_version)
);
