// The playground's entry (client/playground.html), built beside the web client as a page of its own:
// GraphiQL, Monaco and their workers are bundled here, so the main app does not carry them and the
// page needs nothing from outside the server (docs/architecture.md#how-a-request-flows).
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "../i18n/index.ts";
import "./i18n.ts";
import { Playground } from "./Playground.tsx";
import "./playground.css";

createRoot(document.getElementById("playground")!).render(
  <StrictMode>
    <Playground />
  </StrictMode>,
);
