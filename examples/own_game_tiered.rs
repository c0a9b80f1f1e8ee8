//! Your own game, second way: [`TieredGame`] and the tiered retrograde engine (the guide's chapter
//! "Your own game").
//!
//! **Node-Kayles on a cycle** of `n` vertices: a move picks a vertex and removes it together with
//! its neighbours; the player who cannot move loses. A position is the set of vertices left, an
//! `n`-bit mask. Every move removes one to three vertices, so the number of vertices left is a
//! **tier**: moves go to lower tiers only, and the engine solves tier 0 first.
//!
//! **The dense index.** Inside tier `k` the positions are the `k`-subsets of `0..n`, and the
//! *combinatorial number system* numbers them densely: the set `{c_0 < c_1 < … < c_{k−1}}` has
//! rank `Σ_m C(c_m, m + 1)` (its place in colexicographic order), a number in `0..C(n, k)`.
//! [`CycleKayles::rank`] and [`CycleKayles::unrank`] below compute it both ways with a table of binomials; the library's
//! Cram ([`grundy::games::cram::tier`]) indexes its boards the same way.
//!
//! The test solves every position and checks it against the memoised solver on the same rules
//! (an independent oracle), and checks a known fact: a run of `m` consecutive vertices is
//! Dawson's Chess, the octal game `0.137`.
//!
//! Run: `cargo run --release --example own_game_tiered`; test: `cargo test --release --example
//! own_game_tiered`.

use grundy::tier::{SolveOptions, Tiered, TieredGame, solve};

/// Node-Kayles on the cycle `C_n`, with the binomials of the index.
struct CycleKayles {
    n: u32,
    /// `binom[a][b] = C(a, b)` for `a, b <= n`.
    binom: Vec<Vec<u64>>,
}

impl CycleKayles {
    fn new(n: u32) -> CycleKayles {
        assert!((3..=40).contains(&n), "3 <= n <= 40");
        let mut binom = vec![vec![0u64; n as usize + 2]; n as usize + 1];
        for a in 0..=n as usize {
            binom[a][0] = 1;
            for b in 1..=a {
                binom[a][b] = binom[a - 1][b - 1] + binom[a - 1][b];
            }
        }
        CycleKayles { n, binom }
    }

    /// The rank of a set of vertices (a mask) in its tier: `Σ_m C(c_m, m + 1)`.
    fn rank(&self, mask: u64) -> Tiered {
        let (mut index, mut m) = (0, 0);
        for c in 0..self.n as usize {
            if mask >> c & 1 == 1 {
                m += 1;
                index += self.binom[c][m];
            }
        }
        Tiered::new(m as u32, index)
    }

    /// The set of vertices of rank `p.index` in tier `p.tier`: the largest element first (the
    /// greatest `c` with `C(c, m) <= index`).
    fn unrank(&self, p: Tiered) -> u64 {
        let (mut mask, mut index) = (0u64, p.index);
        let mut c = self.n as usize;
        for m in (1..=p.tier as usize).rev() {
            c -= 1;
            while self.binom[c][m] > index {
                c -= 1;
            }
            index -= self.binom[c][m];
            mask |= 1 << c;
        }
        mask
    }

    /// The vertex `v` with its neighbours on the cycle, as a mask.
    fn closed_neighbourhood(&self, v: u32) -> u64 {
        let n = self.n;
        (1 << v) | (1 << ((v + 1) % n)) | (1 << ((v + n - 1) % n))
    }
}

impl TieredGame for CycleKayles {
    fn id(&self) -> String {
        format!("cycle-kayles n={}", self.n)
    }
    fn tiers(&self) -> u32 {
        self.n + 1
    }
    fn size(&self, tier: u32) -> u64 {
        self.binom[self.n as usize][tier as usize]
    }
    fn options(&self, tier: u32, index: u64, out: &mut Vec<Tiered>) {
        let mask = self.unrank(Tiered::new(tier, index));
        for v in 0..self.n {
            if mask >> v & 1 == 1 {
                out.push(self.rank(mask & !self.closed_neighbourhood(v)));
            }
        }
    }
    /// A position is written as its vertices left, e.g. `0,1,2,5`; `-` for none.
    fn parse(&self, text: &str) -> Result<Tiered, String> {
        let mut mask = 0u64;
        for t in text.split(',').filter(|t| !t.is_empty() && *t != "-") {
            let v: u32 = t
                .trim()
                .parse()
                .map_err(|_| format!("'{t}' is not a vertex"))?;
            if v >= self.n {
                return Err(format!("vertex {v} is not below {}", self.n));
            }
            mask |= 1 << v;
        }
        Ok(self.rank(mask))
    }
    fn format(&self, p: Tiered) -> String {
        let mask = self.unrank(p);
        let vs: Vec<String> = (0..self.n)
            .filter(|v| mask >> v & 1 == 1)
            .map(|v| v.to_string())
            .collect();
        if vs.is_empty() {
            "-".into()
        } else {
            vs.join(",")
        }
    }
    fn start(&self) -> Tiered {
        self.rank((1u64 << self.n) - 1)
    }
}

