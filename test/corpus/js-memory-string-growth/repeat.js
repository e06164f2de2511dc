export function repeatUntil(text, length) {
  while (text.length < length) {
    text += text;
  }
  return text.slice(0, length);
}
