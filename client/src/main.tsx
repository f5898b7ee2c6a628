import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import i18n, { currentLocale } from "./i18n/index.ts";
import { apiHooks } from "./lib/api.ts";
import { ErrorBoundary } from "./app/ErrorBoundary.tsx";
import { routes } from "./app/router.tsx";
import { loadServerTranslations } from "./i18n/serverTexts.ts";
import "./styles.css";

const router = createBrowserRouter(routes);

apiHooks.language = currentLocale;
apiHooks.translate = (key) => i18n.t(key, { ns: "common" });
// a failed refresh: to /login, which shows why
apiHooks.onSessionExpired = (message) => void router.navigate("/login", { state: { message } });

// the server's texts (an admin's edits) replace the bundled ones when they arrive; the page does not wait
void loadServerTranslations();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ErrorBoundary>
      <RouterProvider router={router} />
    </ErrorBoundary>
  </StrictMode>,
);
