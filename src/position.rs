//! Positions made of components of every family: sums, every winning move, misère play.
//!
//! A [`Position`] is a sum of independent components (Nim, heap games, staircase Nim, coins on a
//! strip, token games on graphs, the chip game); a move is made in exactly one component. Under
//! normal play the Sprague–Grundy theorem gives the value of the sum as the XOR of the
//! components' values (Smith's rules when a loopy graph component has an infinite value, see
//! [`crate::LoopyValue::sum`]). The winning moves of a sum of value `X != 0` are, for each
//! component `i` of value `g_i`, the moves in component `i` to a position of value `g_i ⊕ X`; with
//! an infinite component, the moves to a position of the whole sum of finite value 0.
//!
//! Under misère play there is no such theory; [`analysis`] uses the misère Nim rule when every
//! component is Nim (or finished), and an exact search of the whole sum otherwise.
//!
//! ```
//! use grundy::position::{parse_position, analyse, Action};
//! use grundy::solve::outcomes::Play;
//! use grundy::{LoopyValue, Nimber, Outcome};
//!
//! let text = r#"
//! [[component]]
//! kind = "nim"
//! heaps = [3, 4, 5]
//!
//! [[component]]
//! kind = "coins"
//! length = 9
//! cells = [2, 5, 7]
//! "#;
//! let p = parse_position(text, ".".as_ref()).unwrap();
//! let a = analyse(&p, Play::Normal).unwrap();
//! assert_eq!(a.value, Some(LoopyValue::Finite(Nimber(2))));
//! assert_eq!(a.outcome, Outcome::N);
//! assert_eq!(a.winning_moves[0].component, 0);
//! assert_eq!(a.winning_moves[0].action, Action::Nim { heap: 0, from: 3, to: 1 });
//! ```

pub mod analysis;
pub mod component;
pub mod extra;
pub mod file;
pub mod moves;
pub mod notation;
pub mod packed;

pub use analysis::{Analysis, AnalysisError, Engine, Method, analyse};
pub use component::{Rules, State};
pub use file::{PositionError, parse_position, parse_position_with, read_position};
pub use moves::{Action, Move};

use crate::{ImpartialGame, LoopyValue, Nimber};

/// The rules of every component of a sum (fixed during play). As an [`ImpartialGame`] its
/// positions are the components' states, and it never decomposes: searching it is the brute-force
/// check of the Sprague–Grundy theorem.
#[derive(Clone, Debug)]
pub struct Sum {
    /// The components' rules, in file order.
    pub components: Vec<Rules>,
}

impl Sum {
    /// The value of each component.
    pub fn values(&self, state: &[State]) -> Vec<LoopyValue> {
        self.components
            .iter()
            .zip(state)
            .map(|(r, s)| r.value(s))
            .collect()
    }

    /// The value of the sum (XOR, or Smith's rules with infinite parts).
    pub fn value(&self, state: &[State]) -> LoopyValue {
        LoopyValue::sum(self.values(state))
    }

    /// Every winning move under normal play: the moves to a position of finite value 0.
    ///
    /// With finite total `X != 0`, component `i` of value `g_i` must go to value `g_i ⊕ X`. With
    /// one infinite component `∞(K)` and the others summing to `y`, that component must go to the
    /// finite value `y` (possible iff `y ∈ K`, i.e. the sum is N). With two or more infinite
    /// components the sum is a draw and no move wins.
    pub fn winning_moves(&self, state: &[State]) -> Vec<Move> {
        let values = self.values(state);
        let total = LoopyValue::sum(values.iter().cloned());
        let mut moves = Vec::new();
        match &total {
            LoopyValue::Finite(x) if x.is_zero() => {}
            LoopyValue::Finite(x) => {
                for (i, (r, s)) in self.components.iter().zip(state).enumerate() {
                    if let LoopyValue::Finite(g) = values[i] {
                        let target = LoopyValue::Finite(g + *x);
                        moves.extend(r.moves_to(s, &target).into_iter().map(|action| Move {
                            component: i,
                            action,
                        }));
                    }
                }
            }
            LoopyValue::Infinite(_) => {
                let infinite: Vec<usize> = (0..values.len())
                    .filter(|&i| !values[i].is_finite())
                    .collect();
                if let [i] = infinite[..] {
                    let y: Nimber = values
                        .iter()
                        .filter_map(|v| match v {
                            LoopyValue::Finite(n) => Some(*n),
                            LoopyValue::Infinite(_) => None,
                        })
                        .sum();
                    let target = LoopyValue::Finite(y);
                    moves.extend(
                        self.components[i]
                            .moves_to(&state[i], &target)
                            .into_iter()
                            .map(|action| Move {
                                component: i,
                                action,
                            }),
                    );
                }
            }
        }
        moves
    }

