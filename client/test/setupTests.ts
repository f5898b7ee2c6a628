import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import "../src/i18n/index.ts";

// CI runs the server and client suites on 2 busy cores: antd's async validation can take
// longer than testing-library's 1 s default to settle, so findBy/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });
