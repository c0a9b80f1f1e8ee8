//! The seed judge problems: exact input and output formats.
