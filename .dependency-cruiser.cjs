// The borders of the house (docs/architecture.md#borders), checked by `npm run check:borders` in CI.
// Each rule's comment is what a violation prints: which border was crossed and why it exists.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment:
        "Import cycle. Two files that need each other are one idea split badly: move the shared part to a third file (docs/architecture.md#borders).",
      from: {},
      // a cycle is flagged only when every step of it is a runtime import: a type-only step is erased
      // by the compiler (dependencyTypesNot on `to` alone would look only at the cycle's first step)
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "type-import"] } },
    },
    {
      name: "server-module-through-its-face",
      severity: "error",
      comment:
        "A server module reached into another module's private files. Import what it offers from modules/<name>/index.ts; if it is not there, decide with its owner whether it should be (docs/architecture.md#borders).",
      from: { path: "^server/src/modules/([^/]+)/" },
      to: {
        path: "^server/src/modules/[^/]+/",
        pathNot: ["^server/src/modules/$1/", "^server/src/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "server-outside-through-faces",
      severity: "error",
      comment:
        "Code outside the modules reached into a module's private files. Only the composition roots (services.ts, graphql/schema.ts, http/app.ts, app.ts) wire services, doors and jobs; everything else imports modules/<name>/index.ts (docs/architecture.md#borders).",
      from: {
        path: "^server/src/",
        pathNot: [
          "^server/src/modules/",
          "^server/src/services\\.ts$",
          "^server/src/graphql/schema\\.ts$",
          "^server/src/http/app\\.ts$",
          "^server/src/app\\.ts$",
        ],
      },
      to: { path: "^server/src/modules/[^/]+/", pathNot: "^server/src/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "faces-carry-no-doors",
      severity: "error",
      comment:
        "A module's face (index.ts) offered a door piece: a GraphQL type, a REST or OpenAPI file, the GraphQL or HTTP room. A module that imports the face would load the doors. Wire shapes live in plain *.shape.ts files; GraphQL types several doors show are declared in graphql/refs.ts or graphql/enums.ts (docs/architecture.md#borders).",
      from: { path: "^server/src/modules/[^/]+/index\\.ts$" },
      to: {
        path: ["\\.(graphql|rest|openapi)\\.ts$", "^server/src/(graphql|http)/", "(^|/)node_modules/express/"],
      },
    },
    {
      name: "services-load-no-doors",
      severity: "error",
      comment:
        "A module's service, reader, shape or job imported a door (a *.graphql.ts, *.rest.ts or *.openapi.ts file, the GraphQL or HTTP room, express). Doors call services, never the other way: a service would load the Pothos builder and every door it reaches. Only operation.ts's `named` may be used, by wire shapes (docs/architecture.md#borders). Types may be imported as types.",
      from: { path: "^server/src/modules/", pathNot: "\\.(graphql|rest|openapi)\\.ts$" },
      to: {
        path: ["\\.(graphql|rest|openapi)\\.ts$", "^server/src/(graphql|http)/", "(^|/)node_modules/express/"],
        // operation.ts is plain zod (wire shapes name their schemas with it); rate-limits.ts is a limiter over
        // Postgres that the API keys' service counts calls with (neither loads express)
        pathNot: ["^server/src/http/openapi/operation\\.ts$", "^server/src/http/rate-limits\\.ts$"],
        dependencyTypesNot: ["type-only", "type-import"],
      },
    },
    {
      name: "kernel-imports-no-module",
      severity: "error",
      comment:
        "The kernel is what every module may use, so it cannot depend on any module, door or job (docs/architecture.md#borders).",
      from: { path: "^server/src/kernel/" },
      to: { path: "^server/src/(modules|graphql|http|jobs|networks|payments|ai|mail|seed)/" },
    },
    {
      name: "doors-hold-no-rules",
      severity: "error",
      comment:
        "A GraphQL or REST door imported the database. Doors shape requests and answers and call their module's service, where rules and queries live once for both doors (docs/architecture.md#rules-of-the-house). Row types may be imported as types.",
      from: { path: "^server/src/modules/[^/]+/[^/]+\\.(graphql|rest)\\.ts$" },
      to: {
        path: "^server/src/(db/|generated/prisma/)",
        dependencyTypesNot: ["type-only", "type-import"],
      },
    },
    {
      name: "network-pack-stands-alone",
      severity: "error",
      comment:
        "A network pack imported another network's pack. Each pack holds one network; what several share sits beside the registry (schema: networks/common.ts; server: networks/*.ts such as http.ts, types.ts, meta-graph.ts), and only the registry (networks/index.ts) lists them all (docs/architecture.md#network-packs).",
      from: { path: "^schema/src/networks/([^/.]+)\\.ts$", pathNot: "^schema/src/networks/(common|index)\\.ts$" },
      to: {
        path: "^schema/src/networks/[^/]+\\.ts$",
        pathNot: ["^schema/src/networks/$1\\.ts$", "^schema/src/networks/common\\.ts$"],
      },
    },
    {
      name: "server-network-pack-stands-alone",
      severity: "error",
      comment:
        "A server network pack (networks/<network>/) imported another network's pack. What several packs share sits beside the registry in networks/*.ts (http.ts, types.ts, meta-graph.ts); only the registry (networks/index.ts) lists them all (docs/architecture.md#network-packs).",
      from: { path: "^server/src/networks/([^/]+)/" },
      to: { path: "^server/src/networks/[^/]+/", pathNot: "^server/src/networks/$1/" },
    },
    {
      name: "schema-stands-alone",
      severity: "error",
      comment: "@sufra/schema is the contract both sides import; it cannot import the server or the client.",
      from: { path: "^schema/src/" },
      to: { path: "^(server|client)/" },
    },
    {
      name: "client-module-through-its-face",
      severity: "error",
      comment:
        "A client module imported another module's files. Embed what that module offers through modules/<name>/index.ts; pieces several modules use belong in client/src/shared/ (docs/architecture.md#borders).",
      // tests may render another module's screens to walk a journey across them
      from: { path: "^client/src/modules/([^/]+)/", pathNot: "\\.test\\.tsx?$|/testMocks\\.tsx?$" },
      to: {
        path: "^client/src/modules/[^/]+/",
        pathNot: ["^client/src/modules/$1/", "^client/src/modules/[^/]+/index\\.tsx?$"],
      },
    },
    {
      name: "client-shared-imports-no-module",
      severity: "error",
      comment: "client/src/shared/ is used by modules, so it cannot depend on one (docs/architecture.md#borders).",
      from: { path: "^client/src/shared/" },
      to: { path: "^client/src/(modules|app)/" },
    },
    {
      name: "client-networks-import-no-module",
      severity: "error",
      comment:
        "client/src/networks/ holds one pack per network (its meta, draft piece, composer section, preview and texts) that modules read, so it cannot depend on a module or the app shell (docs/architecture.md#in-the-client).",
      from: { path: "^client/src/networks/" },
      to: { path: "^client/src/(modules|app)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|generated|coverage)/|^client/src/graphql/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["source", "import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
