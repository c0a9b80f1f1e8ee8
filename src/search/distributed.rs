//! The search shared by many threads or processes: what they tell each other.
//!
//! - [`split`]: a root split into jobs — sums, each asked "is it worth `*k`?" — for processes
//!   (crate `grundy-timely`) to answer, with the answers recorded and resumed;
//! - [`busy`]: the busy board — the components being searched right now, which a search meeting
//!   one leaves for last (ABDADA), by the threads of one machine and across processes;
//! - [`remote`]: values another process holds ([`remote::RemoteValues`]), asked before a large
//!   component is searched.

pub mod busy;
pub mod remote;
pub mod split;
