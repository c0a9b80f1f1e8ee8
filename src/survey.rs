//! Survey mode: classify every octal game of up to `D` digits — solved with a proof, or open with
//! how far it was computed — group the codes into classes of equal nim-sequences (each grouping
//! justified), and write a report comparable with the published tables (Winning Ways, ch. 4;
//! Flammenkamp's octal-games pages; later independent recomputations).
//!
//! * [`codes`]: the games of a survey (every code with up to `D` digits, prefix `0`, `4` or both,
//!   or a given list) and the deterministic split into shards;
//! * [`game`]: one game computed until its period is proved or its budget (heaps, seconds) ends;
//! * [`clock`]: the budget's clock, the CPU time of the game's thread (the same records on a busy
//!   machine);
//! * [`equivalence`]: the reduction rule (heaps of one dead) and the redundant-move rules with
//!   their proofs, canonical codes, and equality of two sequences proved periodic through both
//!   proof windows;
//! * [`record`]: the JSON/CSV record of one code;
//! * [`store`]: the survey folder — descriptor, one atomic checksummed file per finished game;
//! * [`report`]: classes and the `survey.json` / `survey.csv` / `survey.md` writers;
//! * [`run`]: the resumable, parallel run; [`merge`]: merging shard folders.
//!
//! ```
//! use grundy::survey::{run::{self, Survey, Silent}, codes::Prefix, game::Budget};
//! let dir = std::env::temp_dir().join(format!("grundy-survey-mod-doc-{}", std::process::id()));
//! let s = Survey::from_codes(
//!     vec![".77".parse().unwrap(), ".07".parse().unwrap(), ".137".parse().unwrap()],
//!     Budget { to: 1 << 20, max_seconds: 60.0 },
//!     None,
//! ).unwrap();
//! let sum = run::run(&s, &dir, 2, &Silent).unwrap();
//! assert_eq!((sum.solved, sum.open, sum.classes), (3, 0, 2)); // .07 = .137 shifted by one
//! let json = std::fs::read_to_string(dir.join("survey.json")).unwrap();
//! assert!(json.contains(r#""code":".07","class":".137","shift":1,"status":"solved","preperiod":53,"period":34"#));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod clock;
pub mod codes;
pub mod equivalence;
pub mod game;
pub mod merge;
pub mod record;
pub mod report;
pub mod run;
pub mod store;

use std::path::PathBuf;

use thiserror::Error;

use crate::games::heap::RulesetError;

/// Why a survey cannot run, resume or merge.
#[derive(Debug, Error)]
pub enum SurveyError {
    /// `--digits` out of range.
    #[error("--digits {0}: a survey takes 1 to {max} digits after the point", max = codes::MAX_DIGITS)]
    BadDigits(u64),
    /// `--prefix` not 0, 4 or all.
    #[error("--prefix '{0}': expected 0, 4 or all")]
    BadPrefix(String),
    /// A code of `--codes` does not parse.
    #[error("--codes: '{text}': {source}")]
    BadCode {
        /// The text as written.
        text: String,
        /// The cause.
        #[source]
        source: RulesetError,
    },
    /// A ruleset of `--codes` that is not a take-and-break code.
    #[error("--codes: '{0}' is not a take-and-break code (like .77 or 4.12)")]
    NotACode(String),
    /// An empty element in `--codes`, or no code at all.
    #[error("--codes: empty code in the list (expected e.g. .77,.137,4.12)")]
    EmptyCode,
    /// `--shard` is not `I/K` with `1 <= I <= K`.
    #[error("--shard '{0}': expected I/K with 1 <= I <= K <= {max} (e.g. 2/5)", max = codes::MAX_SHARDS)]
    BadShard(String),
    /// `--to` or `--max-seconds` out of range.
    #[error("{0}")]
    BadBudget(String),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// A file of the survey folder is damaged.
    #[error(
        "{path} is damaged ({why}); nothing was changed — delete that file to recompute its game"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The folder holds another survey.
    #[error(
        "{path} holds another survey ({found}), not this one ({wanted}); choose another --out folder"
    )]
    OtherSurvey {
        /// The file.
        path: PathBuf,
        /// The survey the folder holds.
        found: String,
        /// This survey.
        wanted: String,
    },
    /// A folder to merge holds no survey.
    #[error("{0} holds no survey (no survey-descriptor.json)")]
    NotASurvey(PathBuf),
    /// Folders of different surveys given to merge.
    #[error("cannot merge different surveys: {a} holds {a_is}, but {b} holds {b_is}")]
    MixedSurveys {
        /// The first folder.
        a: PathBuf,
        /// The survey it holds.
        a_is: String,
        /// The second folder.
        b: PathBuf,
        /// The survey it holds.
        b_is: String,
    },
    /// Nothing to merge.
    #[error("no folders to merge")]
    NoShards,
    /// The folders to merge lack some games.
    #[error(
        "the folders lack {missing} game(s) of the survey (e.g. {examples}): run or finish the missing shards first"
    )]
    Incomplete {
        /// How many games are missing.
        missing: usize,
        /// Some of the missing codes.
        examples: String,
    },
    /// Worker threads could not start.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

impl SurveyError {
    /// Whether this is an I/O failure (exit code 1) rather than bad input (exit code 2).
    pub fn is_io(&self) -> bool {
        matches!(self, SurveyError::Io { .. } | SurveyError::Threads(_))
    }
}
