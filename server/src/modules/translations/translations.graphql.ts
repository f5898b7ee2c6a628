// The translations module's GraphQL types and fields: thin, they call the service.
import type { TranslationCategory as CategoryShape, TranslationRow } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { LocaleEnum } from "../../graphql/enums.ts";

const Translation = builder.objectRef<TranslationRow>("Translation").implement({
  description: 'One text of the web client in both languages; "" where a language has none.',
  fields: (t) => ({
    key: t.exposeString("key", { description: 'The namespace and path, such as "auth:login.title".' }),
    category: t.exposeString("category", { description: "The category it is listed under." }),
    en: t.exposeString("en", { description: 'The English text ("" when none).' }),
    ar: t.exposeString("ar", { description: 'The Arabic text ("" when none).' }),
  }),
});

const TranslationCategory = builder.objectRef<CategoryShape>("TranslationCategory").implement({
  description: "A group of the web client's texts.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "The category's name (the texts' namespace)." }),
    translations: t.field({
      description: "Its texts, by key.",
      type: [Translation],
      resolve: (c) => c.translations.map((r) => ({ ...r, category: c.name })),
    }),
  }),
});

const TranslationUpdateInput = builder.inputType("TranslationUpdateInput", {
  description: "A new text for one key in one language.",
  fields: (t) => ({
    key: t.string({ required: true, description: "The text's key, such as auth:login.title (a known key)." }),
    locale: t.field({ type: LocaleEnum, required: true, description: "The language of the text." }),
    value: t.string({ required: true, description: "The text, 1 to 2,000 characters." }),
  }),
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
    description:
      "Admin: changes texts, all or nothing (known key, en or ar, 1 to 2000 characters); answers with the changed rows.",
    authScopes: { admin: true },
    args: { updates: t.arg({ type: [TranslationUpdateInput], required: true, description: "The texts to change." }) },
    resolve: (_r, { updates }, ctx) => ctx.services.translations.bulkUpdate(ctx.viewer!, { updates }, ctx.meta),
  }),
}));
