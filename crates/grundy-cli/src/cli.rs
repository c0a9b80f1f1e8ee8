//! Command-line interface: one module per command.

pub mod coins;
pub mod completions;
pub mod count;
pub mod demo;
pub mod games;
pub mod graph;
pub mod guess;
pub mod judge;
pub mod manpage;
pub mod misere;
pub mod nim;
pub mod play;
pub mod progress;
pub mod retro;
pub mod search;
pub mod search_cluster;
pub mod search_options;
pub mod seq;
pub mod serve;
pub mod solve;
pub mod staircase;
pub mod survey;

use std::io::Write;

use clap::{Parser, Subcommand};

/// Sprague–Grundy analysis of impartial games: values, winners, every winning move.
///
/// Run with no command for a guided tour of an example position.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The catalogue: every game, its rules, notation, engines and commands.
    Games(games::Args),
    /// Nim: value (XOR of the heaps), winner, and every winning move.
    Nim(nim::Args),
    /// Staircase Nim: coins on steps 0 (the floor), 1, 2, ...; value, winner, winning moves.
    Staircase(staircase::Args),
    /// Coins on a strip (cells 1..=N): slide a coin left without passing another.
    Coins(coins::Args),
    /// The seed judge problems in their exact input/output formats (stdin to stdout).
    Judge(judge::Args),
    /// Nim-sequence of a heap game (octal, hexadecimal, subtraction, Grundy's game), with its period.
    Seq(seq::Args),
    /// Find the rule behind a table of Grundy values, say how sure it is, predict beyond it.
    Guess(guess::Args),
    /// Token games on a directed graph (cycles allowed): values, outcome, winning moves.
    Graph(graph::Args),
    /// Solve a position file (TOML) made of components of every family.
    Solve(solve::Args),
    /// Play a position file against a perfect opponent.
    Play(play::Args),
    /// Count the winning positions of a family.
    Count(count::Args),
    /// Solve every position of a game by tiered retrograde analysis (the tier games of `grundy games`).
    Retro(retro::Args),
    /// The value of one position too large to enumerate: Cram, Node-Kayles, Arc-Kayles, Sprouts.
    Search(search::Args),
    /// Survey every octal game of up to D digits: solved (period proved) or open, with classes.
    Survey(survey::Args),
    /// Misère quotient of a heap game: monoid, P-portion, pretending function, period.
    Misere(misere::Args),
    /// Serve the web page (web/dist, built by web/build) on 127.0.0.1.
    Serve(serve::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::Args),
    /// Print the manual page grundy(1) in roff (view: grundy manpage | man -l -).
    Manpage(manpage::Args),
}

/// `--quiet`/`-q`, which every command takes: no progress on stderr. A command that takes nothing
/// long draws none, so there the flag changes nothing (a script may pass it to any command).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Quiet {
    /// No progress bar on stderr (a no-op for a command that finishes at once).
    #[arg(long, short)]
    pub quiet: bool,
}

/// The output flags of every command that prints a report: `--json` (the report as one line of
/// JSON) and `--quiet`. A command names its JSON fields in the help of `--json`, through
/// `#[command(mut_arg("json", ...))]` on its arguments.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Output {
    /// Print the report as one line of JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub progress: Quiet,
}

impl Output {
    /// True with `--quiet`: no progress bar.
    pub fn quiet(&self) -> bool {
        self.progress.quiet
    }
}

/// A failed command: the message and the process exit code (2 invalid input, 1 I/O).
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub error: anyhow::Error,
}

impl Failure {
    /// Invalid input or usage: exit code 2.
    pub fn invalid(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: 2,
            error: error.into(),
        }
    }

    /// An I/O failure (unreadable file, ...): exit code 1.
    pub fn io(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: 1,
            error: error.into(),
        }
    }

    /// True when the failure is a closed stdout (e.g. piped into `head`): not an error.
    pub fn is_broken_pipe(&self) -> bool {
        self.error
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::io(e)
    }
}

/// Shorthand: the result of a command.
pub type CmdResult = Result<(), Failure>;

/// Run the parsed command, writing answers to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> CmdResult {
    match cli.command {
        None => demo::run(out),
        Some(Command::Games(a)) => games::run(a, out),
        Some(Command::Nim(a)) => nim::run(a, out),
        Some(Command::Staircase(a)) => staircase::run(a, out),
        Some(Command::Coins(a)) => coins::run(a, out),
        Some(Command::Judge(a)) => judge::run(a, out),
        Some(Command::Seq(a)) => seq::run(a, out),
        Some(Command::Guess(a)) => guess::run(a, out),
        Some(Command::Graph(a)) => graph::run(a, out),
        Some(Command::Solve(a)) => solve::run(a, out),
        Some(Command::Play(a)) => play::run(a, out),
        Some(Command::Count(a)) => count::run(a, out),
        Some(Command::Retro(a)) => retro::run(a, out),
        Some(Command::Search(a)) => search::run(a, out),
        Some(Command::Survey(a)) => survey::run(a, out),
        Some(Command::Misere(a)) => misere::run(a, out),
        Some(Command::Serve(a)) => serve::run(a, out),
        Some(Command::Completions(a)) => completions::run(a, out),
        Some(Command::Manpage(a)) => manpage::run(a, out),
    }
}

/// Parse a non-negative integer argument with a clear message (used by clap value parsers).
pub fn parse_u64(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if t.starts_with('-') {
        return Err(format!(
            "'{s}' is negative; expected a non-negative integer"
        ));
    }
    t.parse::<u64>().map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!("'{s}' is too large (the largest allowed is {})", u64::MAX)
        }
        _ => format!("'{s}' is not a non-negative integer"),
    })
}

/// Write a serializable value as one line of JSON.
pub fn write_json<T: serde::Serialize>(out: &mut dyn Write, v: &T) -> CmdResult {
    serde_json::to_writer(&mut *out, v).map_err(|e| Failure::io(anyhow::anyhow!(e)))?;
    writeln!(out)?;
    Ok(())
}
