//! The misère quotient of a heap game as a value: the monoid `Q` (a multiplication table over
//! element ids, `0` the identity), its P-portion, the pretending function Φ (heap ↦ element), a
//! presentation, tameness, and the answers it gives for sums of heaps.

use serde::Serialize;
use thiserror::Error;

use super::monoid::{Monoid, Table, generated};
use super::periodicity::PeriodFinder;
use super::presentation::Presentation;
use super::solver::{self, Budget, Options, SolverError, Step};
use super::tame::tame_index;
use crate::Outcome;
use crate::games::heap::Ruleset;
use crate::progress::Progress;
use crate::time::Instant;

/// The most heaps a quotient computation may be asked for.
pub const MAX_HEAP: usize = 100_000;

/// Why a question to a quotient cannot be answered.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum QuotientError {
    /// A heap beyond the heaps covered by a partial quotient.
    #[error(
        "heap {heap} is beyond the partial quotient (computed up to heap {computed}, period not proved)"
    )]
    HeapBeyond {
        /// The heap asked for.
        heap: u64,
        /// The largest heap covered.
        computed: usize,
    },
}

/// A (partial or final) misère quotient of a heap game.
///
/// ```
/// use grundy::misere::{Quotient, Settings};
/// use grundy::progress::Silent;
/// // Kayles (0.77): its quotient is final (Φ proved periodic); sums of any size are answered.
/// let q = Quotient::compute(&"0.77".parse().unwrap(), &Settings::default(), &Silent).unwrap().quotient;
/// assert!(q.is_final());
/// assert_eq!(q.order() % 2, 0); // impartial misère quotients have even order
/// let x = q.element_of(&[1_000_000, 1_000_001, 1_000_005]).unwrap();
/// let _winner = q.is_p(x);
/// assert!(!q.is_p(q.element_of(&[]).unwrap())); // no move: the player to move has won
/// ```
#[derive(Clone, Debug)]
pub struct Quotient {
    ruleset: Ruleset,
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    period: Option<(usize, usize)>,
    presentation: Presentation,
}

/// Limits of a computation.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Compute heaps up to this one (unless Φ is proved periodic earlier).
    pub max_heap: usize,
    /// Stop (keeping the partial quotient) after this instant.
    pub deadline: Option<Instant>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            max_heap: 200,
            deadline: None,
        }
    }
}

/// A heap where the partial quotient changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HistoryEntry {
    /// The heap.
    pub heap: usize,
    /// `|Q|` from this heap on.
    pub order: usize,
    /// `|P|` from this heap on.
    pub p_portion_size: usize,
}

/// The result of [`Quotient::compute`].
#[derive(Clone, Debug)]
pub struct Computation {
    /// The quotient (final, or partial up to its last heap).
    pub quotient: Quotient,
    /// Each heap where the order or P-portion changed.
    pub history: Vec<HistoryEntry>,
    /// Why the run stopped early (time limit, recalibration failure), if it did.
    pub stopped: Option<SolverError>,
}

impl Quotient {
    /// Compute the quotient heap by heap (see [`super::solver`]) up to `settings.max_heap`, or
    /// until Φ is proved periodic ([`super::periodicity`]). A deadline or a recalibration failure
    /// ends the run with the partial quotient of the heaps completed.
    pub fn compute(
        r: &Ruleset,
        settings: &Settings,
        progress: &dyn Progress,
    ) -> Result<Computation, SolverError> {
        if solver::has_three_heap_splits(r) {
            return Err(SolverError::ThreeHeapSplits {
                ruleset: r.to_string(),
            });
        }
        let max = settings.max_heap.min(MAX_HEAP);
        let mut st = solver::start();
        let mut lower = None;
        let mut opts = Options::default();
        let mut finder = PeriodFinder::default();
        finder.rebuild(&st.phi);
        let mut history = Vec::new();
        let (mut order, mut psize) = (1usize, 0usize);
        let mut period = None;
        let mut stopped = None;
        progress.start(max as u64, "misère quotient, heaps");
        for h in 1..=max {
            opts.extend(r, h)?;
            let budget = Budget {
                deadline: settings.deadline,
                heap: h,
            };
            let mut trial = st.clone();
            match solver::add_heap(&mut trial, &mut lower, &opts, &budget) {
                Ok(step) => {
                    st = trial;
                    match step {
                        Step::Changed => finder.rebuild(&st.phi),
                        Step::Conservative => finder.push(&st.phi, h),
                    }
                }
                Err(e) => {
                    stopped = Some(e);
                    break;
                }
            }
            let ps = st.p.iter().filter(|&&b| b).count();
            if st.table.size() != order || ps != psize {
                order = st.table.size();
                psize = ps;
                history.push(HistoryEntry {
                    heap: h,
                    order,
                    p_portion_size: psize,
                });
            }
            progress.set(h as u64);
            if let Some(pp) = finder.proved(r, &st.phi) {
                period = Some(pp);
                break;
            }
        }
        progress.finish();
        Ok(Computation {
            quotient: Quotient::new(r.clone(), st.table, st.p, st.phi, period),
            history,
            stopped,
        })
    }

