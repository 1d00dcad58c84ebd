//! Real-looking photos spoilt: one of a few generated photos of solved
//! boards (made once, as JPEG and as PNG), its bytes flipped and cut short
//! as the input says, then read as `photo` reads any bytes (see
//! `photo_reading.rs`). The input's first byte picks the photo and the
//! boards asked for (both, or one: a photo of the other board is to be
//! refused, never read as the board asked for); each four
//! bytes after it flip one byte (three give its place in the photo, the
//! fourth what is XORed there); one to three bytes left over cut the photo
//! short, to the share of it the first of them says.
#![no_main]

use std::sync::OnceLock;

use aquarchive_photo_synth::{self as synth, Camera, Distortion};
use libfuzzer_sys::fuzz_target;

#[path = "photo_reading.rs"]
mod photo_reading;

fn photos() -> &'static [Vec<u8>] {
    static PHOTOS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PHOTOS.get_or_init(|| {
        let [standard, weekday] = photo_reading::boards();
        // Small photos (15 pixels a cell) read fastest; one at a phone's size.
        let small = Camera::PHONE.with(Distortion::Scale, 3);
        let jpegs = [
            synth::photo(standard, 1, &small).jpeg,
            synth::photo(weekday, 2, &small).jpeg,
            synth::photo(weekday, 3, &Camera::PHONE).jpeg,
        ];
        let png = {
            let pixels = image::load_from_memory(&jpegs[0]).expect("a generated photo decodes").into_rgb8();
            let mut png = Vec::new();
            pixels.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).expect("encoding to memory");
            png
        };
        jpegs.into_iter().chain([png]).collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let photos = photos();
    let mut bytes = photos[usize::from(pick) % photos.len()].clone();
    let mut flips = rest.chunks_exact(4);
    for flip in &mut flips {
        let at = u32::from_le_bytes([flip[0], flip[1], flip[2], 0]) as usize % bytes.len();
        bytes[at] ^= flip[3];
    }
    if let [cut, ..] = flips.remainder() {
        bytes.truncate(bytes.len() * usize::from(*cut) / 256);
    }
    let boards = photo_reading::boards();
    let asked = match usize::from(pick) / photos.len() % 3 {
        0 => &boards[..],
        1 => &boards[..1],
        _ => &boards[1..],
    };
    photo_reading::check(&bytes, asked);
});
