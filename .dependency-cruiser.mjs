/**
 * The layers of app/ (README, "Architecture"), checked by `npm run lint`: a folder imports only its own floor or
 * below, no two folders import each other, no module imports a route or a component, and no component runs
 * server code. Test files are left out: a test may reach any floor to set up what it checks.
 */

/**
 * The floors from the top down; each lists its folders: app/modules/<name>, except the document shell (the files
 * directly in app/), routes, components and locales, which sit directly in app/.
 */
const floors = [
  ["root"],
  ["routes"],
  ["components"],
  ["server"],
  ["products", "admin", "dashboard"],
  ["feeds", "docs", "data-api", "sandbox", "contact", "provisioning", "accounts"],
  ["auth", "audit", "catalog", "delivery", "jobs", "mail", "incidents", "captcha", "content", "instances", "rate-limit", "usage"],
  ["db", "net", "i18n", "forms", "http", "theme", "toast", "hydration", "offline", "secrets"],
  ["env", "registry", "url", "locales"],
];

const rootFiles = "^app/[^/]+$";
const topLevel = new Set(["routes", "components", "locales"]);
const folderPath = (name) => (name === "root" ? rootFiles : topLevel.has(name) ? `^app/${name}/` : `^app/modules/${name}/`);
const pathsOf = (names) => names.map(folderPath);

const upwardImportRules = floors.slice(1).map((floor, index) => ({
  name: `no-upward-import-from-${floor[0]}`,
  comment: `Floor ${floor.join(" · ")} imports only its own floor or below (README, "Architecture").`,
  severity: "error",
  from: { path: pathsOf(floor) },
  to: { path: pathsOf(floors.slice(0, index + 1).flat()) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-folder-cycle",
      comment: "Two folders that import each other, directly or around a loop, are one layer in disguise.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "no-file-cycle",
      comment: "A run-time import loop between files (a loop through a type import vanishes when compiled).",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-module-imports-ui",
      comment: "Modules serve routes and components, never the other way round.",
      severity: "error",
      from: { path: "^app/modules/" },
      to: { path: ["^app/routes/", "^app/components/", rootFiles] },
    },
    {
      name: "no-server-code-in-components",
      comment: "Components reach the browser: they may import types from server files, never run them.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-node-builtins-in-components",
      comment: "Components reach the browser, where Node's own modules do not exist.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { dependencyTypes: ["core"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "remix-internals-through-the-adapter",
      comment:
        "Remix's undocumented parts (a package's dist/ files past its entry, the patched router packages) are reached only through app/modules/server/remix-internals.server.ts (README, \"Remix internals\").",
      severity: "error",
      from: { pathNot: "^app/modules/server/remix-internals\\.server\\.ts$" },
      to: {
        path: ["node_modules/@remix-run/[^/]+/dist/", "node_modules/react-router(-dom)?/"],
        pathNot: "node_modules/@remix-run/(node|react|express)/dist/index\\.js$",
      },
    },
    {
      name: "module-folder-on-a-floor",
      comment: "Every folder of app/modules has its floor in this file (and in README's layer order).",
      severity: "error",
      from: {},
      to: { path: "^app/modules/", pathNot: pathsOf(floors.flat()) },
    },
    ...upwardImportRules,
  ],
  options: {
    // Packages and Node's own modules stay in the graph as leaves, so the component rules can see them.
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.(test|spec)\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
