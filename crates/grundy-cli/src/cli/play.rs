//! `grundy play <FILE> [--first human|computer] [--misere]`: play a position file against a
//! perfect opponent, in a terminal or through a pipe (one command per line on standard input).

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use grundy::Outcome;
use grundy::position::{Engine, Position, State, notation};
use grundy::solve::outcomes::Play;

use super::{CmdResult, Failure, Quiet};

/// Who moves first.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// You move first.
    Human,
    /// The computer moves first.
    Computer,
}

/// Arguments of `grundy play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Position file (TOML, `[[component]]` tables).
    pub file: PathBuf,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    pub first: First,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    // `--quiet`: accepted, a no-op (no progress to hide; a game, no report).
    #[command(flatten)]
    pub quiet: Quiet,
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let p = super::solve::load(&args.file)?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let stdin = std::io::stdin();
    // From a pipe, echo each command after the prompt so the transcript reads like a session.
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    play_game(p, play, args.first, &mut input, out, echo)
}

fn write_position(out: &mut dyn Write, p: &Position, state: &[State]) -> CmdResult {
    let view = Position {
        sum: p.sum.clone(),
        state: state.to_vec(),
    };
    writeln!(out)?;
    for line in view.describe() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

fn write_help(out: &mut dyn Write, p: &Position, play: Play) -> CmdResult {
    writeln!(
        out,
        "Type a move as the component's number, then the kind's numbers (indices start at 0):"
    )?;
    for (i, r) in p.sum.components.iter().enumerate() {
        writeln!(
            out,
            "  component {i} ({}): {}",
            r.kind(),
            notation::syntax(r.kind())
        )?;
    }
    writeln!(
        out,
        "Commands: help, hint (show a winning move), undo (take back your last move), quit."
    )?;
    match play {
        Play::Normal => writeln!(out, "The player who cannot move loses.")?,
        Play::Misere => writeln!(
            out,
            "Misère play: the player who makes the last move loses."
        )?,
    }
    Ok(())
}

// Why this function is long: the game loop with a match over every command it reads (quit, help,
// hint, undo, a move), all sharing the position, the history and whose turn it is.
/// The game loop: read commands from `input`, write everything to `out` (echoing each command
/// when `echo`).
pub fn play_game(
    p: Position,
    play: Play,
    first: First,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> CmdResult {
    let mut engine = Engine::new(p.sum.clone(), play);
    let mut state = p.state.clone();
    // Check at once that the position can be analysed (misère search limit).
    let (start, method) = engine
        .outcome_with_method(&state)
        .map_err(Failure::invalid)?;
    writeln!(
        out,
        "grundy play — {} play against a perfect opponent. Type 'help' for the notation.",
        match play {
            Play::Normal => "normal",
            Play::Misere => "misère",
        }
    )?;
    writeln!(
        out,
        "The starting position is {start}: {}.",
        start.describe()
    )?;
    if method == grundy::position::Method::MisereQuotient {
        writeln!(
            out,
            "(solved by the misère quotient of the heap game, Plambeck–Siegel; see grundy misere)"
        )?;
    }
    let mut history: Vec<Vec<State>> = Vec::new();
    let mut human_turn = first == First::Human;
    let mut line = String::new();
    write_position(out, &p, &state)?;
    loop {
        if p.sum.is_over(&state) {
            let misere = play == Play::Misere;
            let last = if human_turn { "the computer" } else { "you" };
            let winner = if human_turn == misere {
                "You win"
            } else {
                "The computer wins"
            };
            let rule = if misere {
                ", which loses under misère play"
            } else {
                ""
            };
            let text = format!("No moves left. {winner}: {last} made the last move{rule}.");
            writeln!(out, "{text}")?;
            return Ok(());
        }
        if !human_turn {
            let m = engine
                .best_move(&state)
                .map_err(Failure::invalid)?
                .expect("a move exists when the game is not over");
            writeln!(
                out,
                "computer: {}   ({})",
                notation::format_move(&m),
                notation::describe_move(&m)
            )?;
            state = engine.sum().apply(&state, &m).expect("legal");
            write_position(out, &p, &state)?;
            human_turn = true;
            continue;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            writeln!(out, "End of input: game abandoned.")?;
            return Ok(());
        }
        let cmd = line.trim();
        if echo {
            writeln!(out, "{cmd}")?;
        }
        match cmd {
            "" => continue,
            "quit" | "q" | "exit" => {
                writeln!(out, "Bye.")?;
                return Ok(());
            }
            "help" | "h" | "?" => write_help(out, &p, play)?,
            "hint" => {
                let o = engine.outcome(&state).map_err(Failure::invalid)?;
                match engine.best_move(&state).map_err(Failure::invalid)? {
                    Some(m) if o == Outcome::N => writeln!(
                        out,
                        "hint: {}   ({}) wins",
                        notation::format_move(&m),
                        notation::describe_move(&m)
                    )?,
                    Some(m) => writeln!(
                        out,
                        "hint: the position is {o} ({}); no move wins. {} {}   ({})",
                        o.describe(),
                        if o == Outcome::D {
                            "Keep the draw with"
                        } else {
                            "To prolong the game, try"
                        },
                        notation::format_move(&m),
                        notation::describe_move(&m)
                    )?,
                    None => writeln!(out, "hint: no move is possible")?,
                }
            }
            "undo" | "u" => match history.pop() {
                Some(prev) => {
                    state = prev;
                    writeln!(out, "Your last move (and the reply) taken back.")?;
                    write_position(out, &p, &state)?;
                }
                None => writeln!(out, "Nothing to undo.")?,
            },
            text => {
                let m = match notation::parse_move(engine.sum(), &state, text) {
                    Ok(m) => m,
                    Err(e) => {
                        writeln!(out, "not understood: {e} (type 'help')")?;
                        continue;
                    }
                };
                match engine.sum().apply(&state, &m) {
                    Ok(next) => {
                        // From an N-position, say whether the move wins: it does exactly when it
                        // leads to a P-position, as listed by `grundy solve`.
                        let verdict =
                            if engine.outcome(&state).map_err(Failure::invalid)? == Outcome::N {
                                if engine.outcome(&next).map_err(Failure::invalid)? == Outcome::P {
                                    "   — a winning move"
                                } else {
                                    "   — not a winning move ('hint' shows one)"
                                }
                            } else {
                                ""
                            };
                        writeln!(out, "you: {}{verdict}", notation::describe_move(&m))?;
                        history.push(std::mem::replace(&mut state, next));
                        write_position(out, &p, &state)?;
                        human_turn = false;
                    }
                    Err(reason) => writeln!(out, "illegal move: {reason}")?,
                }
            }
        }
    }
}
