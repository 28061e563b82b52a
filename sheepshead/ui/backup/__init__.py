"""Moving to another browser: a backup's format, its export and import, read a slice at a time."""
