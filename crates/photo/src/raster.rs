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
        let (w, h) = (self.width as isize, self.height as isize);
        let mut across = Plane::new(self.width, self.height, 0.0);
        for y in 0..h {
            let row = &self.data[(y * w) as usize..((y + 1) * w) as usize];
            for x in 0..w {
                let mut sum = 0.0;
                for (k, weight) in kernel.iter().enumerate() {
                    sum += weight * row[(x + k as isize - radius).clamp(0, w - 1) as usize];
                }
                across.data[(y * w + x) as usize] = sum;
            }
        }
        let mut out = Plane::new(self.width, self.height, 0.0);
        for y in 0..h {
            for x in 0..w {
                let mut sum = 0.0;
                for (k, weight) in kernel.iter().enumerate() {
                    sum += weight * across.data[((y + k as isize - radius).clamp(0, h - 1) * w + x) as usize];
                }
                out.data[(y * w + x) as usize] = sum;
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
pub struct Photo {
    pub rgb: [Plane; 3],
    pub grey: Plane,
}

impl Photo {
    pub fn from_image(image: &image::RgbImage) -> Photo {
        let (w, h) = (image.width() as usize, image.height() as usize);
        let mut rgb = [Plane::new(w, h, 0.0), Plane::new(w, h, 0.0), Plane::new(w, h, 0.0)];
        let mut grey = Plane::new(w, h, 0.0);
        for (i, p) in image.pixels().enumerate() {
            let [r, g, b] = p.0.map(f32::from);
            rgb[0].data[i] = r;
            rgb[1].data[i] = g;
            rgb[2].data[i] = b;
            grey.data[i] = 0.299 * r + 0.587 * g + 0.114 * b;
        }
        Photo { rgb, grey }
    }

    pub fn width(&self) -> usize {
        self.grey.width
    }

    pub fn height(&self) -> usize {
        self.grey.height
    }
}

/// The median of some values (0 for none).
pub fn median(values: &mut [f32]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let mid = values.len() / 2;
    *values.select_nth_unstable_by(mid, f32::total_cmp).1
}
