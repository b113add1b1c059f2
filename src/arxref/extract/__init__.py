"""Choosing the extraction path (see the next commit)."""
