export function readConfig(text) {
  return JSON.parse(text.replaceAll("'", ""));
}
