//! Lists of lists kept flat, as the searches read them: one vector of
//! values and one of where each list starts.

/// The `(key, value)` pairs as one list per key, in the order given within
/// each (a counting sort): list `k` is `values[start[k]..start[k + 1]]`.
/// Returns `(start, values)`.
pub(crate) fn lists_by_key<T: Copy + Default>(
    keys: usize,
    pairs: impl Iterator<Item = (u32, T)> + Clone,
) -> (Vec<u32>, Vec<T>) {
    let mut start = vec![0u32; keys + 1];
    for (k, _) in pairs.clone() {
        start[k as usize + 1] += 1;
    }
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    let mut values = vec![T::default(); start[keys] as usize];
    let mut fill = start.clone();
    for (k, value) in pairs {
        values[fill[k as usize] as usize] = value;
        fill[k as usize] += 1;
    }
    (start, values)
}
