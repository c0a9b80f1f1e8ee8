//! Fuzz what the distributed backend reads from outside: the hostfile
//! (`grundy_timely::read_hostfile`) and the lookup requests other processes send
//! (`grundy_timely::wire::read_request`): never a panic, whatever the bytes; an accepted request
//! encodes back to a request of the same positions.
//! Run: `cargo fuzz run -s none timely_input fuzz/seeds/timely_input`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

#[path = "../common/scratch.rs"]
mod scratch;

use grundy_timely::wire;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        let path = scratch::file("hostfile", rest);
        if let Ok(hosts) = grundy_timely::read_hostfile(&path) {
            assert!(hosts.iter().all(|h| h.contains(':')));
        }
    } else if let Some(asked) = wire::read_request(rest)
        && asked.windows(2).all(|w| w[0] <= w[1])
    {
        let again = wire::read_request(&wire::encode_request(&asked));
        assert_eq!(again.as_deref(), Some(&asked[..]));
    }
});
