/** Shipping zones: which zone a destination country is in, and each zone's base rates. */

export const ZONES = {
  domestic: { base: 450, perKg: 120, days: 2 },
  eu: { base: 890, perKg: 250, days: 4 },
  europe: { base: 1290, perKg: 390, days: 6 },
  world: { base: 2190, perKg: 780, days: 10 },
};

const EU = new Set(["AT", "BE", "DK", "ES", "FR", "IE", "IT", "NL", "PL", "PT", "SE"]);
const EUROPE = new Set(["CH", "GB", "NO", "IS"]);

/** The zone of a destination, seen from a sender in Germany. */
export function zoneOf(country) {
  const code = country.toUpperCase();
  if (code === "DE") return "domestic";
  if (EU.has(code)) return "eu";
  if (EUROPE.has(code)) return "europe";
  return "world";
}
