/** text with every run of spaces made a single space. */
export function squeeze(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === " ") {
      out.push(" ");
      while (i < text.length && text[i] === " ") i++;
    } else {
      out.push(text[i]);
    }
  }
  return out.join("");
}
