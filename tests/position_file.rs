//! Position files and move notation never panic, whatever the input: every failure is an error
//! value naming its place.

use std::path::Path;

use grundy::position::{Position, Rules, notation, parse_position};
use proptest::prelude::*;

/// Fragments that make near-valid files: real keys, kinds and values, in random order.
const FRAGMENTS: &[&str] = &[
    "[[component]]\n",
    "[component]\n",
    "kind = \"nim\"\n",
    "kind = \"heap\"\n",
    "kind = \"staircase\"\n",
    "kind = \"coins\"\n",
    "kind = \"graph\"\n",
    "kind = \"chips\"\n",
    "kind = 3\n",
    "heaps = [3, 4, 5]\n",
    "heaps = [-1]\n",
    "heaps = [1.5, \"x\"]\n",
    "heaps = [18446744073709551615]\n",
    "heaps = [99999999999999999999999]\n",
    "ruleset = \"kayles\"\n",
    "ruleset = \"0.7\\u0000\"\n",
    "steps = []\n",
    "steps = [0, 3, 1, 4]\n",
    "length = 9\n",
    "length = 18446744073709551615\n",
    "cells = [2, 5, 7]\n",
    "cells = [0]\n",
    "cells = [18446744073709551615]\n",
    "file = \"none.txt\"\n",
    "file = \"\"\n",
    "vertices = 99999999999\n",
    "tokens = [0]\n",
    "k = [1, 2]\n",
    "values = [1, 0]\n",
    "x = { y = 1 }\n",
    "= 1\n",
    "\"\n",
    "[[component]]\nkind = \"nim\"\nheaps = [1]\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = parse_position(&text, Path::new("."));
    }

    #[test]
    fn near_valid_files_never_panic(parts in proptest::collection::vec(0..FRAGMENTS.len(), 0..12)) {
        let text: String = parts.iter().map(|&i| FRAGMENTS[i]).collect();
        match parse_position(&text, Path::new(".")) {
            Ok(p) => prop_assert_eq!(p.sum.components.len(), p.state.len()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn arbitrary_moves_never_panic(text in "[0-9 ,\\-a-z]{0,30}") {
        let p = Position::new(
            vec![Rules::Nim, Rules::Staircase, Rules::Coins { length: 9 }],
            vec![vec![3, 4, 5], vec![0, 3, 1, 4], vec![2, 5, 7]],
        );
        if let Ok(m) = notation::parse_move(&p.sum, &p.state, &text) {
            let _ = p.sum.apply(&p.state, &m);
        }
    }
}
