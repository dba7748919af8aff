"""Tracking links and ratings (filled by the after-sales work)."""
