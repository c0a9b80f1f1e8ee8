//! Sprouts (Conway and Paterson, 1967) for the search: positions in the standard notation,
//! every legal move, the reductions that keep the game, lands as independent components and
//! their canonical form.
//!
//! Sprouts starts with `n` spots. A move draws a curve from a spot to a spot (or to itself)
//! that crosses no curve, and puts a new spot on it; a spot takes at most three curve ends.
//! Who cannot move loses. Applegate, Jacobson and Sleator (1991) wrote positions as strings —
//! regions, their boundaries, the spots around each ([`notation`]) — and solved `n ≤ 11`,
//! conjecturing that the first player wins exactly when `n mod 6 ∈ {3, 4, 5}`. Lemoine and
//! Viennot (*Computer analysis of Sprouts with nimbers*, 2010) split positions into **lands**
//! — groups of regions that share no spot with the rest — and computed with the nimbers of
//! lands, reaching `n = 44`; SPOTS (Čížek, Balko and Schmid, 2025) adds proof-number search at
//! scale. Here a land is a component of the search ([`crate::search::SearchGame`]): the value of a
//! position is the XOR of its lands' values.
//!
//! The game in four steps, one file each:
//! - [`notation`]: read both separator styles, write one;
//! - [`moves`]: every curve in every region, every sharing of the other boundaries;
//! - [`reduce`]: the rewritings that keep the game (dead spots, `aa → 2`, dead regions, small
//!   regions), each proved in its docs, and the split into lands;
//! - [`canonical`]: one writing for every writing of a land (order, start, direction, names).
//!
//! ```
//! use grundy::search::{Config, Search, Table};
//! use grundy::games::sprouts::Sprouts;
//! let game = Sprouts::default();
//! let table = Table::with_bytes(1 << 20);
//! let s = Search::new(&game, &table, Config::default());
//! // 0*1 and 0*2 are lost by the player to move, 0*3 is won
//! let value = |n| s.value(&game.spots(n).unwrap()).unwrap();
//! assert_eq!((value(1), value(2)), (0, 0));
//! assert_ne!(value(3), 0);
//! // a position in the notation: a spot with a loop round another spot, and a lone spot
//! let p = game.parse("0.AB|AB.0").unwrap();
//! assert_eq!(game.text(&p), "0.AB|0.AB");
//! ```

pub mod cache;
pub mod canonical;
pub mod land;
pub mod moves;
pub mod notation;
pub mod reduce;

use rustc_hash::FxHashSet as HashSet;
use std::fmt;
use std::sync::Arc;

use crate::search::{DfpnTuning, Key, Moves, SearchGame};
use land::{Land, MAX_SPOTS, land_lives, land_spots, region_lives};
pub use notation::NotationError;
pub use reduce::Reductions;

/// A land in canonical form: the component of the search. Shared, not copied, when cloned
/// (a land's moves are handed out again at every visit).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LandForm(Arc<[u8]>);

impl LandForm {
    /// The canonical bytes ([`canonical`]).
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Display for LandForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        notation::write_land(&self.0, &mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for LandForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LandForm({self})")
    }
}

/// The switches of the game (all on by default; the tests switch each off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SproutsConfig {
    /// The reductions ([`reduce`]).
    pub reductions: Reductions,
    /// The canonical form ([`canonical`]; off: each land written as it comes).
    pub canonical: bool,
}

impl Default for SproutsConfig {
    fn default() -> Self {
        SproutsConfig {
            reductions: Reductions::default(),
            canonical: true,
        }
    }
}

/// Sprouts as the search sees it.
#[derive(Debug)]
pub struct Sprouts {
    cfg: SproutsConfig,
    /// The moves of lands expanded lately.
    moves: cache::Bounded<LandForm, LandMoves>,
    /// Canonical forms by the plain writing of the land.
    forms: cache::Bounded<Box<[u8]>, LandForm>,
}

impl Default for Sprouts {
    fn default() -> Self {
        Sprouts::new(SproutsConfig::default())
    }
}

impl Clone for Sprouts {
    fn clone(&self) -> Self {
        Sprouts::new(self.cfg)
    }
}

/// The moves of a land, each as the lands it leaves.
type LandMoves = Arc<[Vec<LandForm>]>;

