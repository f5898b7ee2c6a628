// Texts of the REST reference (namespace "restReference"), the part of the /developers page that shows
// the OpenAPI document of the REST door (docs/architecture.md#how-a-request-flows). The operations' own
// summaries come from the document, in English.
import { registerTranslations } from "../../../i18n/index.ts";

export const REST_REFERENCE_NS = "restReference";

const restReferenceTexts = {
  en: {
    title: "REST API reference",
    intro:
      "Every route of the REST API under /api, generated from the rules the server validates with. REST calls take a person's session token (Bearer); API keys work on GraphQL only.",
    download: "Download openapi.json",
    loading: "Loading the REST reference…",
    loadFailed: "Could not load the REST reference",
    operations: "{{count}} operations",
    public: "Public",
    signedIn: "Session token",
    parameters: "Parameters",
    requestBody: "Request body",
    responses: "Responses",
    name: "Name",
    in: "In",
    type: "Type",
    required: "Required",
    yes: "Yes",
    no: "No",
    status: "Status",
    description: "Description",
    noParameters: "No parameters",
    schema: "Schema",
    search: "Filter by path or summary",
    nothingFound: "No operation matches",
  },
  ar: {
    title: "مرجع واجهة REST",
    intro:
      "كل مسارات واجهة REST تحت ‎/api، مولّدة من القواعد نفسها التي يتحقق بها الخادم. تقبل طلبات REST رمز جلسة الشخص (Bearer)؛ مفاتيح الواجهة البرمجية تعمل مع GraphQL فقط.",
    download: "تنزيل openapi.json",
    loading: "جارٍ تحميل مرجع REST…",
    loadFailed: "تعذر تحميل مرجع REST",
    operations: "{{count}} عملية",
    public: "عام",
    signedIn: "رمز الجلسة",
    parameters: "المعاملات",
    requestBody: "جسم الطلب",
    responses: "الردود",
    name: "الاسم",
    in: "الموضع",
    type: "النوع",
    required: "إلزامي",
    yes: "نعم",
    no: "لا",
    status: "الحالة",
    description: "الوصف",
    noParameters: "لا توجد معاملات",
    schema: "المخطط",
    search: "تصفية حسب المسار أو الملخص",
    nothingFound: "لا توجد عملية مطابقة",
  },
};

registerTranslations(REST_REFERENCE_NS, restReferenceTexts);
