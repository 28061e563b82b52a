"""A result link on screen: its page and its place among the page's games."""
