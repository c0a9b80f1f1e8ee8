//! Closed forms from a small grammar of the field's operations, searched by size: expressions
//! built from the variables (`n`, or `x` and `y`), the constants `0..=9`, `+ − ×`, `⌊a/b⌋`,
//! `a mod b`, `⊕` (xor, nim-addition), `⊗` (nim-multiplication, [`crate::Nimber::nim_mul`]),
//! `lowbit` and `popcount`. Examples: `G(n) = n mod 3` (`sub:1,2`), `G(n) = ⌊n/2⌋`
//! (`allbut:1`), `T(x, y) = x ⊕ y` (two Nim heaps), `T(x, y) = x ⊗ y` (Turning Corners, the
//! coin-turning product of two Nims), `T(k, n) = n mod (k + 1)` (take at most `k`).
//!
//! The search is bottom-up enumeration with observational equivalence (the method of program
//! synthesis, e.g. Udupa et al. 2013): expressions of size 1, 2, … are evaluated on a fixed sample
//! of points, and of two expressions with the same values on the sample only the smaller (the
//! first found) is kept. A table is matched by looking its values on the sample up in this
//! *bank*; the caller then checks the expression on every value. Expressions are kept up to size
//! [`MAX_SIZE`] and at most [`CAP`] of them, so the bank costs the same whatever the data.

use std::collections::HashMap;

use super::description_length as dl;
use crate::Nimber;

/// The largest expression size (number of nodes) enumerated.
pub const MAX_SIZE: usize = 6;
/// The most expressions kept in a bank.
pub const CAP: usize = 80_000;
/// Values in the bank are kept within `±2^40` (larger ones are dropped).
const BOUND: i128 = 1 << 40;

/// An operation of the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `a + b`.
    Add,
    /// `a − b`.
    Sub,
    /// `a × b`.
    Mul,
    /// `⌊a / b⌋` (`a >= 0`, `b > 0`).
    Div,
    /// `a mod b` (`a >= 0`, `b > 0`).
    Mod,
    /// `a ⊕ b`, bitwise xor (`a, b >= 0`).
    Xor,
    /// `a ⊗ b`, the nim-product (`a, b >= 0`).
    NimMul,
    /// `lowbit(a)`, the largest power of 2 dividing `a` (`lowbit(0) = 0`).
    Lowbit,
    /// `popcount(a)`, the number of ones in binary.
    Popcount,
}

const UNARY: [Op; 2] = [Op::Lowbit, Op::Popcount];
const BINARY: [Op; 7] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::Div,
    Op::Mod,
    Op::Xor,
    Op::NimMul,
];

impl Op {
    fn commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul | Op::Xor | Op::NimMul)
    }
}

fn nonneg(v: i128) -> Option<u64> {
    u64::try_from(v).ok()
}

/// `a op b` (`b` ignored for unary operations); `None` where undefined.
pub fn apply(op: Op, a: i128, b: i128) -> Option<i128> {
    match op {
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Mul => a.checked_mul(b),
        Op::Div => (a >= 0 && b > 0).then(|| a / b),
        Op::Mod => (a >= 0 && b > 0).then(|| a % b),
        Op::Xor => Some(i128::from(nonneg(a)? ^ nonneg(b)?)),
        Op::NimMul => Some(i128::from(Nimber(nonneg(a)?).nim_mul(Nimber(nonneg(b)?)).0)),
        Op::Lowbit => nonneg(a).map(|a| i128::from(a & a.wrapping_neg())),
        Op::Popcount => nonneg(a).map(|a| i128::from(a.count_ones())),
    }
}

