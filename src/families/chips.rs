//! The chip game of seed 001 (XSY 1149) on a DAG.
