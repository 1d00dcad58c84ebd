//! Images as planes of numbers: one channel of `f32` (0 to 255), sampled
//! between pixels, blurred and shrunk.

/// One channel, row-major.
#[derive(Clone, Debug)]
pub struct Plane {
    pub width: usize,
    pub height: usize,
    pub data: Vec<f32>,
}

impl Plane {
    pub fn new(width: usize, height: usize, value: f32) -> Plane {
        Plane { width, height, data: vec![value; width * height] }
    }

    pub fn get(&self, x: usize, y: usize) -> f32 {
        self.data[y * self.width + x]
    }

    pub fn set(&mut self, x: usize, y: usize, value: f32) {
        self.data[y * self.width + x] = value;
    }

    /// The value at a point between pixels (pixel centres at integers),
    /// bilinear; points off the plane take the nearest edge's value.
    pub fn sample(&self, x: f64, y: f64) -> f32 {
        let max_x = (self.width - 1) as f64;
        let max_y = (self.height - 1) as f64;
        let (x, y) = (x.clamp(0.0, max_x), y.clamp(0.0, max_y));
        let (x0, y0) = (x.floor() as usize, y.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
        let (fx, fy) = ((x - x0 as f64) as f32, (y - y0 as f64) as f32);
        let top = self.get(x0, y0) * (1.0 - fx) + self.get(x1, y0) * fx;
        let bottom = self.get(x0, y1) * (1.0 - fx) + self.get(x1, y1) * fx;
        top * (1.0 - fy) + bottom * fy
    }

    /// A Gaussian blur of standard deviation `sigma` pixels, separable,
    /// edges repeated.
    pub fn blur(&self, sigma: f64) -> Plane {
        if sigma < 0.3 {
            return self.clone();
        }
        let radius = (sigma * 3.0).ceil() as isize;
        let kernel: Vec<f32> =
            (-radius..=radius).map(|k| (-(k * k) as f64 / (2.0 * sigma * sigma)).exp() as f32).collect();
        let total: f32 = kernel.iter().sum();
        let kernel: Vec<f32> = kernel.iter().map(|k| k / total).collect();
        let (w, h) = (self.width, self.height);
        let r = radius as usize;
        // Across: the edges repeated only where the kernel reaches over them.
        let mut across = Plane::new(w, h, 0.0);
        for y in 0..h {
            let row = &self.data[y * w..(y + 1) * w];
            let out = &mut across.data[y * w..(y + 1) * w];
            for (x, value) in out.iter_mut().enumerate() {
                let mut sum = 0.0;
                if x >= r && x + r < w {
                    for (weight, v) in kernel.iter().zip(&row[x - r..=x + r]) {
                        sum += weight * v;
                    }
                } else {
                    for (k, weight) in kernel.iter().enumerate() {
                        sum += weight * row[(x + k).saturating_sub(r).min(w - 1)];
                    }
                }
                *value = sum;
            }
        }
        // Down: whole rows at a time, each output row the weighted sum of
        // the rows round it (the same sums, in the same order, per pixel).
        let mut out = Plane::new(w, h, 0.0);
        for y in 0..h {
            let target = &mut out.data[y * w..(y + 1) * w];
            for (k, weight) in kernel.iter().enumerate() {
                let source = (y + k).saturating_sub(r).min(h - 1);
                let row = &across.data[source * w..(source + 1) * w];
                for (value, v) in target.iter_mut().zip(row) {
                    *value += weight * v;
                }
            }
        }
        out
    }

    /// Each `factor` x `factor` block averaged into one pixel.
    pub fn shrink(&self, factor: usize) -> Plane {
        if factor <= 1 {
            return self.clone();
        }
        let (w, h) = ((self.width / factor).max(1), (self.height / factor).max(1));
        let mut out = Plane::new(w, h, 0.0);
        for y in 0..h {
            for x in 0..w {
                let mut sum = 0.0;
                let mut n = 0.0;
                for yy in y * factor..((y + 1) * factor).min(self.height) {
                    for xx in x * factor..((x + 1) * factor).min(self.width) {
                        sum += self.get(xx, yy);
                        n += 1.0;
                    }
                }
                out.set(x, y, sum / n);
            }
        }
        out
    }
}

/// The three colour planes of a photo and its brightness.
pub(crate) struct Photo {
    pub rgb: [Plane; 3],
    pub grey: Plane,
}

impl Photo {
    /// The photo with each `factor` x `factor` block of pixels averaged
    /// into one (1: as it is); made in one pass over the picture, so a
    /// large photo is never held at full size as numbers.
    pub(crate) fn from_image(image: &image::RgbImage, factor: usize) -> Photo {
        let factor = factor.max(1);
        let (full_w, full_h) = (image.width() as usize, image.height() as usize);
        let (w, h) = ((full_w / factor).max(1), (full_h / factor).max(1));
        let mut sums = vec![[0u32; 3]; w * h];
        let mut counts = vec![0u32; w * h];
        for (y, row) in image.as_raw().chunks_exact(full_w * 3).enumerate() {
            let out = (y / factor).min(h - 1) * w;
            for (x, p) in row.chunks_exact(3).enumerate() {
                let i = out + (x / factor).min(w - 1);
                let sum = &mut sums[i];
                sum[0] += u32::from(p[0]);
                sum[1] += u32::from(p[1]);
                sum[2] += u32::from(p[2]);
                counts[i] += 1;
            }
        }
        let mut rgb = [Plane::new(w, h, 0.0), Plane::new(w, h, 0.0), Plane::new(w, h, 0.0)];
        let mut grey = Plane::new(w, h, 0.0);
        for (i, (sum, &n)) in sums.iter().zip(&counts).enumerate() {
            let [r, g, b] = sum.map(|v| v as f32 / n as f32);
            rgb[0].data[i] = r;
            rgb[1].data[i] = g;
            rgb[2].data[i] = b;
            grey.data[i] = 0.299 * r + 0.587 * g + 0.114 * b;
        }
        Photo { rgb, grey }
    }

    pub(crate) fn width(&self) -> usize {
        self.grey.width
    }

    pub(crate) fn height(&self) -> usize {
        self.grey.height
    }
}

/// The median of some values (0 for none).
pub(crate) fn median(values: &mut [f32]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let mid = values.len() / 2;
    *values.select_nth_unstable_by(mid, f32::total_cmp).1
}
