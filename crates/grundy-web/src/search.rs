//! `#/cram`, `#/node-kayles`, `#/arc-kayles`, `#/sprouts`: one position searched by the search
//! engine, as `grundy search GAME … --moves --json` reports it (the library's
//! [`grundy::report::search`], run with one thread and the page's table size), plus what the page
//! draws: the board, the cells of every winning move, every legal move with the position it
//! leaves (to play against the engine), the engine's reply, and the command that solves the
//! same position from a terminal.
//!
//! A position is named as in the page's URL: the game, a key and its text —
//!
//! | game | key | text |
//! |---|---|---|
//! | `cram` | `size` | `RxC`, the empty board (`--rows R --cols C`) |
//! | `cram`, `node-kayles`, `arc-kayles` | `board` | rows of `.`/`#` joined by `/` (`--board`) |
//! | `node-kayles`, `arc-kayles` | `grid` | `RxC`, the full grid graph (`--grid`) |
//! | `node-kayles`, `arc-kayles` | `edges` | `u-v` pairs (a lone `v`: a vertex), comma-separated (`--edges`) |
//! | `sprouts` | `position` | the notation, `0*N` for N spots (`--position`) |
//!
//! Bad input is never a panic: the answer is `{"error"}` naming the URL's key and the library's
//! message (which names the row and column, or the place in the notation).
//!
//! ```
//! let v: serde_json::Value =
//!     serde_json::from_str(&grundy_web::search::describe("cram", "size", "2x3")).unwrap();
//! assert_eq!(v["board"]["text"], ".../...");
//! assert_eq!(v["command"], "grundy search cram --rows 2 --cols 3 --moves");
//! assert_eq!(v["moves"].as_array().unwrap().len(), 7);
//! ```

use grundy::games::cram::Cram;
use grundy::games::cram::NAME as CRAM;
use grundy::games::grid::region::Region;
use grundy::games::kayles::graph::parse_edge_list;
use grundy::games::kayles::{ARC_KAYLES_NAME as ARC_KAYLES, NODE_KAYLES_NAME as NODE_KAYLES};
use grundy::games::kayles::{GridKayles, Rule};
use grundy::games::registry::{self, Engine};
use grundy::games::sprouts::NAME as SPROUTS;
use grundy::progress::Progress;
use grundy::report::search::{
    Driver, Request, RootMoves, SearchOptions, Target, WinningMove, parse_size, run,
};
use grundy::search::SearchGame;
use serde::Serialize;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::answer;

/// The largest positions the page searches (beyond them it shows the command instead): empty
/// cells of a Cram board, vertices of a Node-Kayles or Arc-Kayles graph, lives of a Sprouts
/// position (3 per spot, less the curve ends at it). Chosen so that the hardest positions tried
/// at each limit take under ten seconds in headless Chromium on one thread (figures: the guide,
/// `docs/src/web.md`, *Size limit*).
/// (The catalogue's [`grundy::games::registry::SearchInfo::page_limit`] of each search game.)
pub fn limits() -> Vec<(&'static str, usize, &'static str)> {
    registry::with_engine(Engine::Search)
        .filter_map(|g| g.search.map(|s| (g.name, s.page_limit, s.size_unit)))
        .collect()
}

/// The page's default table size (the URL's `memory` changes it, up to [`MAX_MEMORY`]).
pub const DEFAULT_MEMORY: u64 = 64 << 20;
/// The largest table the page allocates.
pub const MAX_MEMORY: u64 = 1 << 30;

/// A position read from the URL.
struct Parsed {
    game: &'static str,
    target: Target,
    /// The board, for the games played on one.
    board: Option<Region>,
    /// Its size in the unit of [`limits`].
    size: usize,
    /// The command line that searches it (without `--json`).
    command: String,
}

