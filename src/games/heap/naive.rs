//! The straightforward nim-sequence: `G(n) = mex` over every move from a heap of `n`, each split's
//! value the XOR of its parts' values (Sprague–Grundy). Quadratic (cubic with three-heap splits);
//! simple enough to trust by reading, and the cross-check for the fast methods.

use crate::mex::MexSet;

use super::ruleset::{Code, Kind, Ruleset};

/// `G(0..=to)` by scanning every move of every heap.
///
/// ```
/// use grundy::games::heap::{Ruleset, naive};
/// let kayles: Ruleset = "0.77".parse().unwrap();
/// assert_eq!(naive::values(&kayles, 8), vec![0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// ```
pub fn values(r: &Ruleset, to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    extend(r, &mut g, to);
    g
}

/// Extend `g = G(0..len)` to `G(0..=to)` by the naive scan.
pub fn extend(r: &Ruleset, g: &mut Vec<u32>, to: usize) {
    let mut set = MexSet::new();
    let from = g.len();
    match r.kind() {
        Kind::Code(c) => {
            for n in from..=to {
                set.clear();
                code_options(c, n, g, &mut set);
                g.push(set.mex() as u32);
            }
        }
        Kind::Subtraction(s) => {
            let members = s.members_up_to(to as u64);
            for n in from..=to {
                set.clear();
                for &k in members.iter().take_while(|&&k| k as usize <= n) {
                    set.insert(g[n - k as usize] as u64);
                }
                g.push(set.mex() as u32);
            }
        }
        Kind::AllBut(excluded) => {
            for n in from..=to {
                set.clear();
                for k in 1..=n {
                    if excluded.binary_search(&(k as u64)).is_err() {
                        set.insert(g[n - k] as u64);
                    }
                }
                g.push(set.mex() as u32);
            }
        }
    }
}

/// Insert the values of every option of a heap of `n` under `code`, given `g[0..n]`.
fn code_options(c: &Code, n: usize, g: &[u32], set: &mut MexSet) {
    let unequal = c.unequal();
    for (k, &d) in c.digits().iter().enumerate() {
        if k > n {
            break;
        }
        let m = n - k;
        if d & 1 != 0 && m == 0 && k > 0 {
            set.insert(0);
        }
        if d & 2 != 0 && m >= 1 && k > 0 {
            set.insert(g[m] as u64);
        }
        if d & 4 != 0 && m >= 2 {
            for a in 1..=m / 2 {
                let b = m - a;
                if unequal && a == b {
                    continue;
                }
                set.insert((g[a] ^ g[b]) as u64);
            }
        }
        if d & 8 != 0 && m >= 3 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let c3 = m - a - b;
                    if unequal && (a == b || b == c3) {
                        continue;
                    }
                    set.insert((g[a] ^ g[b] ^ g[c3]) as u64);
                }
            }
        }
    }
}