/// Bytes the memo of moves may hold ([`cache`]).
const MOVES_BYTES: usize = 192 << 20;
/// Bytes the memo of canonical forms may hold ([`cache`]).
const FORMS_BYTES: usize = 64 << 20;

/// A whole position: its lands.
pub type Position = Vec<LandForm>;

impl Sprouts {
    /// The game with these switches.
    pub fn new(cfg: SproutsConfig) -> Sprouts {
        Sprouts {
            cfg,
            moves: cache::Bounded::new(MOVES_BYTES),
            forms: cache::Bounded::new(FORMS_BYTES),
        }
    }

    /// The switches.
    pub fn config(&self) -> SproutsConfig {
        self.cfg
    }

    /// The lands of `land` after the reductions, in canonical form.
    fn lands_of(&self, land: Land, out: &mut Vec<LandForm>) {
        let mut lands = Vec::new();
        reduce::reduce(land, &self.cfg.reductions, &mut lands);
        for l in &lands {
            if !self.cfg.canonical {
                out.push(LandForm(canonical::canonical(l, false).into()));
                continue;
            }
            let plain = canonical::plain(l);
            if let Some(form) = self.forms.get(&plain) {
                out.push(form);
                continue;
            }
            // the first writing (`canonical::canonical_or`), tagged apart from plain writings
            // (which never begin with the end of a region)
            let tagged = |w: &[u8]| -> Box<[u8]> { [&[land::REND][..], w].concat().into() };
            let found = canonical::canonical_or(l, &mut |w: &[u8]| self.forms.get(&tagged(w)));
            let form = match found {
                canonical::Form::Known(form) => form,
                canonical::Form::New { form, first } => {
                    let form = LandForm(form.into());
                    if let Some(w) = first {
                        let key = tagged(&w);
                        let bytes = key.len() + form.0.len() + 96;
                        self.forms.put(key, form.clone(), bytes);
                    }
                    form
                }
            };
            let bytes = plain.len() + form.0.len() + 96;
            self.forms.put(plain, form.clone(), bytes);
            out.push(form);
        }
    }

    /// The starting position `0*n`.
    pub fn spots(&self, n: usize) -> Result<Position, NotationError> {
        if n == 0 {
            return Ok(Vec::new());
        }
        self.parse(&format!("0*{n}"))
    }

    /// Read a position (either separator style), reduced and split into lands.
    pub fn parse(&self, text: &str) -> Result<Position, NotationError> {
        let lands = notation::parse(text)?;
        let (mut spots, mut lives) = (0usize, 0usize);
        for l in &lands {
            spots += land_spots(l);
            lives += land_lives(l) as usize;
        }
        // every spot that can ever exist must fit the letters of one land
        if spots + lives.saturating_sub(1) > MAX_SPOTS {
            return Err(NotationError {
                place: "the whole position".into(),
                message: format!(
                    "{spots} spots with {lives} lives: a position may hold at most {MAX_SPOTS} spots now and to come (live spots + lives − 1; 0*30 is the largest start)"
                ),
            });
        }
        let mut out = Vec::new();
        for l in lands {
            self.lands_of(l, &mut out);
        }
        out.sort();
        Ok(out)
    }

    /// A position in the notation (SPOTS style: lands joined by `+`; `!` when nothing is left).
    pub fn text(&self, p: &[LandForm]) -> String {
        if p.is_empty() {
            return "!".into();
        }
        p.iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join("+")
    }

    /// The lives of a land.
    pub fn lives(&self, c: &LandForm) -> u32 {
        land_lives(&canonical::unpack(&c.0).0)
    }

    /// Every move of one land, as the lands it leaves (deduplicated: moves that leave the same
    /// lands are one).
    pub fn land_moves(&self, c: &LandForm) -> Vec<Vec<LandForm>> {
        let mut seen: HashSet<Vec<LandForm>> = HashSet::default();
        let mut out = Vec::new();
        self.each_move(c, &mut |mut parts| {
            parts.sort();
            if seen.insert(parts.clone()) {
                out.push(parts);
            }
        });
        out
    }

    fn each_move(&self, c: &LandForm, f: &mut dyn FnMut(Vec<LandForm>)) {
        let (land, groups, next) = canonical::unpack(&c.0);
        for (r, group) in groups.iter().enumerate() {
            moves::region_moves(&land, r, group, next, &mut |child| {
                let mut parts = Vec::new();
                self.lands_of(child, &mut parts);
                f(parts);
            });
        }
    }

