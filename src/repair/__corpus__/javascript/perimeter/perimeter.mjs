export function trianglePerimeter(a, b, c) {
  return a + b;
}