/// Quote `text` for a POSIX shell.
fn quote(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,:/+=@%".contains(c))
    {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

fn parse_box(key: &str, text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{key} '{text}': expected ROWSxCOLS, e.g. 3x8");
    let (r, c) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

// Why this function is long: a match over every game and key of the page's URL notation, each arm
// building the target, its size and the equivalent command line.
/// Parse `game`'s position `key=text`.
fn parse(game: &str, key: &str, text: &str) -> Result<Parsed, String> {
    let options = SearchOptions::default();
    let at = |e: String| format!("{key} '{text}': {e}");
    let grid_game = |game: &'static str| -> Result<Parsed, String> {
        let rule = if game == NODE_KAYLES {
            Rule::Vertex
        } else {
            Rule::Edge
        };
        let board_target = |board: Region| match rule {
            Rule::Vertex => Target::GridKayles(board),
            Rule::Edge => Target::GridArcKayles(board),
        };
        match key {
            "grid" => {
                let (r, c) = parse_box(key, text)?;
                let board = GridKayles::default().grid(r, c).map_err(at)?;
                Ok(Parsed {
                    game,
                    target: board_target(board),
                    board: Some(board),
                    size: board.cells() as usize,
                    command: format!("grundy search {game} --grid {r}x{c} --moves"),
                })
            }
            "board" => {
                let board: Region = text
                    .parse()
                    .map_err(|e: grundy::games::grid::board::BoardError| at(e.to_string()))?;

                Ok(Parsed {
                    game,
                    target: board_target(board),
                    board: Some(board),
                    size: board.cells() as usize,
                    command: format!(
                        "grundy search {game} --board {} --moves",
                        quote(&board.to_text())
                    ),
                })
            }
            "edges" => {
                let lines: Vec<String> = text
                    .split(',')
                    .map(|e| e.trim().replacen('-', " ", 1))
                    .filter(|e| !e.is_empty())
                    .collect();
                if lines.is_empty() {
                    return Err(at("no edge and no vertex".into()));
                }
                let graph = parse_edge_list(&lines.join("\n")).map_err(|e| {
                    // the list's "line K" is the URL's K-th item
                    at(e.replacen("line ", "item ", 1))
                })?;
                Ok(Parsed {
                    game,
                    size: graph.n(),
                    target: Target::Graph(rule, graph),
                    board: None,
                    command: format!(
                        "printf {} | grundy search {game} --edges - --moves",
                        quote(&(lines.join("\\n") + "\\n"))
                    ),
                })
            }
            _ => Err(format!(
                "{game}: no position: give board=ROWS/… , grid=RxC or edges=u-v,…"
            )),
        }
    };
    match (game, key) {
        (CRAM, "size") => {
            let (r, c) = parse_box(key, text)?;
            let board = Cram::default().board(r, c).map_err(at)?;
            Ok(Parsed {
                game: CRAM,
                target: Target::Cram(board),
                board: Some(board),
                size: board.cells() as usize,
                command: format!("grundy search cram --rows {r} --cols {c} --moves"),
            })
        }
        (CRAM, "board") => {
            let board = Cram::default().parse(text).map_err(|e| at(e.to_string()))?;
            Ok(Parsed {
                game: CRAM,
                target: Target::Cram(board),
                board: Some(board),
                size: board.cells() as usize,
                command: format!(
                    "grundy search cram --board {} --moves",
                    quote(&board.to_text())
                ),
            })
        }
        (CRAM, _) => Err("cram: no board: give board=ROWS/… or rows=R&cols=C".into()),
        (NODE_KAYLES, _) => grid_game(NODE_KAYLES),
        (ARC_KAYLES, _) => grid_game(ARC_KAYLES),
        (SPROUTS, "position") => {
            let target = Target::sprouts(text, &options).map_err(|e| at(e.to_string()))?;
            let Target::Sprouts(p) = &target else {
                unreachable!("Target::sprouts builds a Sprouts target")
            };
            let game = grundy::report::search::sprouts_game(&options);
            let size = p.iter().map(|land| game.lives(land) as usize).sum();
            Ok(Parsed {
                game: SPROUTS,
                command: format!(
                    "grundy search sprouts --position {} --moves",
                    quote(text.trim())
                ),
                target,
                board: None,
                size,
            })
        }
        (SPROUTS, _) => {
            Err("sprouts: no position: give position=0*N or a position in the notation".into())
        }
        (other, _) => {
            let known: Vec<&str> = registry::with_engine(Engine::Search)
                .map(|g| g.name)
                .collect();
            Err(format!("no game '{other}' (known: {})", known.join(", ")))
        }
    }
}

/// The limit of `game`: `(largest size, its unit)` (the catalogue's
/// [`grundy::games::registry::SearchInfo`]).
fn limit(game: &str) -> (usize, &'static str) {
    registry::game(game)
        .and_then(|g| g.search)
        .map_or((0, "cells"), |s| (s.page_limit, s.size_unit))
}

/// The message of a position beyond the page's limit.
fn too_large(p: &Parsed) -> Option<String> {
    let (max, unit) = limit(p.game);
    (p.size > max).then(|| {
        format!(
            "this position has {} {unit}, more than the {max} the page searches in the browser; \
             solve it from a terminal: {}",
            p.size, p.command
        )
    })
}

/// The board as the page draws it.
#[derive(Serialize)]
struct BoardView {
    rows: usize,
    cols: usize,
    /// Rows of `.` (empty) and `#` (filled) joined by `/`.
    text: String,
}

/// One legal move: its name in the report's style, the position it leaves (in the page's key:
/// a board's text, Sprouts' canonical text; `None` for a graph given by its edges, which the
/// page does not play on) and its cells on the board, `[row, col]` from 0.
#[derive(Serialize)]
struct LegalMove {
    #[serde(rename = "move")]
    mv: String,
    position: Option<String>,
    cells: Vec<[usize; 2]>,
}

/// The root's moves of a request, without searching ([`Driver`]).
struct ListMoves;

impl Driver for ListMoves {
    type Output = Vec<(String, String)>;

    fn drive<G>(
        self,
        game: G,
        _name: &str,
        _position: String,
        _parts: Vec<G::Component>,
        moves: RootMoves<'_, G>,
    ) -> Self::Output
    where
        G: SearchGame + Send + 'static,
        G::Component: 'static,
    {
        moves(&game).into_iter().map(|(m, a, _)| (m, a)).collect()
    }
}

/// The cells of a board, in row order: a grid graph's vertices.
fn cells_of(board: &Region) -> Vec<usize> {
    (0..board.w as usize * board.h as usize)
        .filter(|&i| board.bits >> i & 1 == 1)
        .collect()
}

/// The cells a move (named as in the report) takes on `board`, `[row, col]` from 0.
fn move_cells(game: &str, board: &Region, mv: &str) -> Vec<[usize; 2]> {
    let w = board.w as usize;
    let rc = |s: &str| -> Option<[usize; 2]> {
        let (r, c) = s.split_once(',')?;
        Some([
            r.trim().parse::<usize>().ok()? - 1,
            c.trim().parse::<usize>().ok()? - 1,
        ])
    };
    match game {
        CRAM => mv.split('-').filter_map(rc).collect(),
        NODE_KAYLES => rc(mv).into_iter().collect(),
        _ => {
            let cells = cells_of(board);
            mv.split('-')
                .filter_map(|v| cells.get(v.trim().parse::<usize>().ok()?))
                .map(|&i| [i / w, i % w])
                .collect()
        }
    }
}

/// Every legal move of `p`, as the page plays them.
fn legal_moves(p: &Parsed) -> Vec<LegalMove> {
    let options = SearchOptions {
        endgame: None,
        ..SearchOptions::default()
    };
    let req = Request {
        target: p.target.clone(),
        options,
    };
    let list = grundy::report::search::with_game(&req, ListMoves);
    list.into_iter()
        .map(|(mv, after)| {
            let (position, cells) = match (&p.board, p.game) {
                (Some(board), ARC_KAYLES) => {
                    let cells = move_cells(p.game, board, &mv);
                    let w = board.w as usize;
                    let gone = cells
                        .iter()
                        .fold(0u128, |b, [r, c]| b | 1u128 << (r * w + c));
                    let after = Region::new(board.bits & !gone, w, board.h as usize);
                    (Some(after.to_text()), cells)
                }
                (Some(board), _) => (Some(after), move_cells(p.game, board, &mv)),
                (None, SPROUTS) => (Some(after), Vec::new()),
                (None, _) => (None, Vec::new()),
            };
            LegalMove {
                mv,
                position,
                cells,
            }
        })
        .collect()
}

/// The key of the positions after a move, in the page's URL.
fn next_key(p: &Parsed) -> Option<&'static str> {
    match (p.game, &p.board) {
        (SPROUTS, _) => Some("position"),
        (_, Some(_)) => Some("board"),
        _ => None,
    }
}

/// What the page shows before searching (module docs): `{"game", "board", "size", "limit",
/// "unit", "too_large", "command", "moves", "next_key"}` — `board` is `{"rows", "cols",
/// "text"}` or `null`, `too_large` the message of a position beyond [`limits`] or `null`,
/// `moves` every legal move (`{"move", "position", "cells"}`), `next_key` the URL key of the
/// positions after them (`null`: the page does not play on this form); or `{"error"}`.
#[wasm_bindgen]
pub fn describe(game: &str, key: &str, text: &str) -> String {
    answer::json(parse(game, key, text).map(|p| describe_value(&p)))
}

fn describe_value(p: &Parsed) -> Value {
    let (max, unit) = limit(p.game);
    json!({
        "game": p.game,
        "board": p.board.map(|b| BoardView { rows: b.h as usize, cols: b.w as usize, text: b.to_text() }),
        "size": p.size,
        "limit": max,
        "unit": unit,
        "too_large": too_large(p),
        "command": p.command,
        "moves": legal_moves(p),
        "next_key": next_key(p),
    })
}

/// The progress of a search, passed to a JavaScript function `(line, done, total)`.
struct JsProgress<'a> {
    f: &'a js_sys::Function,
}

