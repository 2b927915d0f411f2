"""Benchmarks and screenshot generation (``make bench``, ``make screenshots``)."""
