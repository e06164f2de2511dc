/**
 * NUL bytes, or many replacement characters (bytes that were not UTF-8), mean a binary file:
 * a few stray bytes are not enough, since a Latin-1 source file is still a program.
 */
export function looksBinary(text: string): boolean {
  if (text.includes("\u0000")) return true;
  const replaced = text.match(/\uFFFD/g)?.length ?? 0;
  return replaced > 0 && replaced / text.length > 0.05;
}
