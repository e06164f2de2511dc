/** The code part of a line, without a trailing // comment and trailing spaces. */
export function stripComment(line) {
  const code = line.split("//")[0];
  return code.trimStart();
}
