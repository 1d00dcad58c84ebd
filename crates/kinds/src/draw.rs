//! The drawing vocabulary every kind draws its board in: a grid of cells,
//! region borders, clues on the edges and in the cells, marks (water, stars,
//! tents, ships, bulbs, digits, shading), signs between two cells, lines
//! through cell centres and cages (killer sudoku's). A kind says what is on
//! its board; the archive's renderers (text, SVG, the HTML archive) draw any
//! [`Drawing`] the same way, as Tatham's collection draws every game through
//! one small API.

/// What fills a cell's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Fill {
    #[default]
    Blank,
    /// A cell no answer goes in (a kakuro clue cell, a wall of the grid).
    Black,
    /// A cell shaded by the answer (nurikabe's walls, norinori's dominoes).
    Shaded,
    /// Water (aquarium) or mercury (thermometers): filled by the answer.
    Water,
}

/// A symbol in a cell, given by the puzzle or placed by the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Star,
    Tent,
    Tree,
    /// A piece of a ship (battleships).
    Ship,
    Bulb,
    /// A mine (minesweeper).
    Mine,
    /// A known empty cell (a cross).
    Cross,
    /// A small dot (a stitch's hole, a pearl's centre).
    Dot,
    /// A white circle (masyu, yin-yang).
    WhiteCircle,
    /// A black circle (masyu, yin-yang).
    BlackCircle,
}

/// Who put a cell's text there: the puzzle (a clue) or the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Given,
    Answer,
}

/// One cell: its fill, a mark, and a short text (a clue or a digit).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cell {
    pub fill: Fill,
    pub mark: Option<Mark>,
    pub text: Option<(String, Ink)>,
    /// Whether the mark is the puzzle's (tents' trees, battleships' given
    /// water): a mark is the answer's unless its kind says it is given, as
    /// one mark can be either (a ship piece given or placed).
    pub given_mark: bool,
}

/// A sign between two side-by-side cells (futoshiki's `<`, binairo-plus's
/// `=` and `x`, renzoku's dot), by the cells' row-major indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Between {
    pub a: usize,
    pub b: usize,
    pub sign: String,
}

/// A line through the centres of cells (a thermometer, a stitch, a bridge,
/// a loop), by their row-major indices; `double` draws two side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub cells: Vec<usize>,
    pub ink: Ink,
    pub double: bool,
}

/// A cage: cells outlined together by a dashed line inside their borders,
/// with a small clue in the top left corner of its first cell in reading
/// order (killer sudoku's sums), by the cells' row-major indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub clue: Option<String>,
}

/// A black cell cut by its diagonal, a clue on each side of it: the sum of
/// the run below it in its lower left, of the run to its right in its upper
/// right (kakuro's clue cells), by the cell's row-major index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitClue {
    pub cell: usize,
    pub down: Option<String>,
    pub right: Option<String>,
}

/// A board as its kind draws it: with its answer, or without.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    pub width: usize,
    pub height: usize,
    /// Row-major, `width * height` cells.
    pub cells: Vec<Cell>,
    /// The region of each cell where the kind has regions (tanks, cages,
    /// rooms): a thick border is drawn between cells of different regions.
    pub regions: Option<Vec<u32>>,
    /// Clues outside the grid: above each column, left of each row, below
    /// each column, right of each row (empty, or one entry a column or row).
    pub top: Vec<Option<String>>,
    pub left: Vec<Option<String>>,
    pub bottom: Vec<Option<String>>,
    pub right: Vec<Option<String>>,
    pub between: Vec<Between>,
    pub lines: Vec<Line>,
    /// Cages drawn over the cells and regions.
    pub cages: Vec<Cage>,
    /// Clue cells cut by their diagonal, over black cells.
    pub split_clues: Vec<SplitClue>,
    /// Cells holding a thermometer's bulb, by row-major index: a filled
    /// circle wider than the line starting there, the puzzle's.
    pub bulbs: Vec<usize>,
}

impl Drawing {
    /// A blank grid with nothing outside it.
    pub fn new(width: usize, height: usize) -> Drawing {
        Drawing {
            width,
            height,
            cells: vec![Cell::default(); width * height],
            regions: None,
            top: Vec::new(),
            left: Vec::new(),
            bottom: Vec::new(),
            right: Vec::new(),
            between: Vec::new(),
            lines: Vec::new(),
            cages: Vec::new(),
            split_clues: Vec::new(),
            bulbs: Vec::new(),
        }
    }

    /// The cell at row-major `index`, to fill, mark or write in.
    pub fn cell_mut(&mut self, index: usize) -> &mut Cell {
        &mut self.cells[index]
    }

    /// Puts the puzzle's `mark` in a cell (one no answer changes).
    pub fn give_mark(&mut self, index: usize, mark: Mark) {
        let cell = &mut self.cells[index];
        cell.mark = Some(mark);
        cell.given_mark = true;
    }

    /// Writes `text` in a cell.
    pub fn write(&mut self, index: usize, text: impl Into<String>, ink: Ink) {
        self.cells[index].text = Some((text.into(), ink));
    }

    /// Clues along an edge, from numbers.
    pub fn numbers(clues: &[u32]) -> Vec<Option<String>> {
        clues.iter().map(|n| Some(n.to_string())).collect()
    }

    /// Whether a thick border runs between two cells (different regions).
    pub fn wall_between(&self, a: usize, b: usize) -> bool {
        self.regions.as_ref().is_some_and(|regions| regions[a] != regions[b])
    }
}
