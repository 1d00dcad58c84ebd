-- Version 8: each grade's hints as the HTML archive's puzzle page carries
-- them (the logical solution's steps, written compactly: a few hundred
-- characters for a 15x15 Aquarium), kept when the puzzle is graded so that
-- an export need not grade it again. NULL for grades kept by an older
-- version: the export then grades the puzzle itself, and `resolve --all`
-- fills them in.
ALTER TABLE grades ADD COLUMN hints TEXT;
