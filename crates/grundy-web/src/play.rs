//! `#/play`: a position file played against a perfect opponent, as `grundy play` does — every
//! available move with the outcome it leads to, the computer's best move, undo.
//!
//! The page keeps one [`Game`]; its [`Game::view`] is `grundy solve FILE --remoteness --json`'s
//! report of the current position (value, outcome, remoteness, winning moves) plus each
//! component's state in words and every legal move with the outcome and remoteness of the
//! position it leaves.

use std::sync::Arc;

use grundy::Outcome;
use grundy::games::digraph::{parse_edge_list, sum};
use grundy::position::extra::GraphRules;
use grundy::position::{Engine, Move, Position, Rules, State, notation, parse_position};
use grundy::remoteness;
use grundy::report::solve::SolveReport;
use grundy::solve::outcomes::Play;
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
    /// The remoteness of the position left (`None` for a draw, or when unknown).
    remoteness: Option<u64>,
    /// The move's remoteness told from the mover's side: `"win in 3"`, `"lose in 2"`, `"draw"`
    /// (`None` when unknown).
    said: Option<String>,
}

#[wasm_bindgen]
impl Game {
    /// Parse a position file (`grundy solve`'s TOML; may be empty) for play, normal or misère,
    /// with a graph component added when `edges` (`u-v` pairs, comma-separated) is not empty,
    /// holding tokens on `tokens` (comma-separated vertices); the error is the message `grundy
    /// solve` prints.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, edges: &str, tokens: &str, misere: bool) -> Result<Game, String> {
        let mut position = if text.trim().is_empty() {
            Position::new(Vec::new(), Vec::new())
        } else {
            parse_position(text, ".".as_ref()).map_err(|e| e.to_string())?
        };
        if !edges.trim().is_empty() {
            let (rules, state) = graph_component(edges, tokens)?;
            position.sum.components.push(rules);
            position.state.push(state);
        }
        if position.sum.components.is_empty() {
            return Err("no position: the sum has no component".into());
        }
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