// SAFETY: the page's module runs on one thread (wasm32-unknown-unknown without shared memory),
// so the function is never called from two threads; `Progress` asks for `Sync` because native
// searches watch from a second thread.
unsafe impl Sync for JsProgress<'_> {}

impl Progress for JsProgress<'_> {
    fn start(&self, total: u64, what: &str) {
        let _ = self.f.call3(
            &JsValue::NULL,
            &what.into(),
            &0.0.into(),
            &(total as f64).into(),
        );
    }
}

/// Search a position: `grundy search GAME … --moves --json`'s report (one thread, a table of
/// `memory` bytes: a size such as `64M`, empty for [`DEFAULT_MEMORY`]), plus `"winning_cells"`
/// (each winning move's cells on the board, `[row, col]` from 0; empty lists without a board),
/// `"reply"` (the engine's move there: a winning move when there is one, else the first legal
/// move, as in [`describe`]'s `moves`; `null` when no move is left) and `"command"`; or
/// `{"error"}` — also for a position beyond [`limits`], with the command that solves it.
/// `progress(line, done, total)` is called as the search goes (at most every 50 ms).
#[wasm_bindgen]
pub fn search(
    game: &str,
    key: &str,
    text: &str,
    memory: &str,
    progress: &js_sys::Function,
) -> String {
    let sink = JsProgress { f: progress };
    answer::json(search_value(game, key, text, memory, &sink))
}

