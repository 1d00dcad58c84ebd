-- Tilings read from photos of calendar boards solved by hand (`calendar read
-- --import`): each photo's reading of its date's puzzle, beside the tilings
-- the solver stores in `solutions`.
CREATE TABLE calendar_readings (
    id           INTEGER PRIMARY KEY,
    puzzle       INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    -- The tiling read, in the calendar's text form (rows joined by newlines).
    tiling       TEXT NOT NULL,
    -- The photo as it was named, and sha256 of its bytes: a photo read
    -- again is kept once per puzzle.
    photo        TEXT NOT NULL,
    photo_sha256 TEXT NOT NULL,
    -- Cell sides changed to reach a valid tiling; 0 when read as seen.
    corrected    INTEGER NOT NULL DEFAULT 0,
    read_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (puzzle, photo_sha256)
);
