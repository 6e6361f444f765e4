//! The repetition rule's count, once for every game: which earlier occurrence of a position
//! makes it a repetition.

/// The history index of the earlier occurrence that makes the present position (`key`) a
/// repetition, if one does. `earlier` gives the candidates, latest first: the history index
/// and key of each earlier position with the same side to move that could equal this one.
/// The second earlier occurrence (the third in all) counts, as the rule says. Failing that,
/// an occurrence at index `twofold_from` or later counts at once (search passes its root, so
/// that cycles inside the tree end there). A position standing a third time is thus judged
/// from the same occurrence in a search as in the game.
///
/// ```
/// use ladya_core::repetition::repetition_start;
///
/// let history = [7, 1, 7, 2, 7, 3];
/// let earlier = |history: [u64; 6], n: usize| (0..n).rev().step_by(2).map(move |i| (i, history[i]));
/// // Key 7 stood at indices 4, 2 and 0: the third occurrence counts at its second earlier one,
/// // whether or not a search counts twofold from index 3.
/// assert_eq!(repetition_start(7, earlier(history, 5), usize::MAX), Some(2));
/// assert_eq!(repetition_start(7, earlier(history, 5), 3), Some(2));
/// // Key 7 stood once before, at index 4: a repetition only for a search counting from 4 or less.
/// let history = [5, 1, 6, 2, 7, 3];
/// assert_eq!(repetition_start(7, earlier(history, 5), usize::MAX), None);
/// assert_eq!(repetition_start(7, earlier(history, 5), 3), Some(4));
/// assert_eq!(repetition_start(9, earlier(history, 5), 0), None);
/// ```
#[inline]
pub fn repetition_start(key: u64, earlier: impl Iterator<Item = (usize, u64)>, twofold_from: usize) -> Option<usize> {
    let mut latest = None;
    for (index, earlier_key) in earlier {
        if earlier_key == key {
            if latest.is_some() {
                return Some(index);
            }
            latest = Some(index);
        }
    }
    latest.filter(|&index| index >= twofold_from)
}
