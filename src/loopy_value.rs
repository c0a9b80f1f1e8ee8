//! Values of positions in loopy (cyclic) impartial games: the generalized Sprague–Grundy function.
//!
//! Smith (1966) and Fraenkel–Yesha (1986): every position gets either a finite value `n`
//! (it behaves like the nimber `*n`) or `∞(K)`, where `K` is the set of finite values among its
//! options. Outcomes: `0` is P; a nonzero finite value is N; `∞(K)` is N when `0 ∈ K` (move to a
//! P-position) and a draw otherwise.
//!
//! Sums (Smith's rules): finite values add by XOR; `∞(K) + x = ∞(K ⊕ x)` for finite `x`; a sum with
//! two or more infinite parts is `∞(∅)`, a draw.

use std::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::{Nimber, Outcome};

/// A generalized Sprague–Grundy value: finite, or `∞(K)` with `K` sorted and deduplicated.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyValue {
    /// A finite value `*n`.
    Finite(Nimber),
    /// `∞(K)`: the finite values among the options (sorted, no repeats).
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// `∞(K)` from any list (sorts and deduplicates).
    pub fn infinite(mut k: Vec<u64>) -> LoopyValue {
        k.sort_unstable();
        k.dedup();
        LoopyValue::Infinite(k)
    }

    /// The outcome class.
    ///
    /// ```
    /// use grundy::{LoopyValue, Nimber, Outcome};
    /// assert_eq!(LoopyValue::Finite(Nimber(0)).outcome(), Outcome::P);
    /// assert_eq!(LoopyValue::infinite(vec![2, 0]).outcome(), Outcome::N);
    /// assert_eq!(LoopyValue::infinite(vec![1]).outcome(), Outcome::D);
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(n) => Outcome::of(*n),
            LoopyValue::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// True for a finite value.
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyValue::Finite(_))
    }

    /// The value of the sum of independent components (Smith's rules).
    ///
    /// ```
    /// use grundy::{LoopyValue, Nimber};
    /// let inf = LoopyValue::infinite(vec![0, 2]);
    /// assert_eq!(LoopyValue::sum([inf.clone(), LoopyValue::Finite(Nimber(2))]),
    ///            LoopyValue::infinite(vec![2, 0]));
    /// assert_eq!(LoopyValue::sum([inf.clone(), inf]), LoopyValue::Infinite(vec![]));
    /// ```
    pub fn sum<I: IntoIterator<Item = LoopyValue>>(parts: I) -> LoopyValue {
        let mut x = 0u64;
        let mut inf: Option<Vec<u64>> = None;
        let mut infinite_parts = 0usize;
        for p in parts {
            match p {
                LoopyValue::Finite(n) => x ^= n.0,
                LoopyValue::Infinite(k) => {
                    infinite_parts += 1;
                    inf = Some(k);
                }
            }
        }
        match (infinite_parts, inf) {
            (0, _) => LoopyValue::Finite(Nimber(x)),
            (1, Some(k)) => LoopyValue::infinite(k.into_iter().map(|v| v ^ x).collect()),
            _ => LoopyValue::Infinite(Vec::new()),
        }
    }
}

impl From<Nimber> for LoopyValue {
    fn from(n: Nimber) -> LoopyValue {
        LoopyValue::Finite(n)
    }
}

impl fmt::Display for LoopyValue {
    /// Finite values print as integers; infinite ones as `∞(0,2)` (`∞()` for an empty set).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(n) => write!(f, "{}", n.0),
            LoopyValue::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, v) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Serialize for LoopyValue {
    /// A finite value is a JSON integer; `∞(K)` is `{"inf": [K...]}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            LoopyValue::Finite(n) => s.serialize_u64(n.0),
            LoopyValue::Infinite(k) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("inf", k)?;
                m.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinite_values_print_with_their_finite_options() {
        assert_eq!(LoopyValue::infinite(vec![2, 0, 2]).to_string(), "∞(0,2)");
        assert_eq!(LoopyValue::Infinite(vec![]).to_string(), "∞()");
        assert_eq!(LoopyValue::Finite(Nimber(4)).to_string(), "4");
    }

    #[test]
    fn json_form_is_integer_or_inf_object() {
        let v = serde_json::to_string(&LoopyValue::infinite(vec![3, 1])).unwrap();
        assert_eq!(v, r#"{"inf":[1,3]}"#);
        assert_eq!(
            serde_json::to_string(&LoopyValue::Finite(Nimber(5))).unwrap(),
            "5"
        );
    }

    #[test]
    fn sums_follow_smiths_rules() {
        let f = |n| LoopyValue::Finite(Nimber(n));
        assert_eq!(LoopyValue::sum([f(3), f(5)]), f(6));
        assert_eq!(
            LoopyValue::sum([LoopyValue::infinite(vec![1]), f(1)]).outcome(),
            Outcome::N
        );
        assert_eq!(
            LoopyValue::sum([LoopyValue::infinite(vec![0]), LoopyValue::infinite(vec![0])])
                .outcome(),
            Outcome::D
        );
        assert_eq!(LoopyValue::sum(Vec::new()), f(0));
    }
}
