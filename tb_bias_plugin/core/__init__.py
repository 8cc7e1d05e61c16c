"""NumPy-only building blocks shared by the measures (distributions, caches)."""
