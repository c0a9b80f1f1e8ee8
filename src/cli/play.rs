//! `grundy play` (being built; see the issue tracker).

use std::io::Write;

use super::{CmdResult, Failure};

/// Arguments of `grundy play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Arguments (not yet interpreted).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run(_args: Args, _out: &mut dyn Write) -> CmdResult {
    Err(Failure::invalid(anyhow::anyhow!(
        "`grundy play` is not available in this build yet"
    )))
}
