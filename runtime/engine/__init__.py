"""placeholder docstring, written below."""
