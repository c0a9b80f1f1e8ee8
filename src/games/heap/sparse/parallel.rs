//! Long scans and light passes of one heap split over the helper threads: each thread marks its
//! own buffer, the buffers are merged into the heap's marks.

use std::sync::Mutex;

use super::SpinPool;
use super::marks::{arr, mark};

/// Mark the option values of the splits `r + (m - r)` for the light heaps `r`, split over threads.
#[allow(clippy::too_many_arguments)]
pub(super) fn light_parallel(
    g: &[u16],
    m: usize,
    light: &[(u32, u16)],
    unequal: bool,
    top: usize,
    marks: &mut [u8],
    pool: &SpinPool,
    bufs: &mut Vec<Vec<u8>>,
) {
    let per = light.len().div_ceil(pool.threads()).max(1);
    on_threads(pool, bufs, top, marks, &|t, buf| {
        for &(r, gr) in light.chunks(per).nth(t).unwrap_or(&[]) {
            let r = r as usize;
            if !(unequal && 2 * r == m) {
                buf[(gr ^ g[m - r]) as usize] = 1;
            }
        }
    });
}

/// Mark the option values of the splits `a + (m - a)` for `lo <= a < hi`, split over threads.
#[allow(clippy::too_many_arguments)]
pub(super) fn scan_parallel(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    top: usize,
    marks: &mut [u8],
    pool: &SpinPool,
    bufs: &mut Vec<Vec<u8>>,
) {
    let per = (hi - lo).div_ceil(pool.threads());
    on_threads(pool, bufs, top, marks, &|t, buf| {
        let from = lo + t * per;
        let to = (from + per).min(hi);
        if from < to {
            mark(g, m, from, to, buf);
        }
    });
}

/// Run `work(t, buffer)` on every thread of the pool, each marking its own cleared buffer, then
/// merge the buffers into `marks`.
fn on_threads(
    pool: &SpinPool,
    bufs: &mut Vec<Vec<u8>>,
    top: usize,
    marks: &mut [u8],
    work: &(dyn Fn(usize, &mut [u8; 1 << 16]) + Sync),
) {
    bufs.resize_with(pool.threads(), Vec::new);
    let cells: Vec<Mutex<Vec<u8>>> = bufs.drain(..).map(Mutex::new).collect();
    pool.broadcast(&|t| {
        let mut buf = cells[t].lock().unwrap_or_else(|e| e.into_inner());
        if buf.len() < 1 << 16 {
            buf.resize(1 << 16, 0);
        }
        buf[..top].fill(0);
        work(t, arr(&mut buf));
    });
    bufs.extend(
        cells
            .into_iter()
            .map(|c| c.into_inner().unwrap_or_else(|e| e.into_inner())),
    );
    merge(marks, bufs, top);
}

fn merge(marks: &mut [u8], bufs: &[Vec<u8>], top: usize) {
    for buf in bufs {
        for (s, &b) in marks[..top].iter_mut().zip(buf[..top].iter()) {
            *s |= b;
        }
    }
}