    /// The computer's move: by remoteness when it is known (the quickest sure win, or the
    /// longest defence: [`Engine::remoteness_move`]), else the engine's best (a winning move when
    /// one exists); answers `{"move", "text", "view"}`.
    pub fn reply(&mut self) -> String {
        let best = match self.engine.remoteness_move(&self.position.state) {
            Some(m) => Ok(Some(m)),
            None => self.engine.best_move(&self.position.state),
        };
        let r = match best {
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

/// A graph component from the URL's edges and tokens, checked as a position file's would be.
fn graph_component(edges: &str, tokens: &str) -> Result<(Rules, State), String> {
    let (text, _) = crate::graph::edge_lines(edges)?;
    let g = parse_edge_list(text.as_bytes(), None).map_err(|e| format!("edges: {e}"))?;
    let mut toks = Vec::new();
    for t in tokens.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        toks.push(
            t.parse::<u64>()
                .map_err(|_| format!("tokens: '{t}' is not a non-negative integer"))?,
        );
    }
    sum::check_tokens(&g, &toks).map_err(|e| format!("tokens: {e}"))?;
    let rules = GraphRules::new("(the graph of the link)".into(), g);
    Ok((Rules::Graph(Arc::new(rules)), toks))
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
        let here = self.engine.remoteness(&state);
        let mut report =
            serde_json::to_value(SolveReport::new(&self.position, &a).with_remoteness(&here))
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
            // the positions left are in the table of the current one (none when it failed)
            let left = here
                .is_ok()
                .then(|| self.engine.remoteness(&next).ok())
                .flatten();
            moves.push(MoveView {
                m: m.clone(),
                notation: notation::format_move(m),
                text: notation::describe_move(m),
                after,
                remoteness: left.and_then(|r| r.remoteness),
                said: match left {
                    Some(r) => remoteness::after_move(&r),
                    None if after == Outcome::D => Some("draw".into()),
                    None => None,
                },
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
                // a graph's edges, for drawing it
                let edges: Option<Vec<[u64; 2]>> = match r {
                    Rules::Graph(g) => Some(
                        (0..g.graph.vertex_count() as u64)
                            .flat_map(|v| g.targets(v).into_iter().map(move |w| [v, w]))
                            .collect(),
                    ),
                    _ => None,
                };
                json!({ "kind": r.kind(), "state": s, "text": r.describe(s), "length": length,
                        "edges": edges })
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
        let mut g = Game::new(NIM, "", "", false).unwrap();
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
        let mut g = Game::new(NIM, "", "", false).unwrap();
        let r = v(&g.reply());
        assert_eq!(r["view"]["outcome"], "P");
        assert_eq!(g.moves_made(), 1);
        assert_eq!(v(&g.undo())["outcome"], "N");
        assert!(v(&g.undo())["error"].is_string());
    }

    #[test]
    fn remoteness_of_the_position_and_of_every_move() {
        // Nim 2 2: lost, in four moves; taking one counter holds out longest (lose in 4)
        let mut g = Game::new(
            "[[component]]\nkind = \"nim\"\nheaps = [2, 2]\n",
            "",
            "",
            false,
        )
        .unwrap();
        let view = v(&g.view());
        assert_eq!(view["remoteness"], 4);
        let said: Vec<&str> = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["said"].as_str().unwrap())
            .collect();
        assert_eq!(said, ["lose in 2", "lose in 4", "lose in 2", "lose in 4"]);
        // the computer, winning, hurries: from 2 1 it moves to 1 1 (win in 3), not 0 ... (none)
        let r = v(&g.make(1)); // heap 0 to 1: 1 2
        assert_eq!(r["remoteness"], 3);
        let reply = v(&g.reply());
        assert_eq!(reply["view"]["remoteness"], 2);
        assert_eq!(reply["view"]["outcome"], "P");
        // a sum too large to search: unknown, with the reason
        let mut big = Game::new(
            "[[component]]\nkind = \"nim\"\nheaps = [90, 91, 92, 93, 94]\n",
            "",
            "",
            false,
        )
        .unwrap();
        let view = v(&big.view());
        assert_eq!(view["remoteness"], Value::Null);
        assert!(view["remoteness_note"].is_string());
        assert_eq!(view["moves"][0]["said"], Value::Null);
        // a draw has no remoteness: a token on a 2-cycle
        let mut d = Game::new("", "0-1,1-0", "0", false).unwrap();
        let view = v(&d.view());
        assert_eq!(view["outcome"], "D");
        assert_eq!(view["remoteness"], Value::Null);
        assert!(view.get("remoteness_note").is_none());
        assert_eq!(view["moves"][0]["said"], "draw");
    }

    #[test]
    fn bad_files_and_moves_are_errors() {
        let e = Game::new(
            "[[component]]\nkind = \"nim\"\nheaps = [3, -1]\n",
            "",
            "",
            false,
        )
        .err()
        .unwrap();
        assert!(e.contains("component 0"), "{e}");
        let mut g = Game::new(NIM, "", "", true).unwrap();
        assert!(
            v(&g.make(99))["error"]
                .as_str()
                .unwrap()
                .contains("only 12")
        );
        let e = Game::new("", "0-1", "7", false).err().unwrap();
        assert!(e.starts_with("tokens: "), "{e}");
        assert!(Game::new("", "", "", false).is_err());
    }

    #[test]
    fn a_graph_from_the_link_is_a_component() {
        // a path 0 -> 1 -> 2 with a token on 0: value 0, the player to move loses
        let mut g = Game::new("", "0-1,1-2", "0", false).unwrap();
        let view = v(&g.view());
        assert_eq!(view["outcome"], "P");
        assert_eq!(view["position"][0]["edges"], json!([[0, 1], [1, 2]]));
        let r = v(&g.reply());
        assert_eq!(r["view"]["outcome"], "N");
    }
}
