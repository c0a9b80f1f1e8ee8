//! Tame quotients: the misère quotients `T_k` of misère Nim (Conway's tame games).
//!
//! `T_0 = {1}`; `T_1 = <a | a2=1>` with `P = {a}` (heaps of 1); for `k ≥ 2`, `T_k` is the quotient
//! of misère Nim with heaps below `2^k`: the identity, an element `a` with `a² = 1` (the
//! position with one heap of 1), and `2^k` *big* elements forming a group `≅ (Z/2)^k` under the
//! product (the nim-sums of positions with a heap of 2 or more), whose identity `z` (nim-sum 0)
//! and `a` make up `P` (Bouton's misère rule). So `|T_k| = 2^k + 2`.
//!
//! [`tame_index`] recognises `T_k` up to isomorphism: the order is `2^k + 2`, there is `a ∈ P`,
//! `a ≠ 1`, `a² = 1`, the other elements `B` are closed under the product with a `z ∈ B` such
//! that `P = {a, z}`, `x·z = x` and `x² = z` for every `x ∈ B`, and `a·z ≠ z`. Then `B` is a group
//! of exponent 2 (so `≅ (Z/2)^k`), `a` acts on it as the non-identity element `a·z`, and any group
//! isomorphism `B → (Z/2)^k` sending `a·z` to nim-sum 1 extends to an isomorphism onto `T_k` that
//! maps `P` onto `P`.

use super::monoid::{Monoid, Table};

/// `Some(k)` when `(t, p)` is isomorphic to the tame quotient `T_k`.
pub fn tame_index(t: &Table, p: &[bool]) -> Option<u32> {
    let n = t.size();
    if n == 1 {
        return (!p[0]).then_some(0);
    }
    let a = (1..n as u32).find(|&x| p[x as usize] && t.mul(x, x) == 0)?;
    if n == 2 {
        return (!p[0]).then_some(1);
    }
    let big = n - 2;
    if !big.is_power_of_two() || big < 4 {
        return None;
    }
    if p[0] {
        return None;
    }
    let b: Vec<u32> = (1..n as u32).filter(|&x| x != a).collect();
    let zs: Vec<u32> = b.iter().copied().filter(|&x| p[x as usize]).collect();
    let [z] = zs.as_slice() else { return None };
    let z = *z;
    if t.mul(a, z) == z {
        return None;
    }
    for &x in &b {
        if t.mul(x, x) != z || t.mul(x, z) != x {
            return None;
        }
        for &y in &b {
            let xy = t.mul(x, y);
            if xy == 0 || xy == a {
                return None;
            }
        }
    }
    Some(big.trailing_zeros())
}
