//! `grundy manpage`: the manual page `grundy(1)` in roff, generated from the command-line
//! definition by `clap_mangen`, with a section per command; on standard output.
//!
//! View it with `grundy manpage | man -l -`; install it with `grundy manpage >
//! ~/.local/share/man/man1/grundy.1`.

use std::io::Write;

use clap::CommandFactory;

use super::{Cli, CmdResult, Failure, Quiet};

/// Arguments of `grundy manpage` (only `--quiet`).
#[derive(clap::Args, Debug)]
pub struct Args {
    // `--quiet`: accepted, a no-op (no progress to hide; a page, no report).
    #[command(flatten)]
    pub quiet: Quiet,
}

pub fn run(_args: Args, out: &mut dyn Write) -> CmdResult {
    let mut cmd = Cli::command();
    cmd.build();
    let io = |e: std::io::Error| Failure::io(anyhow::anyhow!("cannot write the manual page: {e}"));
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.clone())
        .render(&mut page)
        .map_err(io)?;
    // The commands are sections of this page, not pages of their own.
    let mut text = String::from_utf8_lossy(&page).into_owned();
    for sub in cmd.get_subcommands() {
        let name = sub.get_name();
        text = text.replace(&format!("grundy\\-{name}(1)"), &format!("grundy {name}"));
    }
    let mut page = text.into_bytes();
    // Then a section per command: its synopsis, description and options (clap_mangen renders
    // them as sections of their own; here they become subsections).
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let man = clap_mangen::Man::new(sub.clone());
        let mut part = Vec::new();
        man.render_synopsis_section(&mut part)
            .and_then(|()| man.render_description_section(&mut part))
            .and_then(|()| man.render_options_section(&mut part))
            .map_err(io)?;
        let part = String::from_utf8_lossy(&part)
            .replace(".SH SYNOPSIS", "")
            .replace(".SH DESCRIPTION", ".SS Description")
            .replace(".SH OPTIONS", ".SS Options");
        writeln!(
            page,
            ".SH \"COMMAND: GRUNDY {}\"",
            sub.get_name().to_uppercase()
        )?;
        page.extend_from_slice(part.trim_start().as_bytes());
    }
    out.write_all(&page)?;
    Ok(())
}
