"""Shared fixtures. Engine tests under tests/engine need no database."""
