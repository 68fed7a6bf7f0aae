//! The window's pixels as a PNG file: the F12 key's picture, and the frames `--screenshot`
//! draws.

use crate::error::FileError;
use macroquad::prelude::*;
use std::path::Path;

/// Writes RGBA pixels (top row first) as an opaque PNG.
pub(crate) fn write_png(
    path: &Path,
    width: u32,
    height: u32,
    rgba: &[u8],
) -> Result<(), FileError> {
    let file = std::fs::File::create(path).map_err(|e| FileError::at(path, e))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(FileError::text)?;
    w.write_image_data(rgba).map_err(FileError::text)
}

/// The screen's pixels, top row first, alpha forced opaque.
pub(crate) fn grab() -> (u32, u32, Vec<u8>) {
    let img = get_screen_data();
    let (w, h) = (img.width as usize, img.height as usize);
    let mut out = vec![0u8; w * h * 4];
    // OpenGL reads the frame bottom row first.
    for y in 0..h {
        let src = &img.bytes[(h - 1 - y) * w * 4..(h - y) * w * 4];
        out[y * w * 4..(y + 1) * w * 4].copy_from_slice(src);
    }
    for px in out.chunks_exact_mut(4) {
        px[3] = 255;
    }
    (w as u32, h as u32, out)
}

/// Writes what has been drawn this frame to `path` (the F12 key).
pub(crate) fn save(path: &Path) -> Result<(), FileError> {
    let (w, h, rgba) = grab();
    write_png(path, w, h, &rgba)
}
