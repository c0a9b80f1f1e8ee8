//! `grundy games [--json]`: the catalogue of games — each game's name, rules, notation,
//! parameters, engines and commands — read from the library's one list
//! (`grundy::games::registry`).

use std::io::Write;

use grundy::games::registry::{self, Engine};

use super::{CmdResult, Output, write_json};

/// The help of `--json`: the catalogue's fields.
const JSON: &str = r#"Print JSON: {"games": a list of {"name","aliases","title","rules","notation","parameters":[{"name","help"}],"engines","commands","module","search":{"dfpn_by_default","size_unit","page_limit"} or null}}"#;

/// Arguments of `grundy games`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    #[command(flatten)]
    pub output: Output,
}

/// The engine as the catalogue's JSON writes it.
fn engine_name(e: &Engine) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Run `grundy games`.
pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    if args.output.json {
        return write_json(out, &serde_json::json!({ "games": registry::GAMES }));
    }
    for g in registry::GAMES {
        writeln!(out, "{} — {}", g.name, g.title)?;
        writeln!(out, "  rules:    {}", g.rules)?;
        writeln!(out, "  position: {}", g.notation)?;
        let engines: Vec<String> = g.engines.iter().map(engine_name).collect();
        writeln!(out, "  engines:  {}", engines.join(", "))?;
        writeln!(out, "  commands: {}", g.commands.join(", "))?;
    }
    Ok(())
}