fn main() {
    let game = CycleKayles::new(11);
    let db = solve(&game, &SolveOptions::default()).unwrap();
    let stats = db.stats();
    println!(
        "{}: {} positions in {} tiers",
        game.id(),
        stats.positions,
        game.tiers()
    );
    let a = db.analyse(&game, game.start()).unwrap();
    println!(
        "the whole cycle: value {}, outcome {:?}, remoteness {:?}",
        a.value, a.outcome, a.remoteness
    );
    // by symmetry every first move is the same: it leaves a path of n - 3 vertices
    println!(
        "winning moves: {}, e.g. to {}",
        a.winning_moves.len(),
        game.format(a.winning_moves[0])
    );
    let p = game.parse("0,1,2,4,5,7").unwrap();
    let b = db.analyse(&game, p).unwrap();
    let moves: Vec<String> = b.winning_moves.iter().map(|&m| game.format(m)).collect();
    println!(
        "position 0,1,2,4,5,7: value {}, winning moves to {}",
        b.value,
        moves.join(" and ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::solve::memo::Solver;
    use grundy::{ImpartialGame, LoopyValue, Nimber};

    /// The same rules on masks, for the memoised solver: the independent oracle.
    struct Oracle(u32);
    impl ImpartialGame for Oracle {
        type Position = u64;
        fn options(&self, &mask: &u64, out: &mut Vec<u64>) {
            let n = self.0;
            for v in (0..n).filter(|v| mask >> v & 1 == 1) {
                let hood = (1 << v) | (1 << ((v + 1) % n)) | (1 << ((v + n - 1) % n));
                out.push(mask & !hood);
            }
        }
    }

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        let g = CycleKayles::new(10);
        let mut seen = vec![Vec::new(); 11];
        for mask in 0..1u64 << 10 {
            let p = g.rank(mask);
            assert_eq!(g.unrank(p), mask);
            assert_eq!(p.tier, mask.count_ones());
            seen[p.tier as usize].push(p.index);
        }
        for (k, mut indices) in seen.into_iter().enumerate() {
            indices.sort_unstable();
            let all: Vec<u64> = (0..g.size(k as u32)).collect();
            assert_eq!(indices, all, "tier {k}");
        }
    }

    #[test]
    fn every_position_agrees_with_the_memo_solver() {
        for n in 3..=11 {
            let game = CycleKayles::new(n);
            let db = solve(&game, &SolveOptions::default()).unwrap();
            let mut oracle = Solver::new(Oracle(n));
            for mask in 0..1u64 << n {
                let p = game.rank(mask);
                let expected = LoopyValue::Finite(oracle.grundy(&mask).unwrap());
                assert_eq!(
                    db.value(&game, p).unwrap(),
                    expected,
                    "n = {n}, {}",
                    game.format(p)
                );
                assert_eq!(db.outcome(p).unwrap(), oracle.outcome(&mask).unwrap());
            }
        }
    }

    #[test]
    fn a_run_of_vertices_is_dawsons_chess() {
        // 0.137 (Dawson's Chess), G(0..12): the survey's sequence 011203110332
        let dawson = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2];
        let game = CycleKayles::new(14);
        let db = solve(&game, &SolveOptions::default()).unwrap();
        for (m, &g) in dawson.iter().enumerate() {
            let run = game.rank((1u64 << m) - 1); // vertices 0..m, not closed into a cycle
            assert_eq!(
                db.value(&game, run).unwrap(),
                LoopyValue::Finite(Nimber(g)),
                "run of {m}"
            );
        }
    }
}