/// An expression of the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// Variable `i` (`n`; or `x`, `y`).
    Var(u8),
    /// A constant.
    Const(u64),
    /// `lowbit(e)`, `popcount(e)`.
    Unary(Op, Box<Expr>),
    /// `a op b`.
    Binary(Op, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// The value at the point `vars` (`None` where undefined).
    pub fn eval(&self, vars: &[u64]) -> Option<i128> {
        match self {
            Expr::Var(i) => Some(i128::from(vars[*i as usize])),
            Expr::Const(c) => Some(i128::from(*c)),
            Expr::Unary(op, a) => apply(*op, a.eval(vars)?, 0),
            Expr::Binary(op, a, b) => apply(*op, a.eval(vars)?, b.eval(vars)?),
        }
    }

    /// Number of nodes.
    pub fn size(&self) -> usize {
        match self {
            Expr::Var(_) | Expr::Const(_) => 1,
            Expr::Unary(_, a) => 1 + a.size(),
            Expr::Binary(_, a, b) => 1 + a.size() + b.size(),
        }
    }

    /// Bits: 3 per operation, 1 per variable, a constant by its value.
    pub fn bits(&self) -> f64 {
        match self {
            Expr::Var(_) => 1.0,
            Expr::Const(c) => 1.0 + dl::nat(u128::from(*c)),
            Expr::Unary(_, a) => 3.0 + a.bits(),
            Expr::Binary(_, a, b) => 3.0 + a.bits() + b.bits(),
        }
    }

    /// The expression in the field's notation, the variables named by `names`.
    pub fn text(&self, names: &[&str]) -> String {
        match self {
            Expr::Var(i) => names[*i as usize].to_string(),
            Expr::Const(c) => c.to_string(),
            Expr::Unary(op, a) => {
                let f = if *op == Op::Lowbit {
                    "lowbit"
                } else {
                    "popcount"
                };
                format!("{f}({})", a.text(names))
            }
            Expr::Binary(Op::Div, a, b) => format!("⌊{}/{}⌋", a.text(names), b.text(names)),
            Expr::Binary(op, a, b) => {
                let (sa, sb) = (a.text(names), b.text(names));
                let wrap = |e: &Expr, s: String, right: bool| {
                    let tight = match e {
                        Expr::Binary(Op::Div, ..)
                        | Expr::Var(_)
                        | Expr::Const(_)
                        | Expr::Unary(..) => true,
                        Expr::Binary(c, ..) => {
                            matches!((op, c), (Op::Add | Op::Sub, Op::Mul))
                                || (matches!(
                                    (op, c),
                                    (Op::Add, Op::Add) | (Op::Sub, Op::Add | Op::Sub)
                                ) && !right)
                        }
                    };
                    if tight { s } else { format!("({s})") }
                };
                let (sa, sb) = (wrap(a, sa, false), wrap(b, sb, true));
                match op {
                    Op::Mul if matches!(**a, Expr::Const(_)) && !matches!(**b, Expr::Const(_)) => {
                        format!("{sa}{sb}")
                    }
                    Op::Mul => format!("{sa}·{sb}"),
                    Op::Add => format!("{sa} + {sb}"),
                    Op::Sub => format!("{sa} − {sb}"),
                    Op::Mod => format!("{sa} mod {sb}"),
                    Op::Xor => format!("{sa} ⊕ {sb}"),
                    _ => format!("{sa} ⊗ {sb}"),
                }
            }
        }
    }
}

/// A node of the bank: children by index.
#[derive(Clone, Copy, Debug)]
enum Node {
    Var(u8),
    Const(u64),
    Un(Op, u32),
    Bin(Op, u32, u32),
}

/// The enumerated expressions with their values on a sample of points (module docs).
#[derive(Debug)]
pub struct Bank {
    points: Vec<Vec<u64>>,
    nodes: Vec<Node>,
    values: Vec<i64>,
    by_values: HashMap<u64, Vec<u32>>,
    by_zeros: HashMap<u64, u32>,
}

