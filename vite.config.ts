import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
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
  plugins: [
    remix(remixConfig),
    tsconfigPaths(),
    // The browser's files, compressed once here at the highest settings, for the server to send from memory
    // (app/modules/server/static-assets.server.ts) instead of compressing each at every request.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /assets\/[^/]+\.(js|css)$/,
            algorithms: [
              ["gzip", { level: 9 }],
              ["brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }],
            ],
            logLevel: "silent",
          }),
        ]),
  ],
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
