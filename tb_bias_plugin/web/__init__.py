"""The HTTP vocabulary every measure's routes speak: typed parameters,
client errors and JSON or CSV answers. No TensorBoard plugin machinery."""
