//! A photo made small, to show beside its reading.

use super::reading::ReadError;

/// A photo made small, to show beside a reading.
pub struct Thumbnail {
    /// A JPEG.
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// The photo's pixels per thumbnail pixel.
    pub scale: f64,
}

/// The photo at most `side` pixels a side (never larger than it is).
pub fn thumbnail(bytes: &[u8], side: u32) -> Result<Thumbnail, ReadError> {
    let image = image::DynamicImage::from(super::decode(bytes)?);
    let small = if image.width().max(image.height()) > side { image.thumbnail(side, side) } else { image.clone() };
    let small = small.to_rgb8();
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 80)
        .encode_image(&small)
        .map_err(|e| ReadError::Decode(e.to_string()))?;
    let scale = f64::from(image.width()) / f64::from(small.width().max(1));
    Ok(Thumbnail { jpeg, width: small.width(), height: small.height(), scale })
}
