// The translations module's GraphQL types and fields: thin, they call the service.
import type { TranslationCategory as CategoryShape, TranslationRow } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { LocaleEnum } from "../../graphql/enums.ts";

const Translation = builder.objectRef<TranslationRow>("Translation").implement({
  description: 'One text of the web client in both languages; "" where a language has none.',
  fields: (t) => ({
    key: t.exposeString("key", { description: 'namespace and path, e.g. "auth:login.title"' }),
    category: t.exposeString("category"),
    en: t.exposeString("en"),
    ar: t.exposeString("ar"),
  }),
});

const TranslationCategory = builder.objectRef<CategoryShape>("TranslationCategory").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    translations: t.field({ type: [Translation], resolve: (c) => c.translations.map((r) => ({ ...r, category: c.name })) }),
  }),
});

const TranslationUpdateInput = builder.inputType("TranslationUpdateInput", {
  fields: (t) => ({ key: t.string({ required: true }), locale: t.field({ type: LocaleEnum, required: true }), value: t.string({ required: true }) }),
});

builder.queryFields((t) => ({
  translations: t.field({
    type: [TranslationCategory],
    description: "Every text of the web client, by category (public: every browser loads them at start).",
    resolve: (_r, _a, ctx) => ctx.services.translations.list(),
  }),
}));

builder.mutationFields((t) => ({
  updateTranslations: t.field({
    type: [Translation],
    description: "Admin: changes texts, all or nothing (known key, en or ar, 1 to 2000 characters); answers with the changed rows.",
    authScopes: { admin: true },
    args: { updates: t.arg({ type: [TranslationUpdateInput], required: true }) },
    resolve: (_r, { updates }, ctx) => ctx.services.translations.bulkUpdate(ctx.viewer!, { updates }, ctx.meta),
  }),
}));
