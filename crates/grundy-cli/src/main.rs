//! The `grundy` command-line tool: parses arguments, calls the library, formats the answers.

mod alloc;
mod cli;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// mimalloc for small blocks, the system's allocator for large ones ([`alloc`]).
#[global_allocator]
static ALLOCATOR: alloc::Allocator = alloc::Allocator;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let stdout = std::io::stdout();
    // not locked for the whole run: a library thread may print (timely while it connects)
    let mut out = std::io::BufWriter::new(stdout);
    let result = cli::run(args, &mut out).and_then(|()| out.flush().map_err(cli::Failure::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if f.is_broken_pipe() => ExitCode::SUCCESS,
        Err(f) => {
            let _ = out.flush();
            eprintln!("error: {}", message(&f.error));
            ExitCode::from(f.code)
        }
    }
}

/// The error and its causes, `a: b: c`, leaving out a cause whose text the message already shows
/// (errors that print their source themselves would otherwise repeat it).
fn message(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let part = cause.to_string();
        if text.is_empty() {
            text = part;
        } else if !text.contains(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
    }
    text
}
