"""One folder per measure: its math, codec, summary builder, queries and routes."""
