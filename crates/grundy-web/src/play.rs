//! `#/play`: a position file played against a perfect opponent, as `grundy play` does — every
//! available move with the outcome it leads to, the computer's best move, undo.
//!
//! The page keeps one [`Game`]; its [`Game::view`] is `grundy solve FILE --json`'s report of the
//! current position (value, outcome, winning moves) plus each component's state in words and every
//! legal move with the outcome of the position it leaves.

use grundy::Outcome;
use grundy::position::{Engine, Move, Position, Rules, State, notation, parse_position};
use grundy::report::solve::SolveReport;
use grundy::solve::misere::Play;
use serde::Serialize;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::answer;

/// The most legal moves listed with their outcomes (a heap of a million counters has a million).
pub const MOVE_LIST_LIMIT: usize = 2000;

/// A game in progress: the position, the convention, the states so far (for undo).
#[wasm_bindgen]
pub struct Game {
    position: Position,
    engine: Engine,
    history: Vec<Vec<State>>,
}

/// One legal move and the outcome of the position it leaves (for the player then to move: `P`
/// means the move wins).
#[derive(Serialize)]
struct MoveView {
    #[serde(rename = "move")]
    m: Move,
    notation: String,
    text: String,
    after: Outcome,
}

#[wasm_bindgen]
impl Game {
    /// Parse a position file (`grundy solve`'s TOML) for play, normal or misère; the error is the
    /// message `grundy solve` prints.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, misere: bool) -> Result<Game, String> {
        let position = parse_position(text, ".".as_ref()).map_err(|e| e.to_string())?;
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut engine = Engine::new(position.sum.clone(), play);
        engine.outcome(&position.state).map_err(|e| e.to_string())?;
        Ok(Game {
            position,
            engine,
            history: Vec::new(),
        })
    }

    /// The current position as JSON (module docs), or `{"error"}`.
    pub fn view(&mut self) -> String {
        answer::json(self.view_value())
    }

    /// Make the `index`-th move of [`Game::view`]'s `"moves"`; answers the new view.
    pub fn make(&mut self, index: usize) -> String {
        let mut moves = Vec::new();
        self.engine.sum().moves(&self.position.state, &mut moves);
        let Some(m) = moves.get(index) else {
            return answer::json::<()>(Err(format!(
                "move {index}: only {} moves are legal here",
                moves.len()
            )));
        };
        let m = m.clone();
        self.apply(&m)
    }

    /// The computer's move (the engine's best: a winning move when one exists); answers
    /// `{"move", "text", "view"}`.
    pub fn reply(&mut self) -> String {
        let r = match self.engine.best_move(&self.position.state) {
            Ok(Some(m)) => {
                let text = notation::describe_move(&m);
                let view: Value = serde_json::from_str(&self.apply(&m)).unwrap_or(Value::Null);
                Ok(json!({ "move": m, "text": text, "view": view }))
            }
            Ok(None) => Err("no move is possible: the game is over".to_string()),
            Err(e) => Err(e.to_string()),
        };
        answer::json(r)
    }

    /// Take back the last move (either player's); answers the view. Nothing to undo is an error.
    pub fn undo(&mut self) -> String {
        match self.history.pop() {
            Some(prev) => {
                self.position.state = prev;
                self.view()
            }
            None => answer::json::<()>(Err("nothing to undo".into())),
        }
    }

    /// How many moves have been made (and can be undone).
    pub fn moves_made(&self) -> usize {
        self.history.len()
    }
}

impl Game {
    fn apply(&mut self, m: &Move) -> String {
        match self.engine.sum().apply(&self.position.state, m) {
            Ok(next) => {
                self.history
                    .push(std::mem::replace(&mut self.position.state, next));
                self.view()
            }
            Err(reason) => answer::json::<()>(Err(format!("illegal move: {reason}"))),
        }
    }

    fn view_value(&mut self) -> Result<Value, String> {
        let state = self.position.state.clone();
        let a = self.engine.analyse(&state).map_err(|e| e.to_string())?;
        let mut report = serde_json::to_value(SolveReport::new(&self.position, &a))
            .map_err(|e| e.to_string())?;
        let mut all = Vec::new();
        self.engine.sum().moves(&state, &mut all);
        let mut moves = Vec::new();
        for m in all.iter().take(MOVE_LIST_LIMIT) {
            let next = self
                .engine
                .sum()
                .apply(&state, m)
                .map_err(|e| format!("illegal move: {e}"))?;
            let after = self.engine.outcome(&next).map_err(|e| e.to_string())?;
            moves.push(MoveView {
                m: m.clone(),
                notation: notation::format_move(m),
                text: notation::describe_move(m),
                after,
            });
        }
        let components: Vec<Value> = self
            .position
            .sum
            .components
            .iter()
            .zip(&state)
            .map(|(r, s)| {
                let length = match r {
                    Rules::Coins { length } => Some(*length),
                    _ => None,
                };
                json!({ "kind": r.kind(), "state": s, "text": r.describe(s), "length": length })
            })
            .collect();
        if let Value::Object(o) = &mut report {
            o.insert("over".into(), json!(self.position.sum.is_over(&state)));
            o.insert("position".into(), json!(components));
            o.insert("move_count".into(), json!(all.len()));
            o.insert(
                "moves".into(),
                serde_json::to_value(moves).map_err(|e| e.to_string())?,
            );
            o.insert("moves_made".into(), json!(self.history.len()));
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NIM: &str = "[[component]]\nkind = \"nim\"\nheaps = [3, 4, 5]\n";

    fn v(s: &str) -> Value {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn moves_are_coloured_by_the_outcome_they_leave() {
        let mut g = Game::new(NIM, false).unwrap();
        let view = v(&g.view());
        assert_eq!(view["outcome"], "N");
        assert_eq!(view["move_count"], 12);
        let winning: Vec<&Value> = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["after"] == "P")
            .collect();
        assert_eq!(winning.len(), 1);
        assert_eq!(winning[0]["move"], view["winning_moves"][0]);
    }

    #[test]
    fn the_computer_never_misses_a_win_and_undo_restores() {
        let mut g = Game::new(NIM, false).unwrap();
        let r = v(&g.reply());
        assert_eq!(r["view"]["outcome"], "P");
        assert_eq!(g.moves_made(), 1);
        assert_eq!(v(&g.undo())["outcome"], "N");
        assert!(v(&g.undo())["error"].is_string());
    }

    #[test]
    fn bad_files_and_moves_are_errors() {
        let e = Game::new("[[component]]\nkind = \"nim\"\nheaps = [3, -1]\n", false)
            .err()
            .unwrap();
        assert!(e.contains("component 0"), "{e}");
        let mut g = Game::new(NIM, true).unwrap();
        assert!(
            v(&g.make(99))["error"]
                .as_str()
                .unwrap()
                .contains("only 12")
        );
    }
}
