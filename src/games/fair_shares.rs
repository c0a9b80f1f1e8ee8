//! *Fair Shares and Varied Pairs* (Berlekamp, Conway & Guy, *Winning Ways*, ch. 12), a loopy
//! game, as a [`TieredGame`] with one tier.
//!
//! `N` coins lie in heaps. A move either splits one heap into several **equal** heaps (at least
//! two: a heap of `h` becomes `k` heaps of `h/k` for a divisor `k ≥ 2` of `h`) or unites two
//! heaps of **different** sizes into one. Only `N` heaps of one coin admit no move. Splitting and
//! uniting undo each other, so play can cycle: positions have generalized Sprague–Grundy values,
//! finite or `∞(K)`, and some are draws.
//!
//! **Index.** A position is a partition of `N`, written as its heap sizes (`4,3,3`, any order).
//! All partitions form one tier, ranked in lexicographic order of their parts sorted from the
//! largest with the counts `q(n, m)` of partitions of `n` into parts `≤ m`: the rank of
//! `a_0 ≥ a_1 ≥ …` is `Σ_i Σ_{1 ≤ v < a_i} q(s_i − v, v)`, `s_i = a_i + a_{i+1} + …`.
//! `N ≤ 100` (`p(100) = 190 569 292` positions).
//!
//! ```
//! use grundy::tier::TieredGame;
//! use grundy::games::fair_shares::FairShares;
//! let g = FairShares::new(4).unwrap();
//! assert_eq!(g.size(0), 5); // 4, 3+1, 2+2, 2+1+1, 1+1+1+1
//! let p = g.parse("2,1,1").unwrap();
//! let mut opts = Vec::new();
//! g.options(p.tier, p.index, &mut opts);
//! let texts: Vec<String> = opts.iter().map(|&o| g.format(o)).collect();
//! assert_eq!(texts, ["1,1,1,1", "3,1"]); // split the 2; unite 2 and 1
//! ```

use crate::tier::{Tiered, TieredGame};

/// The largest number of coins.
pub const MAX_COINS: u32 = 100;

/// Fair Shares and Varied Pairs with `N` coins.
#[derive(Clone, Debug)]
pub struct FairShares {
    coins: usize,
    /// `q[n·(N+1) + m]`: partitions of `n` into parts `≤ m`.
    q: Vec<u64>,
    /// `before[n·(N+1) + m] = Σ_{1 ≤ v < m, v ≤ n} q(n − v, v)`.
    before: Vec<u64>,
}

impl FairShares {
    /// The game with `coins` coins (`1..=100`).
    pub fn new(coins: u32) -> Result<FairShares, String> {
        if coins == 0 {
            return Err("0 coins: the game needs at least one coin".into());
        }
        if coins > MAX_COINS {
            return Err(format!(
                "{coins} coins is too large for the index (at most {MAX_COINS} coins: p(100) = 190569292 positions)"
            ));
        }
        let n = coins as usize;
        let w = n + 1;
        let mut q = vec![0u64; w * w];
        let mut before = vec![0u64; w * w];
        q[..=n].fill(1); // q(0, m) = 1: the empty partition
        for s in 1..=n {
            let mut acc = 0u64;
            for m in 0..=n {
                before[s * w + m] = acc;
                if m >= 1 && m <= s {
                    acc += q[(s - m) * w + m];
                }
                q[s * w + m] = acc;
            }
        }
        Ok(FairShares {
            coins: n,
            q,
            before,
        })
    }

    /// The rank of a partition given by its heap counts (`counts[h]` heaps of size `h`).
    pub fn rank_counts(&self, counts: &[u32]) -> Tiered {
        let w = self.coins + 1;
        let mut rem = self.coins;
        let mut index = 0;
        for h in (1..=self.coins).rev() {
            for _ in 0..counts[h] {
                index += self.before[rem * w + h];
                rem -= h;
            }
        }
        Tiered::new(0, index)
    }

