//! Minimum-cost assignment of at most 16 rows to as many columns: the Hungarian algorithm in
//! its shortest-augmenting-path form with potentials (Kuhn, Munkres; Jonker and Volgenant),
//! `O(n^3)` with everything on the stack.

/// The largest problem: 16 pieces a side.
pub(crate) const MAX: usize = 16;

/// A square cost matrix of side `n <= MAX`; only `cost[..n][..n]` is read.
pub(crate) type Costs = [[i32; MAX]; MAX];

/// The least total cost of giving each of the `n` rows its own column, row `r` paying
/// `cost[r][c]` for column `c`. Zero for `n == 0`.
pub(crate) fn min_cost(n: usize, cost: &Costs) -> i32 {
    let n = n.min(MAX);
    // Rows and columns are numbered from 1; column 0 is the free column an augmenting path
    // starts from. `owner[c]` is the row matched to column `c` (0: none).
    let mut row_potential = [0i32; MAX + 1];
    let mut col_potential = [0i32; MAX + 1];
    let mut owner = [0usize; MAX + 1];
    let mut previous = [0usize; MAX + 1];
    for row in 1..=n {
        owner[0] = row;
        let mut col = 0;
        let mut slack = [i32::MAX; MAX + 1];
        let mut done = [false; MAX + 1];
        // Grow a shortest-path tree from `row` until it reaches a free column.
        loop {
            done[col] = true;
            let r = owner[col];
            let mut delta = i32::MAX;
            let mut next = 0;
            for c in 1..=n {
                if !done[c] {
                    let reduced = cost[r - 1][c - 1] - row_potential[r] - col_potential[c];
                    if reduced < slack[c] {
                        slack[c] = reduced;
                        previous[c] = col;
                    }
                    if slack[c] < delta {
                        delta = slack[c];
                        next = c;
                    }
                }
            }
            for c in 0..=n {
                if done[c] {
                    row_potential[owner[c]] += delta;
                    col_potential[c] -= delta;
                } else {
                    slack[c] -= delta;
                }
            }
            col = next;
            if owner[col] == 0 {
                break;
            }
        }
        // Flip the matching along the path back to column 0.
        while col != 0 {
            let back = previous[col];
            owner[col] = owner[back];
            col = back;
        }
    }
    (1..=n).map(|c| cost[owner[c] - 1][c - 1]).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least cost over every permutation.
    fn brute_force(n: usize, cost: &Costs) -> i32 {
        fn go(row: usize, n: usize, used: u32, cost: &Costs) -> i32 {
            if row == n {
                return 0;
            }
            (0..n)
                .filter(|c| used & (1 << c) == 0)
                .map(|c| cost[row][c] + go(row + 1, n, used | 1 << c, cost))
                .min()
                .unwrap_or(0)
        }
        go(0, n, 0, cost)
    }

    #[test]
    fn matches_brute_force_on_random_matrices() {
        let mut rng = ladya_core::rng::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut next = move || rng.next_u64();
        for trial in 0..400 {
            let n = trial % 9;
            let mut cost = [[0; MAX]; MAX];
            for row in cost.iter_mut().take(n) {
                for c in row.iter_mut().take(n) {
                    // Small ranges give many ties, large ones none.
                    *c = (next() % if trial % 2 == 0 { 4 } else { 1000 }) as i32;
                }
            }
            assert_eq!(min_cost(n, &cost), brute_force(n, &cost), "trial {trial}: {cost:?}");
        }
    }

    #[test]
    fn the_full_size_works() {
        // Row r costs |r - c|: the identity is the unique optimum, of cost 0; reversed rows
        // cost the same after the solver finds the permutation.
        let mut cost = [[0; MAX]; MAX];
        for (r, row) in cost.iter_mut().enumerate() {
            for (c, x) in row.iter_mut().enumerate() {
                *x = (r as i32 - (MAX - 1 - c) as i32).abs();
            }
        }
        assert_eq!(min_cost(MAX, &cost), 0);
        assert_eq!(min_cost(0, &cost), 0);
    }
}
