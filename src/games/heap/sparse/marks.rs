//! Marks: a buffer of `2^16 + 1` bytes, one a nimber, set where an option's value was seen —
//! the primitives every pass of the sparse engine (one heap, a run of heaps, the threads) writes
//! and clears.

/// Zero `buf[..=top]` of a buffer of `2^16 + 1` bytes (or more bytes, still below `2^16 + 1`).
/// Once per heap with `top` small (32 for 0.16, 128 for 0.56): a fixed block of 64, 128 or 256
/// bytes is written inline, where a call of `memset` for a length known only at run time cost
/// more than the bytes.
#[inline]
pub(super) fn clear(buf: &mut [u8], top: usize) {
    fn zero<const N: usize>(buf: &mut [u8]) {
        let block: &mut [u8; N] = (&mut buf[..N]).try_into().expect("N bytes");
        *block = [0; N];
    }
    match top {
        0..64 => zero::<64>(buf),
        64..128 => zero::<128>(buf),
        128..256 => zero::<256>(buf),
        _ => buf[..=top].fill(0),
    }
}

/// The first `1 << 16` bytes of a buffer as an array, so `u16` indices need no bounds check.
#[inline]
pub(super) fn arr(buf: &mut [u8]) -> &mut [u8; 1 << 16] {
    (&mut buf[..1 << 16])
        .try_into()
        .expect("buffers hold 2^16 bytes")
}

/// Mark `G(a) ⊕ G(m - a)` for `lo <= a < hi`.
#[inline]
pub(super) fn mark(g: &[u16], m: usize, lo: usize, hi: usize, seen: &mut [u8; 1 << 16]) {
    let left = &g[lo..hi];
    let len = left.len();
    let right = &g[m + 1 - hi..=m - lo];
    let right = &right[..len];
    for i in 0..len {
        seen[(left[i] ^ right[len - 1 - i]) as usize] = 1;
    }
}
