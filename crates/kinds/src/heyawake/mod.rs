//! Heyawake (puzzle-heyawake.com): a grid cut into rectangular rooms, some
//! numbered. Shade cells so that no two shaded cells are side by side, the
//! unshaded cells are all connected (up, down, left, right), a numbered
//! room holds exactly its number of shaded cells, and no straight run of
//! unshaded cells, across or down, passes through three rooms (crosses two
//! room borders).
//!
//! The task is the rooms, `;`-separated, each `clue,width,height` with `b`
//! for a room without a number (`b,2,2;0,1,1;1,3,2;...`): each room's top
//! left corner is the first cell, in reading order, that no earlier room
//! covers. The answer is `y` (shaded) or `n` a cell, row-major.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{MAX_SIDE, Size, TaskError};
use crate::task::{answer_cells, check_size};

/// One rectangular room, as the task gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    pub clue: Option<u32>,
    pub width: usize,
    pub height: usize,
}

/// A Heyawake puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heyawake {
    size: Size,
    rooms: Vec<Room>,
    /// Each cell's room (an index into `rooms`), row-major.
    room_of: Vec<usize>,
}

impl Heyawake {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square the rooms fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Heyawake, TaskError> {
        let rooms = task
            .split(';')
            .enumerate()
            .map(|(i, part)| read_room(part).ok_or_else(|| {
                TaskError::new(format!("room {} is `{part}`, not `clue,width,height` (clue `b` for none)", i + 1))
            }))
            .collect::<Result<Vec<Room>, _>>()?;
        let area: usize = rooms.iter().map(|r| r.width * r.height).sum();
        let size = match size {
            Some(size) => size,
            None => {
                let side = (area as f64).sqrt().round() as usize;
                if side * side != area {
                    return Err(TaskError::new(format!(
                        "rooms of {area} cells in all make no square grid, and the page's width and height are not known"
                    )));
                }
                Size::square(side)
            }
        };
        check_size(size)?;
        if area != size.cells() {
            return Err(TaskError::new(format!("rooms of {area} cells in all where a {size} grid has {}", size.cells())));
        }
        let mut room_of = vec![usize::MAX; size.cells()];
        let mut next = 0;
        for (k, room) in rooms.iter().enumerate() {
            while next < room_of.len() && room_of[next] != usize::MAX {
                next += 1;
            }
            let (row, col) = (next / size.width, next % size.width);
            if col + room.width > size.width || row + room.height > size.height {
                return Err(TaskError::new(format!(
                    "room {} ({}x{} at row {}, column {}) runs off the {size} grid",
                    k + 1,
                    room.width,
                    room.height,
                    row + 1,
                    col + 1
                )));
            }
            for r in row..row + room.height {
                for c in col..col + room.width {
                    let cell = r * size.width + c;
                    if room_of[cell] != usize::MAX {
                        return Err(TaskError::new(format!(
                            "room {} overlaps room {} at row {}, column {}",
                            k + 1,
                            room_of[cell] + 1,
                            r + 1,
                            c + 1
                        )));
                    }
                    room_of[cell] = k;
                }
            }
        }
        Ok(Heyawake { size, rooms, room_of })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let room = |r: &Room| {
            let clue = r.clue.map_or("b".to_string(), |n| n.to_string());
            format!("{clue},{},{}", r.width, r.height)
        };
        self.rooms.iter().map(room).collect::<Vec<_>>().join(";")
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    /// Each cell's room (an index into [`Heyawake::rooms`]), row-major.
    pub fn room_of(&self) -> &[usize] {
        &self.room_of
    }

