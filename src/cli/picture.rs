//! Writing pictures where the user asked: `--svg FILE` (`-` for standard
//! output) and `--png FILE`, numbered when one command draws several.

use std::path::{Path, PathBuf};

use aquarchive::render::svg;

use super::CliError;
use super::output::print;

/// PNGs are drawn at twice the SVG's size, so text stays crisp.
const PNG_SCALE: f32 = 2.0;

/// Where the pictures of one command go.
#[derive(Clone, Debug, Default)]
pub struct Pictures {
    pub svg: Option<PathBuf>,
    pub png: Option<PathBuf>,
}

impl Pictures {
    pub fn new(svg: Option<PathBuf>, png: Option<PathBuf>) -> Pictures {
        Pictures { svg, png }
    }

    pub fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Writes one drawing. `number` is `Some(n)` when the command draws more
    /// than one, which names the files `OUT-n.svg` (standard output takes
    /// them one after another).
    pub fn write(&self, drawing: &str, number: Option<usize>) -> Result<(), CliError> {
        if let Some(path) = &self.svg {
            if path == Path::new("-") {
                print(drawing)?;
            } else {
                write_file(&numbered(path, number), drawing.as_bytes())?;
            }
        }
        if let Some(path) = &self.png {
            let path = numbered(path, number);
            let png =
                svg::to_png(drawing, PNG_SCALE).map_err(|e| CliError::Message(format!("{}: {e}", path.display())))?;
            write_file(&path, &png)?;
        }
        Ok(())
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|source| CliError::Io { path: path.display().to_string(), source })
}

/// `board.svg` as `board-3.svg` for the third of several.
fn numbered(path: &Path, number: Option<usize>) -> PathBuf {
    let Some(n) = number else { return path.to_path_buf() };
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_go_before_the_extension() {
        assert_eq!(numbered(Path::new("out/board.svg"), Some(3)), PathBuf::from("out/board-3.svg"));
        assert_eq!(numbered(Path::new("board"), Some(1)), PathBuf::from("board-1"));
        assert_eq!(numbered(Path::new("board.png"), None), PathBuf::from("board.png"));
    }
}
