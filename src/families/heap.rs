//! Heap games: octal and hexadecimal codes, subtraction games, Grundy's game.