    /// Assemble a quotient, renumbering elements in breadth-first order from the identity by the
    /// heaps' values in heap order (so ids do not depend on how the solver got there).
    fn new(
        ruleset: Ruleset,
        table: Table,
        p: Vec<bool>,
        phi: Vec<u32>,
        period: Option<(usize, usize)>,
    ) -> Quotient {
        let mut gens: Vec<u32> = Vec::new();
        for &x in &phi {
            if x != 0 && !gens.contains(&x) {
                gens.push(x);
            }
        }
        let (elems, index) = generated(&table, &gens);
        let n = elems.len();
        let mut t = vec![0u32; n * n];
        for (i, &x) in elems.iter().enumerate() {
            for (j, &y) in elems.iter().enumerate() {
                t[i * n + j] = index.get(table.mul(x, y)).expect("closed");
            }
        }
        let table2 = Table::from_entries(n, t);
        let p2: Vec<bool> = elems.iter().map(|&x| p[x as usize]).collect();
        let phi2: Vec<u32> = phi
            .iter()
            .map(|&x| index.get(x).expect("generated"))
            .collect();
        let cands: Vec<u32> = phi2.clone();
        let presentation = Presentation::new(&table2, &cands);
        Quotient {
            ruleset,
            table: table2,
            p: p2,
            phi: phi2,
            period,
            presentation,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.table.size()
    }

    /// `|P|`.
    pub fn p_portion_size(&self) -> usize {
        self.p.iter().filter(|&&b| b).count()
    }

    /// The largest heap computed.
    pub fn heaps(&self) -> usize {
        self.phi.len() - 1
    }

    /// True when Φ is proved periodic: the quotient covers heaps of every size.
    pub fn is_final(&self) -> bool {
        self.period.is_some()
    }

    /// The proved `(preperiod, period)` of Φ.
    pub fn period(&self) -> Option<(usize, usize)> {
        self.period
    }

    /// The identity (the empty sum).
    pub fn identity(&self) -> u32 {
        0
    }

    /// The product of two elements.
    pub fn multiply(&self, x: u32, y: u32) -> u32 {
        self.table.mul(x, y)
    }

    /// True when sums with element `x` are misère P-positions (the player to move loses).
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// Every element's P-status.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order() as u32).filter(|&x| self.is_p(x)).collect()
    }

    /// Φ(heap), through the proved period beyond the computed heaps.
    pub fn phi(&self, heap: u64) -> Result<u32, QuotientError> {
        let n = self.heaps();
        if heap <= n as u64 {
            return Ok(self.phi[heap as usize]);
        }
        match self.period {
            Some((n0, p)) => {
                let h = n0 as u64 + (heap - n0 as u64) % p as u64;
                Ok(self.phi[h as usize])
            }
            None => Err(QuotientError::HeapBeyond { heap, computed: n }),
        }
    }

    /// The element of a sum of heaps.
    pub fn element_of(&self, heaps: &[u64]) -> Result<u32, QuotientError> {
        let mut x = 0;
        for &h in heaps {
            x = self.multiply(x, self.phi(h)?);
        }
        Ok(x)
    }

    /// The misère outcome of a sum of heaps.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, QuotientError> {
        Ok(if self.is_p(self.element_of(heaps)?) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every winning move of a sum of heaps: `(i, left)` replaces heap `i` (every heap is its own
    /// move, equal heaps included) by the heaps `left`, leaving a P-position.
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<(usize, Vec<u64>)>, QuotientError> {
        let rest = self.complements(heaps)?;
        let mut out = Vec::new();
        let mut opts = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            self.ruleset.moves(h, &mut opts);
            for left in &opts {
                if self.is_p(self.multiply(rest[i], self.element_of(left)?)) {
                    out.push((i, left.clone()));
                }
            }
        }
        Ok(out)
    }

    /// For each heap `i`, the element of all the other heaps (the sum with heap `i` removed), so
    /// that a move replacing heap `i` by `left` wins iff `complements[i]·Φ(left) ∈ P`.
    pub fn complements(&self, heaps: &[u64]) -> Result<Vec<u32>, QuotientError> {
        let elems: Vec<u32> = heaps
            .iter()
            .map(|&h| self.phi(h))
            .collect::<Result<_, _>>()?;
        let n = heaps.len();
        let mut suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            suffix[i] = self.multiply(elems[i], suffix[i + 1]);
        }
        let mut prefix = 0u32;
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            out.push(self.multiply(prefix, suffix[i + 1]));
            prefix = self.multiply(prefix, elems[i]);
        }
        Ok(out)
    }

    /// The presentation (generators from the heaps' values in heap order).
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// The normal-form word of an element (`1` for the identity).
    pub fn word(&self, x: u32) -> String {
        self.presentation.word_of(x)
    }

    /// `Some(k)` when the quotient is the tame quotient `T_k` of misère Nim.
    pub fn tame(&self) -> Option<u32> {
        tame_index(&self.table, &self.p)
    }

    /// The monoid.
    pub fn table(&self) -> &Table {
        &self.table
    }
}
