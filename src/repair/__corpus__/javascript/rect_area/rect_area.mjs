export function rectArea(width, height) {
  return height * height;
}

export function totalArea(rects) {
  return rects.reduce((sum, [w, h]) => sum + rectArea(w, h), 0);
}
