//! The trail: what undo reads backwards to bring the search back.

/// Trail entries: a plain option id is an option killed on its own; a
/// closed group is its members marked `CLOSED_MEMBER`, its live count, then
/// the group marked `CLOSED_GROUP`.
pub(super) const CLOSED_MEMBER: u32 = 1 << 30;
pub(super) const CLOSED_GROUP: u32 = 3 << 30;

/// The options on `trail` below length `end`, last first, each with its
/// position: read backwards, as undo reads it, a closed group's live count
/// (no option) is told from its marker after it.
pub(super) fn options_before(trail: &[u32], end: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
    let mut at = end;
    std::iter::from_fn(move || {
        while at > 0 {
            at -= 1;
            let entry = trail[at];
            if entry & CLOSED_GROUP == CLOSED_GROUP {
                at -= 1;
                continue;
            }
            return Some((at, entry & !CLOSED_MEMBER));
        }
        None
    })
}