/// [`search`] with any progress sink.
pub fn search_value(
    game: &str,
    key: &str,
    text: &str,
    memory: &str,
    progress: &dyn Progress,
) -> Result<Value, String> {
    let p = parse(game, key, text)?;
    if let Some(message) = too_large(&p) {
        return Err(message);
    }
    let memory = if memory.trim().is_empty() {
        DEFAULT_MEMORY
    } else {
        let m = parse_size(memory).map_err(|e| format!("memory {e}"))?;
        if m > MAX_MEMORY {
            return Err(format!(
                "memory '{memory}': the page allocates at most {} MiB",
                MAX_MEMORY >> 20
            ));
        }
        m
    };
    let mut options = SearchOptions {
        memory,
        moves: true,
        ..SearchOptions::default()
    };
    options.config.threads = 1;
    if p.game != CRAM {
        options.endgame = None; // as `grundy search`: the endgame table is Cram's
    }
    let req = Request {
        target: p.target.clone(),
        options,
    };
    let report = run(&req, progress).map_err(|e| e.to_string())?;
    let winning: &[WinningMove] = report.winning_moves.as_deref().unwrap_or(&[]);
    let cells: Vec<Vec<[usize; 2]>> = winning
        .iter()
        .map(|m| {
            p.board
                .as_ref()
                .map_or_else(Vec::new, |b| move_cells(p.game, b, &m.mv))
        })
        .collect();
    let legal = legal_moves(&p);
    let reply = match winning.first() {
        Some(w) => legal.into_iter().find(|m| m.mv == w.mv),
        None => legal.into_iter().next(),
    };
    let mut value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    if let Value::Object(m) = &mut value {
        m.insert("winning_cells".into(), json!(cells));
        m.insert("reply".into(), json!(reply));
        m.insert("command".into(), json!(p.command));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::progress::Silent;

    fn searched(game: &str, key: &str, text: &str) -> Value {
        search_value(game, key, text, "", &Silent).unwrap()
    }

    #[test]
    fn a_small_cram_board_is_the_native_report() {
        let v = searched("cram", "size", "3x4");
        let board = Cram::default().board(3, 4).unwrap();
        let options = SearchOptions {
            moves: true,
            ..Default::default()
        };
        let native = run(
            &Request {
                target: Target::Cram(board),
                options,
            },
            &Silent,
        )
        .unwrap();
        assert_eq!(v["value"], json!(native.value));
        assert_eq!(v["outcome"], json!(native.outcome));
        assert_eq!(v["winning_moves"], json!(native.winning_moves));
        assert_eq!(v["position"], "..../..../....");
    }

    #[test]
    fn winning_cells_are_the_moves_cells() {
        // 1×3 Cram: both dominoes leave one cell (a P-position): both win
        let v = searched("cram", "board", "...");
        assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
        assert_eq!(
            v["winning_cells"],
            json!([[[0, 0], [0, 1]], [[0, 1], [0, 2]]])
        );
        let v = searched("arc-kayles", "board", "..#/...");
        let cells = v["winning_cells"].as_array().unwrap();
        assert_eq!(cells.len(), v["winning_moves"].as_array().unwrap().len());
        assert!(cells.iter().all(|c| c.as_array().unwrap().len() == 2));
        let v = searched("node-kayles", "grid", "1x3");
        assert_eq!(
            v["winning_moves"],
            json!([{"move": "1,2", "position": "###"}])
        );
        assert_eq!(v["winning_cells"], json!([[[0, 1]]]));
    }

    #[test]
    fn the_reply_wins_when_it_can() {
        let v = searched("node-kayles", "grid", "1x3");
        assert_eq!(v["reply"]["position"], "###");
        let v = searched("cram", "board", "..");
        assert_eq!(v["reply"]["cells"], json!([[0, 0], [0, 1]]));
        let v = searched("cram", "board", "#");
        assert_eq!(v["reply"], Value::Null);
    }

    #[test]
    fn arc_kayles_moves_leave_boards() {
        let d: Value = serde_json::from_str(&describe("arc-kayles", "grid", "2x2")).unwrap();
        let moves = d["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[0]["move"], "0-1");
        assert_eq!(moves[0]["position"], "##/..");
    }

    #[test]
    fn sprouts_and_graphs_are_read_as_the_cli_reads_them() {
        let v = searched("sprouts", "position", "0*3");
        assert_eq!(v["position"], "0.0.0");
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["reply"]["position"], v["winning_moves"][0]["position"]);
        let v = searched("node-kayles", "edges", "0-1,1-2,3");
        assert_eq!(v["position"], "4 vertices, 2 edges");
        assert_eq!(v["value"], 3); // a path of three vertices (*2) and a lone vertex (*1)
    }

    #[test]
    fn bad_input_names_the_place() {
        let e = searched_err("cram", "board", "..x/...");
        assert!(e.starts_with("board '..x/...': row 1, column 3"), "{e}");
        let e = searched_err("node-kayles", "edges", "0-1,1-x");
        assert!(e.starts_with("edges '0-1,1-x': item 2"), "{e}");
        let e = searched_err("sprouts", "position", "0.Q(");
        assert!(e.starts_with("position '0.Q(': "), "{e}");
        let e = searched_err("cram", "size", "4by5");
        assert!(e.contains("expected ROWSxCOLS"), "{e}");
        let e = searched_err("chess", "board", "..");
        assert!(e.starts_with("no game 'chess'"), "{e}");
    }

    #[test]
    fn a_board_beyond_the_limit_gets_the_command() {
        let e = searched_err("cram", "size", "7x7");
        assert!(e.contains("49 empty cells"), "{e}");
        assert!(
            e.ends_with("grundy search cram --rows 7 --cols 7 --moves"),
            "{e}"
        );
        let e = searched_err(
            "cram",
            "board",
            "........./........./........./........./.........",
        );
        assert!(e.contains("grundy search cram --board ........./"), "{e}");
    }

    fn searched_err(game: &str, key: &str, text: &str) -> String {
        search_value(game, key, text, "", &Silent).unwrap_err()
    }
}
