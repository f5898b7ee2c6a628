// antd's CommonJS index requires all of its ~75 components when any one is imported, and every test
// file pays for compiling them again (a fresh module registry per file). This stand-in for "antd"
// offers the same names, each loading its own component on first use, as the app's bundler does.
const fs = require("node:fs");
const path = require("node:path");

const dir = path.join(path.dirname(require.resolve("antd/package.json")), "lib");
const source = fs.readFileSync(path.join(dir, "index.js"), "utf8");
const fileOf = Object.fromEntries(
  [...source.matchAll(/var (_\w+) = _interopRequireDefault\(require\("(\.\/[^"]+)"\)\)/g)].map((m) => [m[1], m[2]]),
);
const names = [
  ...source.matchAll(
    /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;/g,
  ),
];
if (names.length < 60) throw new Error(`test/antd-lazy.cjs: antd's index changed shape (${names.length} exports read)`);

Object.defineProperty(exports, "__esModule", { value: true });
for (const [, name, variable] of names) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    get: () => require(path.join(dir, fileOf[variable])).default,
  });
}
exports.unstableSetRender = () => {};
// every screen renders inside ConfigProvider and App (test/render.tsx): loaded with the test file's
// imports, as before, rather than inside the first test's time
require(path.join(dir, "config-provider"));
require(path.join(dir, "app"));
