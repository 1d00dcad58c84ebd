//! Writing pictures where the user asked: `--svg FILE` and `--png FILE`
//! (`-` for standard output, which then holds the pictures and nothing
//! else), numbered when one command draws several.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use aquarchive::render::svg;

use super::error::CliError;
use super::output::{print, print_bytes};

/// PNGs are drawn at twice the SVG's size, so text stays crisp.
const PNG_SCALE: f32 = 2.0;

/// Where the pictures of one command go.
#[derive(Clone, Debug, Default)]
pub struct Pictures {
    pub svg: Option<PathBuf>,
    pub png: Option<PathBuf>,
}

impl Pictures {
    /// Checks that at most one thing goes to standard output: one picture
    /// format, and not beside `--json` (`json`: whether it was given).
    pub fn new(svg: Option<PathBuf>, png: Option<PathBuf>, json: bool) -> Result<Pictures, CliError> {
        let pictures = Pictures { svg, png };
        let is_stdout = |path: &Option<PathBuf>| path.as_deref() == Some(Path::new("-"));
        if is_stdout(&pictures.svg) && is_stdout(&pictures.png) {
            return Err(CliError::Message("--svg - and --png -: only one of them can go to standard output".into()));
        }
        if json && pictures.to_stdout() {
            return Err(CliError::Message(
                "--json and a picture to standard output (`-`): write the picture to a file instead".into(),
            ));
        }
        if is_stdout(&pictures.png) && std::io::stdout().is_terminal() {
            return Err(CliError::Message(
                "--png -: standard output is a terminal; redirect it to a file or give a file name".into(),
            ));
        }
        Ok(pictures)
    }

    pub fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Whether a picture goes to standard output, which then holds only the
    /// pictures: the command prints no text there.
    pub fn to_stdout(&self) -> bool {
        [&self.svg, &self.png].iter().any(|p| p.as_deref() == Some(Path::new("-")))
    }

    /// Writes one drawing. `number` is `Some(n)` when the command draws more
    /// than one, which names the files `OUT-n.svg` (standard output takes
    /// them one after another).
    pub fn write(&self, drawing: &str, number: Option<usize>) -> Result<(), CliError> {
        if let Some(path) = &self.svg {
            if path == Path::new("-") {
                print(drawing)?;
            } else {
                write_file(&numbered(path, number, "svg"), drawing.as_bytes())?;
            }
        }
        if let Some(path) = &self.png {
            let shown = if path == Path::new("-") { "<stdout>".into() } else { numbered(path, number, "png") };
            let png =
                svg::to_png(drawing, PNG_SCALE).map_err(|e| CliError::Message(format!("{}: {e}", shown.display())))?;
            if path == Path::new("-") {
                print_bytes(&png)?;
            } else {
                write_file(&shown, &png)?;
            }
        }
        Ok(())
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|source| CliError::Io { path: path.display().to_string(), source })
}

/// `board.svg` as `board-3.svg` for the third of several; a name without an
/// extension gets the format's (`board` as `board-3.png`).
fn numbered(path: &Path, number: Option<usize>, format: &str) -> PathBuf {
    let Some(n) = number else { return path.to_path_buf() };
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map_or_else(|| format.to_string(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{n}.{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_go_before_the_extension() {
        assert_eq!(numbered(Path::new("out/board.svg"), Some(3), "svg"), PathBuf::from("out/board-3.svg"));
        assert_eq!(numbered(Path::new("board"), Some(1), "png"), PathBuf::from("board-1.png"));
        assert_eq!(numbered(Path::new("board.png"), None, "png"), PathBuf::from("board.png"));
    }
}