    /// The heap counts of a position (`counts[h]` heaps of size `h`, `h ≤ N`).
    pub fn unrank_counts(&self, p: Tiered, counts: &mut Vec<u32>) {
        let w = self.coins + 1;
        counts.clear();
        counts.resize(w, 0);
        let mut rem = self.coins;
        let mut index = p.index;
        let mut prev = self.coins;
        while rem > 0 {
            let mut v = 1;
            while v < prev.min(rem) {
                let c = self.q[(rem - v) * w + v];
                if index < c {
                    break;
                }
                index -= c;
                v += 1;
            }
            counts[v] += 1;
            rem -= v;
            prev = v;
        }
    }
}

impl TieredGame for FairShares {
    fn id(&self) -> String {
        format!("fair-shares coins={}", self.coins)
    }

    fn tiers(&self) -> u32 {
        1
    }

    fn size(&self, _tier: u32) -> u64 {
        self.q[self.coins * (self.coins + 1) + self.coins]
    }

    fn moves_within_tier(&self) -> bool {
        true
    }

    fn options(&self, tier: u32, index: u64, out: &mut Vec<Tiered>) {
        let mut counts = Vec::new();
        self.unrank_counts(Tiered::new(tier, index), &mut counts);
        let sizes: Vec<usize> = (1..=self.coins).filter(|&h| counts[h] > 0).collect();
        for &h in &sizes {
            for k in 2..=h {
                if h.is_multiple_of(k) {
                    counts[h] -= 1;
                    counts[h / k] += k as u32;
                    out.push(self.rank_counts(&counts));
                    counts[h / k] -= k as u32;
                    counts[h] += 1;
                }
            }
        }
        for (i, &a) in sizes.iter().enumerate() {
            for &b in &sizes[..i] {
                counts[a] -= 1;
                counts[b] -= 1;
                counts[a + b] += 1;
                out.push(self.rank_counts(&counts));
                counts[a + b] -= 1;
                counts[b] += 1;
                counts[a] += 1;
            }
        }
    }

    fn parse(&self, text: &str) -> Result<Tiered, String> {
        let mut counts = vec![0u32; self.coins + 1];
        let mut total = 0usize;
        for (k, part) in text.split(',').enumerate() {
            let part = part.trim();
            let h: usize = part
                .parse()
                .map_err(|_| format!("heap {} of '{text}': '{part}' is not a heap size", k + 1))?;
            if h == 0 {
                return Err(format!("heap {} of '{text}' is empty", k + 1));
            }
            total = total.saturating_add(h);
            if total > self.coins {
                return Err(format!(
                    "the heaps of '{text}' hold more than the {} coins",
                    self.coins
                ));
            }
            counts[h] += 1;
        }
        if total != self.coins {
            return Err(format!(
                "the heaps of '{text}' hold {total} coins, the game has {}",
                self.coins
            ));
        }
        Ok(self.rank_counts(&counts))
    }

    fn format(&self, p: Tiered) -> String {
        let mut counts = Vec::new();
        self.unrank_counts(p, &mut counts);
        let mut parts = Vec::new();
        for h in (1..=self.coins).rev() {
            for _ in 0..counts[h] {
                parts.push(h.to_string());
            }
        }
        parts.join(",")
    }

    fn start(&self) -> Tiered {
        let mut counts = vec![0u32; self.coins + 1];
        counts[self.coins] = 1;
        self.rank_counts(&counts)
    }
}

/// The name of Fair Shares and Varied Pairs on the command line, in Python and in the page's URLs.
pub const NAME: &str = "fair-shares";

/// Fair Shares and Varied Pairs in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &["fair_shares"],
    title: "Fair Shares and Varied Pairs",
    rules: "Split a heap into equal heaps or unite two heaps of different sizes; play can cycle.",
    notation: "heap sizes, e.g. 4,3,3",
    parameters: &[crate::games::entry::Parameter {
        name: "coins",
        help: "coins in all",
    }],
    engines: &[crate::games::entry::Engine::Tier],
    commands: &["grundy retro fair-shares"],
    module: "grundy::games::fair_shares",
    search: None,
    tier: Some(|s| {
        FairShares::new(s.coins.unwrap_or(0)).map(|g| Box::new(g) as Box<dyn TieredGame + Send>)
    }),
};
