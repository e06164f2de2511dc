import { looksLikeTestPath } from "../shared/looks-like-test-path.js";

/** `Node.js`, `Vue.js`...: product names that read like JavaScript file names. */
const PRODUCT_NAMES = new Set(["node.js", "vue.js", "next.js", "nuxt.js", "react.js", "express.js", "ember.js", "three.js", "d3.js", "chart.js", "angular.js", "backbone.js", "alpine.js", "socket.io.js"]);

/** Test files named `test_x.js` / `test-x.js`, which `looksLikeTestPath` leaves to the JavaScript runners' own patterns. */
const TEST_PREFIX = /^test[-_]/;

/**
 * The program file names a requirement gives ("Write median.py that ...", "in `median.js`"),
 * in the order it gives them: bare names (no folder) with a language's extension, test files
 * and product names such as Node.js left out.
 */
export function promptFileNames(prompt: string): string[] {
  const names: string[] = [];
  // Not inside a path or a longer name: no folder before it, no `/`, word or further extension after it.
  for (const [name] of prompt.matchAll(/(?<![\w/.\\-])[A-Za-z_][\w.-]*\.(?:py|[cm]?[jt]s)(?![\w/\\-]|\.\w)/g)) {
    if (PRODUCT_NAMES.has(name.toLowerCase()) || looksLikeTestPath(name) || TEST_PREFIX.test(name)) continue;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
