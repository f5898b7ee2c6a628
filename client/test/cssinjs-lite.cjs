// antd's CSS-in-JS as the tests use it: a component's style sheet is neither generated (style objects,
// stylis, hashing: a large share of each render's time) nor put in the page. No test reads antd's
// style rules (they check class names, attributes and inline styles), and the screens rendered through
// test/render.tsx already kept them out of the page (StyleProvider mock="server"). Tokens, hashed class
// names and CSS variables stay antd's own.
const real = require(require.resolve("@ant-design/cssinjs/lib/index"));

const lite = {};
for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(real))) {
  Object.defineProperty(
    lite,
    name,
    name === "useStyleRegister" ? { enumerable: true, value: () => undefined } : descriptor,
  );
}
module.exports = lite;
