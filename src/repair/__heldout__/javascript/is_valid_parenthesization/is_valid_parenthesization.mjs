export function isValidParenthesization(parens) {
  let depth = 0;
  for (const paren of parens) {
    if (paren === "(") {
      depth++;
    } else {
      depth--;
      if (depth < 0) return false;
    }
  }
  return true;
}
