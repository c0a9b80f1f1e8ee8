//! `grundy games`: the catalogue the library's registry holds, and every front end reaching each
//! game it lists.

use assert_cmd::Command;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn catalogue() -> Vec<Value> {
    let out = grundy().args(["games", "--json"]).assert().success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    v["games"].as_array().unwrap().clone()
}

fn has_engine(g: &Value, engine: &str) -> bool {
    g["engines"].as_array().unwrap().iter().any(|e| e == engine)
}

#[test]
fn the_catalogue_lists_every_game_with_its_notation_and_engines() {
    let games = catalogue();
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    for name in [
        "nim",
        "heap",
        "cram",
        "node-kayles",
        "arc-kayles",
        "sprouts",
        "chomp",
        "fair-shares",
    ] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    for g in &games {
        assert!(!g["rules"].as_str().unwrap().is_empty());
        assert!(!g["notation"].as_str().unwrap().is_empty());
        assert!(!g["engines"].as_array().unwrap().is_empty());
    }
    let text = grundy().arg("games").assert().success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert!(text.contains("cram — Cram") && text.contains("engines:  search, tier"));
}

#[test]
fn every_search_game_of_the_catalogue_is_a_search_command() {
    for g in catalogue().iter().filter(|g| has_engine(g, "search")) {
        let name = g["name"].as_str().unwrap();
        grundy().args(["search", name, "--help"]).assert().success();
        assert!(g["search"]["page_limit"].as_u64().unwrap() > 0, "{name}");
    }
}

#[test]
fn every_tier_game_of_the_catalogue_is_a_retro_game_that_names_its_parameters() {
    for g in catalogue().iter().filter(|g| has_engine(g, "tier")) {
        let name = g["name"].as_str().unwrap();
        let first = g["parameters"][0]["name"].as_str().unwrap();
        let out = grundy().args(["retro", name, "--quiet"]).assert().code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(err.contains(&format!("{name} needs --{first}")), "{err}");
    }
}
