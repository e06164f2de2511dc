function clamp(x, lo, hi) {
  if (x < lo {
    return lo;
  }
  return Math.min(x, hi);
}
module.exports = { clamp };