fn hash_row(row: &[i64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &v in row {
        h = (h ^ v as u64)
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(23);
    }
    h
}

impl Bank {
    /// Enumerate the expressions in `vars` variables on the sample `points` (each a list of
    /// `vars` coordinates; at most 64 points).
    pub fn new(vars: usize, points: Vec<Vec<u64>>) -> Bank {
        let w = points.len();
        let mut bank = Bank {
            points,
            nodes: Vec::new(),
            values: Vec::new(),
            by_values: HashMap::new(),
            by_zeros: HashMap::new(),
        };
        if w == 0 {
            return bank;
        }
        let mut levels: Vec<Vec<u32>> = vec![Vec::new(); MAX_SIZE + 1];
        let mut row = vec![0i64; w];
        for i in 0..vars {
            for (j, p) in bank.points.iter().enumerate() {
                row[j] = p[i] as i64;
            }
            if let Some(id) = bank.insert(Node::Var(i as u8), &row) {
                levels[1].push(id);
            }
        }
        for c in 0..=9u64 {
            row.fill(c as i64);
            if let Some(id) = bank.insert(Node::Const(c), &row) {
                levels[1].push(id);
            }
        }
        'sizes: for s in 2..=MAX_SIZE {
            let mut fresh = Vec::new();
            for op in UNARY {
                for &a in &levels[s - 1] {
                    if bank.nodes.len() >= CAP {
                        break 'sizes;
                    }
                    if bank.compute(op, a, a, &mut row)
                        && let Some(id) = bank.insert(Node::Un(op, a), &row)
                    {
                        fresh.push(id);
                    }
                }
            }
            for sa in 1..s - 1 {
                let sb = s - 1 - sa;
                for op in BINARY {
                    if op.commutative() && sa > sb {
                        continue;
                    }
                    for ia in 0..levels[sa].len() {
                        let a = levels[sa][ia];
                        for ib in 0..levels[sb].len() {
                            let b = levels[sb][ib];
                            if op.commutative() && sa == sb && b < a {
                                continue;
                            }
                            if bank.nodes.len() >= CAP {
                                levels[s].append(&mut fresh);
                                break 'sizes;
                            }
                            if bank.compute(op, a, b, &mut row)
                                && let Some(id) = bank.insert(Node::Bin(op, a, b), &row)
                            {
                                fresh.push(id);
                            }
                        }
                    }
                }
            }
            levels[s] = fresh;
        }
        bank
    }

    fn row(&self, id: u32) -> &[i64] {
        let w = self.points.len();
        &self.values[id as usize * w..(id as usize + 1) * w]
    }

    /// `a op b` on every point into `out`; false if undefined or out of bounds somewhere.
    fn compute(&self, op: Op, a: u32, b: u32, out: &mut [i64]) -> bool {
        let (ra, rb) = (self.row(a), self.row(b));
        for j in 0..out.len() {
            match apply(op, i128::from(ra[j]), i128::from(rb[j])) {
                Some(v) if v.abs() <= BOUND => out[j] = v as i64,
                _ => return false,
            }
        }
        true
    }

    fn insert(&mut self, node: Node, row: &[i64]) -> Option<u32> {
        let h = hash_row(row);
        if let Some(ids) = self.by_values.get(&h)
            && ids.iter().any(|&id| self.row(id) == row)
        {
            return None;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.values.extend_from_slice(row);
        self.by_values.entry(h).or_default().push(id);
        let mut mask = 0u64;
        for (j, &v) in row.iter().enumerate() {
            if v == 0 {
                mask |= 1 << j;
            }
        }
        self.by_zeros.entry(mask).or_insert(id);
        Some(id)
    }

    /// The sample points.
    pub fn points(&self) -> &[Vec<u64>] {
        &self.points
    }

    /// How many expressions the bank holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the bank holds none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn expr(&self, id: u32) -> Expr {
        match self.nodes[id as usize] {
            Node::Var(i) => Expr::Var(i),
            Node::Const(c) => Expr::Const(c),
            Node::Un(op, a) => Expr::Unary(op, Box::new(self.expr(a))),
            Node::Bin(op, a, b) => Expr::Binary(op, Box::new(self.expr(a)), Box::new(self.expr(b))),
        }
    }

    /// The smallest expression with the values `target` on the sample points.
    pub fn lookup(&self, target: &[u64]) -> Option<Expr> {
        let row: Vec<i64> = target
            .iter()
            .map(|&v| i64::try_from(v).unwrap_or(-1))
            .collect();
        let ids = self.by_values.get(&hash_row(&row))?;
        let id = ids.iter().find(|&&id| self.row(id) == row.as_slice())?;
        Some(self.expr(*id))
    }

    /// The smallest expression that is zero exactly on the sample points marked in `mask`.
    pub fn lookup_zeros(&self, mask: u64) -> Option<Expr> {
        self.by_zeros.get(&mask).map(|&id| self.expr(id))
    }
}

