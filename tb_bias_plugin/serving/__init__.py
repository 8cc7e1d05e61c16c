"""The TensorBoard plugin: the shell that lists data, serves the frontend and
mounts each measure's routes from the registry."""
