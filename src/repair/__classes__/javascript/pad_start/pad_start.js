/** text padded on the left with fill up to width characters. */
export function padLeft(text, width, fill = " ") {
  return fill.repeat(Math.max(0, text.length - width)) + text;
}