/// The sample of a sequence of `len` training values: all of them up to 40, else 24 consecutive
/// heaps from `len/3` and 16 spread over the rest (the rule may have exceptions at the start).
pub fn sequence_sample(len: usize) -> Vec<Vec<u64>> {
    if len <= 40 {
        return (0..len as u64).map(|n| vec![n]).collect();
    }
    let lo = len / 3;
    let mut pts: Vec<u64> = (lo..lo + 24).map(|n| n as u64).collect();
    let rest = len - (lo + 24);
    for i in 0..16 {
        pts.push((lo + 24 + (i * rest) / 16) as u64);
    }
    pts.dedup();
    pts.into_iter().map(|n| vec![n]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bank() -> Bank {
        Bank::new(1, sequence_sample(300))
    }

    /// The closed-form detector as the sequence guesser runs it on 400 values: the bank's form
    /// for the training values' sample, which must then hold from the first half on.
    fn detect(t: &[u64]) -> Option<Expr> {
        static BANK: std::sync::OnceLock<Bank> = std::sync::OnceLock::new();
        let b = BANK.get_or_init(bank);
        let sample: Vec<u64> = b.points().iter().map(|p| t[p[0] as usize]).collect();
        let e = b.lookup(&sample)?;
        let holds = |n: usize| e.eval(&[n as u64]) == Some(i128::from(t[n]));
        (t.len() / 2..t.len()).all(holds).then_some(e)
    }

    #[test]
    fn small_closed_forms_are_in_the_bank() {
        let b = bank();
        let at =
            |f: &dyn Fn(u64) -> u64| -> Vec<u64> { b.points().iter().map(|p| f(p[0])).collect() };
        assert_eq!(b.lookup(&at(&|n| n % 3)).unwrap().text(&["n"]), "n mod 3");
        assert_eq!(b.lookup(&at(&|n| n / 2)).unwrap().text(&["n"]), "⌊n/2⌋");
        assert_eq!(b.lookup(&at(&|n| 2 * n + 1)).unwrap().size(), 5);
    }

    #[test]
    fn two_variable_forms_read_in_the_field_notation() {
        let mut pts = Vec::new();
        for x in 0..8 {
            for y in 0..8 {
                pts.push(vec![x, y]);
            }
        }
        let b = Bank::new(2, pts);
        let at = |f: &dyn Fn(u64, u64) -> u64| -> Vec<u64> {
            b.points().iter().map(|p| f(p[0], p[1])).collect()
        };
        assert_eq!(
            b.lookup(&at(&|x, y| y % (x + 1)))
                .unwrap()
                .text(&["x", "y"]),
            "y mod (x + 1)"
        );
        assert_eq!(
            b.lookup(&at(&|x, y| Nimber(x).nim_mul(Nimber(y)).0))
                .unwrap()
                .text(&["x", "y"]),
            "x ⊗ y"
        );
    }

    proptest! {
        #[test]
        fn a_random_expression_of_size_three_is_found_at_size_three_or_less(
            op in 0usize..7, c in 1u64..10, swap: bool,
        ) {
            let (a, b) = (Expr::Var(0), Expr::Const(c));
            let (a, b) = if swap { (b, a) } else { (a, b) };
            let e = Expr::Binary(BINARY[op], Box::new(a), Box::new(b));
            let b = bank();
            let target: Option<Vec<u64>> = b.points().iter().map(|p| e.eval(p).and_then(|v| u64::try_from(v).ok())).collect();
            if let Some(target) = target {
                let found = b.lookup(&target).unwrap();
                prop_assert!(found.size() <= 3);
                for n in 100..2000u64 {
                    prop_assert_eq!(found.eval(&[n]), e.eval(&[n]));
                }
            }
        }

        #[test]
        fn random_values_are_not_in_the_bank(t in proptest::collection::vec(0u64..1000, 40)) {
            let b = bank();
            prop_assert!(b.lookup(&t).is_none());
        }

        #[test]
        fn other_classes_give_no_closed_form_or_the_right_one(c in super::super::classes::any_class()) {
            // n mod 3 is periodic, n xor 5 a residue-class rule: right far beyond the data
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 400, |t| detect(t).map(SeqRule::Formula), classes::beatty_or_stern)?;
        }

        #[test]
        fn random_values_have_no_closed_form(t in proptest::collection::vec(0u64..1000, 400)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn random_small_values_have_no_closed_form(t in proptest::collection::vec(0u64..3, 400)) {
            prop_assert!(detect(&t).is_none());
        }
    }
}