    /// Every move of a whole position: the position after it (its lands, sorted), each once.
    pub fn position_moves(&self, p: &[LandForm]) -> Vec<Vec<LandForm>> {
        let mut seen: HashSet<Vec<LandForm>> = HashSet::default();
        let mut out = Vec::new();
        for (i, l) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == *l {
                continue; // the same land again: the same moves
            }
            for parts in self.land_moves(l) {
                let mut after: Vec<LandForm> = p[..i].iter().chain(&p[i + 1..]).cloned().collect();
                after.extend(parts);
                after.sort();
                if seen.insert(after.clone()) {
                    out.push(after);
                }
            }
        }
        out
    }
}

/// A 64-bit fingerprint of canonical bytes.
fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64;
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h ^= u64::from_le_bytes(w);
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 31;
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^= h >> 29;
    }
    h
}

impl SearchGame for Sprouts {
    type Component = LandForm;

    fn id(&self) -> String {
        NAME.into()
    }

    fn moves(&self, c: &LandForm, out: &mut Moves<LandForm>) {
        let all = match self.moves.get(c) {
            Some(all) => all,
            None => {
                let all: LandMoves = self.land_moves(c).into();
                let bytes = c.0.len()
                    + 64
                    + all
                        .iter()
                        .map(|m| 24 + m.iter().map(|l| l.0.len() + 16).sum::<usize>())
                        .sum::<usize>();
                self.moves.put(c.clone(), all.clone(), bytes);
                all
            }
        };
        for parts in all.iter() {
            for p in parts {
                out.push_part(p.clone());
            }
            out.end_move();
        }
    }

    fn key(&self, c: &LandForm) -> Key {
        Key {
            bits: fingerprint(&c.0),
            tag: 0x2000 | (c.0.len().min(0x1fff) as u16),
        }
    }

    fn size(&self, c: &LandForm) -> u32 {
        c.0.iter()
            .filter(|&&b| b < land::BEND)
            .map(|&b| land::lives_of(b))
            .sum()
    }

    /// Sprouts' own settings of df-pn:
    /// - lands of up to 10 lives to the value search (chosen on `0*8` … `0*14`, where 10 and
    ///   12 are close);
    /// - parts valued when df-pn enters the child: a won node is usually proved by one child,
    ///   and the parts of the others need never be valued;
    /// - the value table watched: the value search settles small lands by the thousand, and a
    ///   child settled so is seen at once (without it df-pn needs more iterations here);
    /// - two threads not sharing one table: one from the root, one settling the root's children
    ///   (largest first) with a table of its own — every child of a lost root must be settled,
    ///   and settling them one by one takes fewer expansions in all than both threads from the
    ///   root over one table.
    fn dfpn_tuning(&self) -> DfpnTuning {
        DfpnTuning {
            small: 10,
            lazy_parts: true,
            watch_values: true,
            shared_table: false,
        }
    }

    fn known_value(&self, c: &LandForm) -> Option<u8> {
        let bytes = &c.0;
        // lives counted by sightings: a small land only (letters seen twice count twice)
        let sighted: u32 = bytes.iter().map(|&b| land::lives_of(b)).sum();
        if sighted > 6 {
            return None;
        }
        let (land, _, _) = canonical::unpack(bytes);
        let lives = land_lives(&land);
        let movable = land.iter().any(|r| region_lives(r) >= 2);
        match lives {
            _ if !movable => Some(0),
            2 => Some(1),
            3 if land.len() == 1 => Some(0),
            _ => None,
        }
    }
}

/// The name of Sprouts on the command line, in Python and in the page's URLs.
pub const NAME: &str = "sprouts";

/// Sprouts in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Sprouts",
    rules: "Join two spots (or one to itself) by a curve crossing no other and put a new spot on it; a spot takes at most three curve ends; who cannot, loses.",
    notation: "the SPOTS or Glop notation, 0*N for N spots (e.g. 0.AB|AB.0)",
    parameters: &[crate::games::entry::Parameter {
        name: "spots",
        help: "spots of the start position",
    }],
    engines: &[crate::games::entry::Engine::Search],
    commands: &["grundy search sprouts"],
    module: "grundy::games::sprouts",
    search: Some(crate::games::entry::SearchInfo {
        dfpn_by_default: true,
        size_unit: "lives",
        page_limit: 24,
    }),
    tier: None,
};
