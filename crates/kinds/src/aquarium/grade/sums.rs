//! Sets of sums as bits: what water the tanks of a line (or two lines) can
//! add together, each possible sum one bit.

/// Sums up to 127 as a bit set: bit `k` set when `k` can be made.
pub(super) type Sums = u128;

/// Every sum of one value from `a` and one from `b`, up to `cap`: one
/// shifted copy of `b` for each value in `a`, so `a` should be the set with
/// fewer values (a tank's few levels, beside the many sums of the tanks
/// before it).
pub(super) fn add_sums(a: Sums, b: Sums, cap: u32) -> Sums {
    let mut out = 0;
    let mut rest = a;
    while rest != 0 {
        let k = rest.trailing_zeros();
        rest &= rest - 1;
        out |= b << k;
    }
    out & mask(cap)
}

/// The bits `0..=width` of `m` in reverse order.
pub(super) fn reverse(m: Sums, width: u32) -> Sums {
    (m & mask(width)).reverse_bits() >> (127 - width)
}

pub(super) fn mask(cap: u32) -> Sums {
    if cap >= 127 { Sums::MAX } else { (1 << (cap + 1)) - 1 }
}

/// Sums in two lines at once, as a slice of [`Sums`]: row `x` holds bit
/// `y` when `x` water can go to the first line together with `y` to the
/// second.
///
/// `out` = every sum of one pair from `a` and one from `b`, up to `cap`.
pub(super) fn add_sums2(a: &[Sums], b: &[Sums], cap: (u32, u32), out: &mut [Sums]) {
    let width = cap.0 as usize + 1;
    out[..width].fill(0);
    for (x1, &ya) in a.iter().take(width).enumerate() {
        if ya == 0 {
            continue;
        }
        for (x2, &yb) in b.iter().take(width - x1).enumerate() {
            if yb != 0 {
                out[x1 + x2] |= add_sums(yb, ya, cap.1);
            }
        }
    }
}

/// The sums of one tank's `options` as [`add_sums2`] reads them.
pub(super) fn set_of(options: &[(u32, u32)], cap: (u32, u32), set: &mut [Sums]) {
    set.fill(0);
    for &(x, y) in options {
        if x <= cap.0 && y <= cap.1 {
            set[x as usize] |= 1 << y;
        }
    }
}
