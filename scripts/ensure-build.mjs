// `npm start` on a fresh clone: build once when there is no production build yet.
import { execSync } from "node:child_process";
import fs from "node:fs";

if (!fs.existsSync("build/server/index.js") || process.env.REBUILD === "true") {
  console.log("[start] no production build yet: building …");
  execSync("npm run build", { stdio: "inherit" });
}
