//! What a rendered board shows (after JavaScript): cells with wall classes,
//! flood-filled into tanks, and the clue cells.

use scraper::{ElementRef, Html};

use super::ExtractError;
use super::markup;
use aquarchive_kinds::aquarium::Aquarium;

/// Reads the board of a rendered page; `Ok(None)` when the page has no
/// board cells (a raw page, before JavaScript).
pub fn read_board(html: &str) -> Result<Option<Aquarium>, ExtractError> {
    let doc = Html::parse_document(html);
    let cells: Vec<ElementRef> = doc.select(&markup::BOARD_CELL).collect();
    if cells.is_empty() {
        return Ok(None);
    }
    let col_clues = clues(&doc, &markup::COLUMN_CLUE, "column")?;
    let row_clues = clues(&doc, &markup::ROW_CLUE, "row")?;
    let (width, height) = (col_clues.len(), row_clues.len());
    if width * height != cells.len() {
        return Err(ExtractError::BadBoard(format!(
            "{} cells, but {width} column clues and {height} row clues",
            cells.len()
        )));
    }
    let walls: Vec<Walls> = cells.iter().map(|c| Walls::of(*c)).collect();
    let labels = flood_fill(width, height, &walls);
    Aquarium::new(width, height, &labels, row_clues, col_clues)
        .map(Some)
        .map_err(|e| ExtractError::BadBoard(e.to_string()))
}

fn clues(doc: &Html, selector: &scraper::Selector, what: &str) -> Result<Vec<u32>, ExtractError> {
    doc.select(selector)
        .enumerate()
        .map(|(i, cell)| {
            let text: String = cell.text().collect();
            text.trim().parse().map_err(|_| {
                ExtractError::BadBoard(format!("{what} clue {} is `{}`, not a number", i + 1, text.trim()))
            })
        })
        .collect()
}

#[derive(Clone, Copy, Default)]
struct Walls {
    top: bool,
    bottom: bool,
    left: bool,
    right: bool,
}

impl Walls {
    fn of(cell: ElementRef) -> Walls {
        let has = |name| cell.value().has_class(name, scraper::CaseSensitivity::CaseSensitive);
        Walls {
            top: has(markup::WALL_TOP),
            bottom: has(markup::WALL_BOTTOM),
            left: has(markup::WALL_LEFT),
            right: has(markup::WALL_RIGHT),
        }
    }
}

/// Labels each cell with its tank: cells joined through sides that neither
/// of the two cells marks as a wall. (A wall drawn on one side only still
/// separates: the board shows it.)
fn flood_fill(width: usize, height: usize, walls: &[Walls]) -> Vec<usize> {
    let mut label = vec![usize::MAX; width * height];
    let mut next = 0;
    let mut stack = Vec::new();
    for start in 0..width * height {
        if label[start] != usize::MAX {
            continue;
        }
        label[start] = next;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / width, cell % width);
            let w = walls[cell];
            let mut neighbours = [None; 4];
            if r > 0 && !w.top && !walls[cell - width].bottom {
                neighbours[0] = Some(cell - width);
            }
            if r + 1 < height && !w.bottom && !walls[cell + width].top {
                neighbours[1] = Some(cell + width);
            }
            if c > 0 && !w.left && !walls[cell - 1].right {
                neighbours[2] = Some(cell - 1);
            }
            if c + 1 < width && !w.right && !walls[cell + 1].left {
                neighbours[3] = Some(cell + 1);
            }
            for n in neighbours.into_iter().flatten() {
                if label[n] == usize::MAX {
                    label[n] = next;
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    label
}

/// Draws a puzzle as the site's JavaScript does: column clue cells, then
/// each row's clue cell and its cells with wall classes. Used to test the
/// reader; the test site's JavaScript draws the same markup.
pub fn render_board(puzzle: &Aquarium) -> String {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut html = String::from("<div id=\"game\"><div class=\"board-back\">\n<div class=\"row\">");
    for clue in puzzle.col_clues() {
        html.push_str(&format!("<div class=\"cell task v\">{clue}</div>"));
    }
    html.push_str("</div>\n");
    for r in 0..h {
        html.push_str(&format!("<div class=\"row\"><div class=\"cell task h\">{}</div>", puzzle.row_clues()[r]));
        for c in 0..w {
            let t = puzzle.tank(r, c);
            let mut class = String::from("cell selectable cell-off");
            if r == 0 || puzzle.tank(r - 1, c) != t {
                class.push_str(" bt");
            }
            if r + 1 == h || puzzle.tank(r + 1, c) != t {
                class.push_str(" bb");
            }
            if c == 0 || puzzle.tank(r, c - 1) != t {
                class.push_str(" bl");
            }
            if c + 1 == w || puzzle.tank(r, c + 1) != t {
                class.push_str(" br");
            }
            html.push_str(&format!("<div class=\"{class}\"></div>"));
        }
        html.push_str("</div>\n");
    }
    html.push_str("</div></div>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    const TASK_681742: &str =
        "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4";

    #[test]
    fn a_drawn_board_reads_back_as_the_same_puzzle() {
        let puzzle = Aquarium::parse_task(TASK_681742).unwrap();
        let html = format!("<html><body>{}</body></html>", render_board(&puzzle));
        assert_eq!(read_board(&html).unwrap(), Some(puzzle));
    }

    #[test]
    fn a_wall_on_one_side_only_still_separates() {
        // Two cells, one tank each, the wall drawn on the left cell only.
        let html = r#"<div id="game"><div class="cell task v">1</div><div class="cell task v">0</div>
            <div class="cell task h">1</div>
            <div class="cell selectable bt bb bl br"></div><div class="cell selectable bt bb br"></div></div>"#;
        let puzzle = read_board(html).unwrap().unwrap();
        assert_eq!(puzzle.tank_count(), 2);
        // Without the wall they are one tank.
        let html = html.replace("bt bb bl br\"", "bt bb bl\"");
        assert_eq!(read_board(&html).unwrap().unwrap().tank_count(), 1);
    }

    #[test]
    fn no_cells_is_no_board_and_broken_boards_are_errors() {
        assert_eq!(read_board("<div id=\"game\"></div>").unwrap(), None);
        let puzzle = Aquarium::parse_task(TASK_681742).unwrap();
        let board = render_board(&puzzle);
        let missing_cell = board.replacen("<div class=\"cell selectable cell-off bt bl\"></div>", "", 1);
        assert!(matches!(read_board(&missing_cell), Err(ExtractError::BadBoard(_))));
        let bad_clue = board.replacen("<div class=\"cell task v\">4</div>", "<div class=\"cell task v\">?</div>", 1);
        let err = read_board(&bad_clue).unwrap_err();
        assert!(err.to_string().contains("column clue 1 is `?`"), "{err}");
    }
}
