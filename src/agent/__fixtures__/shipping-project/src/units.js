/** Unit conversions for parcels measured in imperial or metric units. */

export const GRAMS_PER_POUND = 453.59237;
export const CM_PER_INCH = 2.54;

/** Grams from pounds, rounded to the gram. */
export function poundsToGrams(pounds) {
  return Math.round(pounds * GRAMS_PER_POUND);
}

/** Centimetres from inches, to a tenth of a centimetre. */
export function inchesToCm(inches) {
  return Math.round(inches * CM_PER_INCH * 10) / 10;
}

/** Cents as a price string, e.g. 1250 -> "12.50". */
export function formatCents(cents) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
