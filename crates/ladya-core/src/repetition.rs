//! The repetition rule's count, once for every game: which earlier occurrence of a position
//! makes it a repetition.

/// The history index of the earlier occurrence that makes the present position (`key`) a
/// repetition, if one does. `earlier` gives the candidates, latest first: the history index
/// and key of each earlier position with the same side to move that could equal this one.
/// An occurrence at index `twofold_from` or later counts at once (search passes its root, so
/// that cycles inside the tree end there); otherwise the second earlier occurrence (the third
/// in all) does.
///
/// ```
/// use ladya_core::repetition::repetition_start;
///
/// let history = [7, 1, 7, 2, 7, 3];
/// let earlier = |n: usize| (0..n).rev().step_by(2).map(move |i| (i, history[i]));
/// // Key 7 stood at indices 4, 2 and 0: the third occurrence counts at its second earlier one.
/// assert_eq!(repetition_start(7, earlier(5), usize::MAX), Some(2));
/// // With the twofold count from index 3 on, the one at 4 counts at once.
/// assert_eq!(repetition_start(7, earlier(5), 3), Some(4));
/// assert_eq!(repetition_start(9, earlier(5), 0), None);
/// ```
#[inline]
pub fn repetition_start(key: u64, earlier: impl Iterator<Item = (usize, u64)>, twofold_from: usize) -> Option<usize> {
    let mut seen = 0;
    for (index, earlier_key) in earlier {
        if earlier_key == key {
            seen += 1;
            if index >= twofold_from || seen == 2 {
                return Some(index);
            }
        }
    }
    None
}
