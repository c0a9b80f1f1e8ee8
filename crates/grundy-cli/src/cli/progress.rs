//! The terminal progress bar: a [`grundy::progress::Progress`] drawn with indicatif on stderr.

use std::io::IsTerminal;

use grundy::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

#[allow(dead_code)] // used by the long-running commands
/// A progress bar on stderr, hidden with `--quiet` or when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
}

#[allow(dead_code)]
impl Bar {
    /// A bar that draws only if `!quiet` and stderr is a terminal.
    pub fn new(quiet: bool) -> Bar {
        let bar = ProgressBar::hidden();
        if !quiet && std::io::stderr().is_terminal() {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        Bar { bar }
    }

    /// Replace the message shown before the bar (e.g. the item being worked on).
    pub fn set_message(&self, msg: &str) {
        self.bar.set_message(msg.to_string());
    }
}

impl Progress for Bar {
    fn start(&self, total: u64, what: &str) {
        self.bar.set_length(total);
        self.bar.set_position(0);
        let style = if total > 0 {
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta} left)")
        } else {
            ProgressStyle::with_template("{spinner} {msg} {pos}")
        };
        if let Ok(style) = style {
            self.bar.set_style(style.progress_chars("=> "));
        }
        self.bar.set_message(what.to_string());
    }
    fn set(&self, done: u64) {
        self.bar.set_position(done);
    }
    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
