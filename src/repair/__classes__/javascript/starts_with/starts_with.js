/** Whether text starts with prefix, ignoring case. */
export function hasPrefix(text, prefix) {
  return prefix.toLowerCase().startsWith(text.toLowerCase());
}
