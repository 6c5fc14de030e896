import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appDirectory = fileURLToPath(new URL("./app/", import.meta.url));

/**
 * package.json says the app's modules have no side effects, but Vite applies that to dependencies only. Said for
 * the app's TypeScript (not its CSS) in the browser build, a module imported and not used is left out with all it
 * imports: doc-page.tsx imports its lazily loaded parts for the server render only.
 */
function hasSideEffects(id: string, external: boolean): boolean {
  return external || !(id.startsWith(appDirectory) && /\.tsx?(\?|$)/.test(id));
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  plugins: [remix(remixConfig), tsconfigPaths()],
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild
      ? {}
      : {
          treeshake: { moduleSideEffects: hasSideEffects },
        },
  },
  ssr: { noExternal: [] },
}));
