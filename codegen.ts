// GraphQL codegen: the client's types come from the committed contract (schema/schema.graphql,
// printed from the server's Pothos schema by `npm run schema:print`) and the operations written
// next to the screens that use them (client/src/**/*.graphql). Run `npm run codegen`; never edit
// client/src/graphql/ by hand.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  documents: ["client/src/**/*.graphql"],
  // the placeholder client has no operations yet: generate the schema types anyway
  ignoreNoDocuments: true,
  generates: {
    "client/src/graphql/": {
      preset: "client",
      // client preset output (typed DocumentNodes for Apollo Client 4's useQuery/useMutation);
      // the typescript-react-apollo hooks plugin does not type-check with Apollo Client 4
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // custom scalars the server declares: DateTime travels as an ISO 8601 string; a new scalar
        // stays `unknown` until it is mapped here, so nobody uses it untyped by accident
        scalars: { DateTime: "string" },
        defaultScalarType: "unknown",
      },
    },
    // every enum's values as lower-case keys and back (platformKey, platformFromKey, ...), for texts and CSS classes
    "client/src/graphql/enumKeys.ts": { plugins: ["./client/scripts/codegen-enum-keys.cjs"] },
  },
};

export default config;
