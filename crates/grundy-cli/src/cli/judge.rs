//! `grundy judge <PROBLEM>`: a seed judge problem, stdin to stdout, in its exact format.

use std::io::{Read, Write};

use super::{CmdResult, Failure, Quiet};
use grundy::judge::{self, Problem};

/// Arguments of `grundy judge`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The problem: agc016f (seed 000), xsy1149 (seed 001) or sdoi2019 (seed 004).
    pub problem: String,
    // `--quiet`: accepted, a no-op (no progress to hide; the output is the judge's, no report).
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Read all of stdin, solve, and print the judge's output (nothing on error).
pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let problem: Problem = args.problem.parse().map_err(Failure::invalid)?;
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .map_err(Failure::io)?;
    let output = judge::solve(problem, &input).map_err(Failure::invalid)?;
    out.write_all(&output)?;
    Ok(())
}
