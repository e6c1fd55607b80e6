import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { localeParts } from "./scripts/vite-locale-parts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    localeParts(),
  ],
  server: { port: 3000 },
  build: { target: "es2020" },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "drizzle-orm"],
  },
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "pg", "drizzle-orm", "@remix-run/node"],
    include: ["react", "react-dom"],
  },
});
