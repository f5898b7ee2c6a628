// @ant-design/icons' CommonJS index requires all ~850 icons (and their SVG data) when any one is
// imported, in every test file. This stand-in offers the same names, each icon loading on first use.
const fs = require("node:fs");
const path = require("node:path");

const lib = path.join(path.dirname(require.resolve("@ant-design/icons/package.json")), "lib");
const own = (file) => require(path.join(lib, file));

Object.defineProperty(exports, "__esModule", { value: true });
const define = (name, get) => Object.defineProperty(exports, name, { enumerable: true, get });
define("default", () => own("components/Icon").default);
define("IconProvider", () => own("components/Context").default.Provider);
define("createFromIconfontCN", () => own("components/IconFont").default);
define("getTwoToneColor", () => own("components/twoTonePrimaryColor").getTwoToneColor);
define("setTwoToneColor", () => own("components/twoTonePrimaryColor").setTwoToneColor);
for (const file of fs.readdirSync(path.join(lib, "icons"))) {
  const name = file.replace(/\.js$/, "");
  if (file.endsWith(".js") && name !== "index") define(name, () => own(`icons/${file}`).default);
}
