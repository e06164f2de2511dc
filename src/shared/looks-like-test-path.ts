/** Where runners and people keep tests and their helpers: a tests folder, conftest.py, test_*.py, *.test.js. */
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec|[^/]*_testcases)\/|(?:^|\/)(?:conftest\.py|test_[^/]*\.py|[^/]*_test\.py|[^/]*\.(?:test|spec)\.[cm]?[jt]sx?)$/;

/** Whether a `/`-separated relative path names a test file or a test helper by its place or name. */
export function looksLikeTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}