    /// Apply a move, or say why it is illegal.
    pub fn apply(&self, state: &[State], m: &Move) -> Result<Vec<State>, String> {
        let r = self.components.get(m.component).ok_or_else(|| {
            format!(
                "there is no component {} (components are 0 to {})",
                m.component,
                self.components.len().saturating_sub(1)
            )
        })?;
        let s = r.apply(&state[m.component], &m.action)?;
        let mut t = state.to_vec();
        t[m.component] = s;
        Ok(t)
    }

    /// Every move of the sum (check [`Sum::move_bound`] first on large positions).
    pub fn moves(&self, state: &[State], out: &mut Vec<Move>) {
        let mut actions = Vec::new();
        for (i, (r, s)) in self.components.iter().zip(state).enumerate() {
            actions.clear();
            r.moves(s, &mut actions);
            out.extend(actions.drain(..).map(|action| Move {
                component: i,
                action,
            }));
        }
    }

    /// The smallest moves of each component (see [`Rules::small_moves`]); non-empty whenever a move
    /// exists.
    pub fn small_moves(&self, state: &[State], out: &mut Vec<Move>) {
        let mut actions = Vec::new();
        for (i, (r, s)) in self.components.iter().zip(state).enumerate() {
            actions.clear();
            r.small_moves(s, &mut actions);
            out.extend(actions.drain(..).map(|action| Move {
                component: i,
                action,
            }));
        }
    }

    /// A rough measure of how long play can still last (the sum of [`Rules::material`]).
    pub fn material(&self, state: &[State]) -> u128 {
        self.components
            .iter()
            .zip(state)
            .map(|(r, s)| r.material(s))
            .fold(0u128, u128::saturating_add)
    }

    /// True when no move is possible in any component: the game is over.
    pub fn is_over(&self, state: &[State]) -> bool {
        self.components.iter().zip(state).all(|(r, s)| r.is_over(s))
    }

    /// A bound on the number of moves from `state` and from every position reachable from it.
    pub fn move_bound(&self, state: &[State]) -> u128 {
        self.components
            .iter()
            .zip(state)
            .map(|(r, s)| r.move_bound(s))
            .fold(0u128, u128::saturating_add)
    }

    /// True when the misère Nim rule applies: every component is Nim or is over (has no move, and
    /// so never will have one).
    pub fn is_nim_like(&self, state: &[State]) -> bool {
        self.components
            .iter()
            .zip(state)
            .all(|(r, s)| matches!(r, Rules::Nim) || r.is_over(s))
    }
}

impl ImpartialGame for Sum {
    type Position = Vec<State>;
    fn options(&self, p: &Vec<State>, out: &mut Vec<Vec<State>>) {
        let mut actions = Vec::new();
        for (i, (r, s)) in self.components.iter().zip(p).enumerate() {
            actions.clear();
            r.moves(s, &mut actions);
            for a in &actions {
                let mut q = p.clone();
                q[i] = r.apply(s, a).expect("generated moves are legal");
                out.push(q);
            }
        }
    }
}

/// A position: the rules of its components and their current states.
#[derive(Clone, Debug)]
pub struct Position {
    /// The components' rules.
    pub sum: Sum,
    /// The components' states, in the same order.
    pub state: Vec<State>,
}

impl Position {
    /// A position from rules and states (same length; states valid for their rules).
    pub fn new(components: Vec<Rules>, state: Vec<State>) -> Position {
        assert_eq!(components.len(), state.len(), "one state per component");
        Position {
            sum: Sum { components },
            state,
        }
    }

    /// The whole position in words, one line per component (`0. nim: 1 4 5`).
    pub fn describe(&self) -> Vec<String> {
        self.sum
            .components
            .iter()
            .zip(&self.state)
            .enumerate()
            .map(|(i, (r, s))| format!("{i}. {}", r.describe(s)))
            .collect()
    }
}