    /// The cells orthogonally next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// The shortest straight runs of cells that pass through three rooms:
    /// in each row and column, from the last cell of one room to the first
    /// cell of the room after the next, so a whole room's stretch between.
    /// One cell of each must be shaded.
    fn three_room_runs(&self) -> Vec<Vec<usize>> {
        let Size { width, height } = self.size;
        let rows = (0..height).map(|r| (r * width..(r + 1) * width).collect::<Vec<_>>());
        let columns = (0..width).map(|c| (0..height).map(|r| r * width + c).collect::<Vec<_>>());
        let mut runs = Vec::new();
        for line in rows.chain(columns) {
            // Where each room's stretch of the line starts.
            let starts: Vec<usize> =
                (0..line.len()).filter(|&i| i == 0 || self.room_of[line[i]] != self.room_of[line[i - 1]]).collect();
            for k in 0..starts.len().saturating_sub(2) {
                runs.push(line[starts[k + 1] - 1..=starts[k + 2]].to_vec());
            }
        }
        runs
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which cells are shaded.
    fn shaded_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The first rule a shading breaks, by the rules alone.
    fn check_shading(&self, shaded: &[bool]) -> Result<(), String> {
        let Size { width, height } = self.size;
        for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
            if let Some(other) = self.neighbours(cell).find(|&o| o > cell && shaded[o]) {
                return Err(format!(
                    "the shaded cells at {} and {} are side by side",
                    self.place(cell),
                    self.place(other)
                ));
            }
        }
        let mut counts = vec![0u32; self.rooms.len()];
        let mut corner = vec![usize::MAX; self.rooms.len()];
        for (cell, &room) in self.room_of.iter().enumerate() {
            counts[room] += u32::from(shaded[cell]);
            corner[room] = corner[room].min(cell);
        }
        for (k, room) in self.rooms.iter().enumerate() {
            if let Some(clue) = room.clue.filter(|&clue| clue != counts[k]) {
                return Err(format!(
                    "the room at {} has {} shaded cells, not its {clue}",
                    self.place(corner[k]),
                    counts[k]
                ));
            }
        }
        // Every straight run of unshaded cells, across then down, counted
        // by the rooms it enters.
        let across = (0..height).map(|r| (0..width).map(|c| r * width + c).collect::<Vec<_>>());
        let down = (0..width).map(|c| (0..height).map(|r| r * width + c).collect::<Vec<_>>());
        for line in across.chain(down) {
            let mut rooms_in_run = 0;
            let mut run_start = 0;
            for (i, &cell) in line.iter().enumerate() {
                if shaded[cell] {
                    rooms_in_run = 0;
                    continue;
                }
                if rooms_in_run == 0 {
                    rooms_in_run = 1;
                    run_start = cell;
                } else if self.room_of[cell] != self.room_of[line[i - 1]] {
                    rooms_in_run += 1;
                }
                if rooms_in_run == 3 {
                    return Err(format!(
                        "the unshaded run from {} to {} passes through three rooms",
                        self.place(run_start),
                        self.place(cell)
                    ));
                }
            }
        }
        let unshaded: Vec<bool> = shaded.iter().map(|&s| !s).collect();
        if let Some((first, apart)) = self.size.apart(&unshaded) {
            return Err(format!(
                "the unshaded cell at {} cannot reach the one at {}: the unshaded cells must be connected",
                self.place(apart),
                self.place(first)
            ));
        }
        Ok(())
    }
}

/// One room of a task: `clue,width,height`, the clue `b` or a number, each
/// number as the site writes it (digits, no leading zero); sides from 1
/// to the largest grid's.
fn read_room(part: &str) -> Option<Room> {
    let number = |text: &str| {
        let plain = !text.is_empty()
            && text.bytes().all(|b| b.is_ascii_digit())
            && (text.len() == 1 || !text.starts_with('0'));
        plain.then(|| text.parse::<u32>().ok()).flatten()
    };
    let mut fields = part.split(',');
    let (clue, width, height) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() {
        return None;
    }
    let clue = if clue == "b" { None } else { Some(number(clue)?) };
    let side = |n: u32| (1..=MAX_SIDE).contains(&(n as usize)).then_some(n as usize);
    let width = side(number(width)?)?;
    let height = side(number(height)?)?;
    Some(Room { clue, width, height })
}
