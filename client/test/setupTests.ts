import "@testing-library/jest-dom";
import "../src/i18n/index.ts";
