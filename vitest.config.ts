import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { localeParts } from "./scripts/vite-locale-parts";

export default defineConfig({
  plugins: [tsconfigPaths(), localeParts()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "contract/**/*.test.ts", "platform/**/*.test.ts", "scripts/**/*.test.ts", "tests/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/platform-words.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
