import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Two cores here: keep the worker count modest.
    maxWorkers: 2,
  },
});
