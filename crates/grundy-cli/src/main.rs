//! The `grundy` command-line tool: parses arguments, calls the library, formats the answers.

mod cli;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

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
            eprintln!("error: {:#}", f.error);
            ExitCode::from(f.code)
        }
    }
}
