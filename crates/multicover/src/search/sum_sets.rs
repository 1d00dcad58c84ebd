//! Sets of sums as bit sets: bit `s` set when some choice adds `s`.

/// Bits `low..=top`, empty when `low > top`.
#[inline(always)]
pub(super) fn window(low: u32, top: u32) -> u128 {
    if low > top {
        return 0;
    }
    let upto = if top >= 127 { u128::MAX } else { (1u128 << (top + 1)) - 1 };
    upto & (u128::MAX << low)
}

/// Every `a + b` with `a` in `x` and `b` in `y`, up to `top`.
#[inline(always)]
pub(super) fn sum_set(x: u128, y: u128, top: u32) -> u128 {
    let (small, large) = if x.count_ones() <= y.count_ones() { (x, y) } else { (y, x) };
    let mut out = 0u128;
    let mut rest = small;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        out |= large << s;
    }
    out & window(0, top)
}
