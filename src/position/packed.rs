//! A compact canonical encoding of whole-sum positions, for exhaustive (misère) searches.
//!
//! Each component's state is written as its length and its numbers in LEB128 varints. The order
//! of Nim heaps (and of the heaps of a heap game, and of the tokens on a graph) does not change the
//! game, so they are sorted first: positions that differ only by such an order share one entry.

use super::{Rules, State, Sum};
use crate::ImpartialGame;

/// A packed whole-sum position.
pub type Key = Box<[u8]>;

/// The sum as a game on packed positions.
#[derive(Clone, Debug)]
pub struct Packed {
    /// The sum being searched.
    pub sum: Sum,
}

fn put(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push((v as u8) | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

fn get(key: &[u8], at: &mut usize) -> u64 {
    let mut v = 0u64;
    let mut shift = 0;
    loop {
        let b = key[*at];
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return v;
        }
        shift += 7;
    }
}

fn put_state(buf: &mut Vec<u8>, r: &Rules, s: &[u64]) {
    put(buf, s.len() as u64);
    if r.is_unordered() {
        let mut t = s.to_vec();
        t.sort_unstable();
        t.iter().for_each(|&v| put(buf, v));
    } else {
        s.iter().for_each(|&v| put(buf, v));
    }
}

impl Packed {
    /// The canonical key of a position.
    pub fn pack(&self, state: &[State]) -> Key {
        let mut buf = Vec::new();
        for (r, s) in self.sum.components.iter().zip(state) {
            put_state(&mut buf, r, s);
        }
        buf.into_boxed_slice()
    }

    /// A position with this key (heaps and tokens in sorted order).
    pub fn unpack(&self, key: &[u8]) -> Vec<State> {
        let mut at = 0;
        (0..self.sum.components.len())
            .map(|_| {
                let n = get(key, &mut at) as usize;
                (0..n).map(|_| get(key, &mut at)).collect()
            })
            .collect()
    }
}

fn put_raw(buf: &mut Vec<u8>, s: &[u64]) {
    put(buf, s.len() as u64);
    s.iter().for_each(|&v| put(buf, v));
}

impl ImpartialGame for Packed {
    type Position = Key;
    fn options(&self, key: &Key, out: &mut Vec<Key>) {
        let state = self.unpack(key);
        // Byte offsets of each component's encoding, to splice in a changed component.
        let mut bounds = vec![0usize];
        let mut at = 0;
        for s in &state {
            at += varint_len(s.len() as u64) + s.iter().map(|&v| varint_len(v)).sum::<usize>();
            bounds.push(at);
        }
        let mut actions = Vec::new();
        let mut next: Vec<u64> = Vec::new();
        let mut buf: Vec<u8> = Vec::with_capacity(key.len() + 16);
        for (i, (r, s)) in self.sum.components.iter().zip(&state).enumerate() {
            actions.clear();
            r.distinct_moves(s, &mut actions);
            for a in &actions {
                next.clear();
                next.extend_from_slice(s);
                if !r.apply_in_place(&mut next, a) {
                    next = r.apply(s, a).expect("generated moves are legal");
                }
                if r.is_unordered() {
                    next.sort_unstable();
                }
                buf.clear();
                buf.extend_from_slice(&key[..bounds[i]]);
                put_raw(&mut buf, &next);
                buf.extend_from_slice(&key[bounds[i + 1]..]);
                out.push(Box::from(&buf[..]));
            }
        }
    }
}

fn varint_len(v: u64) -> usize {
    (64 - v.leading_zeros() as usize).max(1).div_ceil(7)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varint_lengths() {
        for v in [0u64, 1, 127, 128, 16383, 16384, u64::MAX] {
            let mut b = Vec::new();
            put(&mut b, v);
            assert_eq!(b.len(), varint_len(v), "{v}");
            assert_eq!(get(&b, &mut 0), v);
        }
    }

    #[test]
    fn pack_round_trips_and_sorts_heaps() {
        let p = Packed {
            sum: Sum {
                components: vec![Rules::Nim, Rules::Staircase],
            },
        };
        let s = vec![vec![300, 2, 1 << 40], vec![5, 0, 7]];
        let k = p.pack(&s);
        assert_eq!(p.unpack(&k), vec![vec![2, 300, 1 << 40], vec![5, 0, 7]]);
        assert_eq!(k, p.pack(&[vec![2, 1 << 40, 300], vec![5, 0, 7]]));
        assert_ne!(k, p.pack(&[vec![2, 1 << 40, 300], vec![7, 0, 5]]));
    }
}
