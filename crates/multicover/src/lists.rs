//! Lists of lists kept flat, as the searches read them: one vector of
//! values and one of where each list starts.

/// The `(key, value)` pairs as one list per key, in the order given within
/// each (a counting sort): list `k` is `values[start[k]..start[k + 1]]`.
/// Returns `(start, values)`.
pub(crate) fn lists_by_key<T: Copy + Default>(
    keys: usize,
    pairs: impl Iterator<Item = (u32, T)> + Clone,
) -> (Vec<u32>, Vec<T>) {
    // `for_each` rather than `for`: iterators made by `flat_map` run as
    // nested loops that way (internal iteration), at the speed of
    // hand-written ones.
    let mut start = vec![0u32; keys + 1];
    pairs.clone().for_each(|(k, _)| start[k as usize + 1] += 1);
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    let mut values = vec![T::default(); start[keys] as usize];
    let mut fill = start.clone();
    pairs.for_each(|(k, value)| {
        values[fill[k as usize] as usize] = value;
        fill[k as usize] += 1;
    });
    (start, values)
}
