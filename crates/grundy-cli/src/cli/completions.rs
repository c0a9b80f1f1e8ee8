//! `grundy completions bash|zsh|fish|elvish|powershell`: a shell completion script, generated
//! from the command-line definition by `clap_complete`, on standard output.
//!
//! Install, e.g.: `grundy completions bash > ~/.local/share/bash-completion/completions/grundy`,
//! `grundy completions zsh > ~/.zfunc/_grundy`, `grundy completions fish >
//! ~/.config/fish/completions/grundy.fish`.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, CmdResult, Quiet};

/// Arguments of `grundy completions`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
    // `--quiet`: accepted, a no-op (no progress to hide; a script, no report).
    #[command(flatten)]
    pub quiet: Quiet,
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let mut cmd = Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "grundy", out);
    Ok(())
}
