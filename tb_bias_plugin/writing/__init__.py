"""Writing records to event files, with TensorFlow or without it."""
