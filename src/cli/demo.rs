//! `grundy` with no arguments: a guided analysis of an embedded example position.

use std::io::Write;

use grundy::families::coins::Strip;
use grundy::families::{nim, staircase};
use grundy::{Nimber, Outcome};

use super::CmdResult;

/// The embedded example: Nim 3 4 5, a staircase, and a coin strip, played as one sum.
pub fn run(out: &mut dyn Write) -> CmdResult {
    let heaps = [3u64, 4, 5];
    let steps = [0u64, 3, 1, 4];
    let strip = Strip::new(9, &[2, 5, 7]).expect("valid example");

    writeln!(out, "grundy — Sprague–Grundy analysis of impartial games")?;
    writeln!(
        out,
        "Example: three games side by side; a turn is a move in any one of them,"
    )?;
    writeln!(out, "and the player who cannot move loses (normal play).")?;
    writeln!(out)?;

    let v_nim = nim::value(&heaps);
    writeln!(out, "1. Nim with heaps 3 4 5")?;
    writeln!(
        out,
        "   value 3 ⊕ 4 ⊕ 5 = {v_nim} (Bouton: XOR of the heaps)"
    )?;
    for m in nim::winning_moves(&heaps) {
        writeln!(
            out,
            "   alone, its winning move: heap {} from {} to {}",
            m.heap, m.from, m.to
        )?;
    }

    let v_stair = staircase::value(&steps);
    writeln!(
        out,
        "2. Staircase Nim with coins 0 3 1 4 on steps 0 (floor) to 3"
    )?;
    writeln!(out, "   value = nim-sum of the odd steps 3 ⊕ 4 = {v_stair}")?;

    let v_coins = strip.value();
    writeln!(out, "3. Coins on a strip: {}", super::coins::render(&strip))?;
    writeln!(
        out,
        "   gaps as a staircase {:?}: value {v_coins}",
        strip.staircase()
    )?;
    writeln!(out)?;

    let total: Nimber = [v_nim, v_stair, v_coins].into_iter().sum();
    let outcome = Outcome::of(total);
    writeln!(
        out,
        "The sum: {v_nim} + {v_stair} + {v_coins} = {total} (Sprague–Grundy: XOR of the parts)"
    )?;
    writeln!(out, "Outcome: {outcome} — {}.", outcome.describe())?;
    if total.is_zero() {
        writeln!(out, "Every move loses against best play.")?;
        return Ok(());
    }
    writeln!(
        out,
        "Winning moves: make the total zero by changing one part to value {} ⊕ its value:",
        total.0
    )?;
    let x = total.0;
    for m in nim::moves_to_value(&heaps, v_nim.0 ^ x) {
        writeln!(
            out,
            "  - Nim: reduce heap {} from {} to {}",
            m.heap, m.from, m.to
        )?;
    }
    for m in staircase::moves_to_value(&steps, v_stair.0 ^ x) {
        writeln!(
            out,
            "  - Staircase: carry {} coin(s) from step {} to step {}",
            m.count,
            m.step,
            m.step - 1
        )?;
    }
    for m in strip.moves_to_value(v_coins.0 ^ x) {
        writeln!(
            out,
            "  - Strip: slide the coin on cell {} to cell {}",
            m.from, m.to
        )?;
    }
    writeln!(out)?;
    writeln!(out, "Try: grundy nim 3 4 5 --json | grundy --help")?;
    Ok(())
}
