//! Merging the folders of a sharded survey (`grundy survey merge DIR... --out DIR`): every folder
//! must hold a part of the *same* survey (same games and budget; else the merge is refused), and
//! together they must hold every game; the games are copied into the output folder, which gets the
//! whole survey's descriptor and report — the same report as one unsharded run.
//!
//! ```
//! use grundy::survey::{run::{self, Survey, Silent}, codes::Prefix, game::Budget, merge};
//! let base = std::env::temp_dir().join(format!("grundy-merge-doc-{}", std::process::id()));
//! let b = Budget { to: 2000, max_seconds: 10.0 };
//! let mut dirs = Vec::new();
//! for i in 1..=2 {
//!     let s = Survey::from_digits(1, Prefix::Zero, b, Some(format!("{i}/2").parse().unwrap())).unwrap();
//!     let d = base.join(format!("part{i}"));
//!     run::run(&s, &d, 1, &Silent).unwrap();
//!     dirs.push(d);
//! }
//! let sum = merge::merge(&dirs, &base.join("all")).unwrap();
//! assert_eq!(sum.total, 7);
//! std::fs::remove_dir_all(&base).unwrap();
//! ```

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::SurveyError;
use super::run::{self, Summary, Survey};
use super::store::{self, Descriptor};

/// Merge the shard folders `dirs` into `out` (module docs).
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<Summary, SurveyError> {
    let started = Instant::now();
    let mut descriptors: Vec<Descriptor> = Vec::with_capacity(dirs.len());
    for dir in dirs {
        let d = store::read_descriptor(dir)?.ok_or_else(|| SurveyError::NotASurvey(dir.clone()))?;
        if let Some(first) = descriptors.first()
            && !first.same_survey(&d)
        {
            return Err(SurveyError::MixedSurveys {
                a: dirs[0].clone(),
                a_is: first.describe(),
                b: dir.clone(),
                b_is: d.describe(),
            });
        }
        descriptors.push(d);
    }
    let Some(first) = descriptors.first() else {
        return Err(SurveyError::NoShards);
    };
    let whole = Descriptor {
        shard: None,
        ..first.clone()
    };
    let survey = Survey::from_descriptor(&whole)?;
    let mut results = Vec::with_capacity(survey.codes.len());
    let mut missing = Vec::new();
    for code in &survey.codes {
        let mut found = None;
        for dir in dirs {
            if let Some(r) = store::load_game(dir, code)? {
                found = Some(r);
                break;
            }
        }
        match found {
            Some(r) => results.push((code, r)),
            None => missing.push(code.to_string()),
        }
    }
    if !missing.is_empty() {
        return Err(SurveyError::Incomplete {
            missing: missing.len(),
            examples: missing
                .iter()
                .take(8)
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    store::open(out, &whole)?;
    for (code, r) in &results {
        store::save_game(out, code, r)?;
    }
    let results: Vec<_> = results.into_iter().map(|(_, r)| r).collect();
    run::finish(out, &whole, &results, 0, started)
}
