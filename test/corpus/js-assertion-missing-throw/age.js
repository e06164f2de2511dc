export function parseAge(text) {
  const age = Number(text);
  return age;
}
