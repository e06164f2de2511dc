/** The first word of text, or null when there is none. */
export function firstWord(text) {
  return text.trim().split(/\s+/)[0] || null;
}
