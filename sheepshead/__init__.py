"""Five-handed, called-ace Sheepshead: the rules engine (standard library only)."""

__version__ = "0.1.0"
