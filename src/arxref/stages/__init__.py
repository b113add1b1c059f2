"""The stages over ids (see the next commit)."""
