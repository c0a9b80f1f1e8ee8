//! Print the sparse-space work counters for a code: `cargo run --release --example
//! heap_sparse_stats -- 0.16 700000` (`THREADS=2` for two threads always, with the modelled
//! speed-up of the windows).

use grundy::games::heap::{Ruleset, sparse::Sparse};

fn main() {
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| "0.16".into());
    let to: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let r: Ruleset = match code.parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let Some(mut s) = Sparse::for_ruleset(&r) else {
        eprintln!("{r}: the sparse-space method does not apply");
        std::process::exit(2);
    };
    let t = std::time::Instant::now();
    // THREADS=k: exactly k threads, helpers always used (no adaptive fall-back): for the
    // modelled speed-up on a machine too busy to measure one.
    let run = match std::env::var("THREADS").ok().and_then(|t| t.parse().ok()) {
        Some(k) => {
            s.set_adaptive_epoch(std::time::Duration::MAX);
            s.extend_to_threads(to, k)
        }
        None => s.extend_to(to),
    };
    if let Err(e) = run {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let st = s.stats();
    println!(
        "{r} to {to}: {:.3} s, light heaps {}, mask {:?}, light pairs {}, scans {}, scanned pairs {} ({:.1}/heap), targeted checks {}, rebuilds {}, reused {}, batched {}, corrections {}, pairs {}, span pairs {} (modelled speed-up {:.2}), epochs with helpers {}, alone {} ({} heaps)",
        t.elapsed().as_secs_f64(),
        s.rare_count(),
        s.mask(),
        st.light_pairs,
        st.scans,
        st.scanned_pairs,
        st.scanned_pairs as f64 / to.max(1) as f64,
        st.targeted_checks,
        st.rebuilds,
        st.reused,
        st.batched,
        st.corrections,
        st.pairs(),
        st.span_pairs,
        st.pairs() as f64 / st.span_pairs.max(1) as f64,
        st.helper_epochs,
        st.alone_epochs,
        st.alone_heaps
    );
}
