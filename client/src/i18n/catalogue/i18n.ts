// The error catalogue's texts (ERRORS and CLIENT_ERRORS of @sufra/schema) as common:errors.<CODE>, added
// to the "common" namespace by the screens that can show them (AntdRoot, the auth forms, errorMessage):
// the landing page shows none, so its first download does not carry them.
import { CLIENT_ERRORS, ERRORS } from "@sufra/schema";
import { registerTranslations } from "../index.ts";

const catalogue = (lng: "en" | "ar") => ({
  ...Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e[lng]])),
  ...Object.fromEntries(Object.entries(CLIENT_ERRORS).map(([code, e]) => [code, e[lng]])),
});

registerTranslations("common", { en: { errors: catalogue("en") }, ar: { errors: catalogue("ar") } });
