/**
 * Parcel shipping quotes.
 *
 * A quote is built from the destination zone's base price, a price per billable
 * kilogram, surcharges (oversize, remote areas, fuel) and the service level. Carriers
 * bill by the greater of the actual and the volumetric weight, counted in started
 * kilograms: 2.1 kg is billed as 3 kg.
 */

import { formatCents, inchesToCm, poundsToGrams } from "./units.js";
import { ZONES, zoneOf } from "./zones.js";

/** Cubic centimetres per volumetric kilogram, the carriers' usual divisor. */
export const VOLUMETRIC_DIVISOR = 5000;
/** Longest side, in centimetres, before the oversize surcharge applies. */
export const OVERSIZE_CM = 120;
export const OVERSIZE_SURCHARGE = 1500;
/** Fuel surcharge, in percent of the transport price. */
export const FUEL_PERCENT = 8;
export const MAX_WEIGHT_GRAMS = 31_500;

export const SERVICES = {
  economy: { factor: 0.85, extraDays: 3, tracked: false },
  standard: { factor: 1, extraDays: 0, tracked: true },
  express: { factor: 1.6, extraDays: -1, tracked: true },
};

const REMOTE_POSTCODES = [/^18565$/, /^2554[0-9]$/, /^2776[0-9]$/, /^83209$/];
export const REMOTE_SURCHARGE = 690;

export class QuoteError extends Error {
  constructor(message) {
    super(message);
    this.name = "QuoteError";
  }
}

/**
 * A parcel in metric units; `fromImperial` reads pounds and inches.
 */
export class Parcel {
  constructor({ grams, lengthCm, widthCm, heightCm }) {
    if (!(grams > 0)) throw new QuoteError("a parcel must weigh something");
    if ([lengthCm, widthCm, heightCm].some((side) => !(side > 0))) throw new QuoteError("a parcel needs three positive sides");
    if (grams > MAX_WEIGHT_GRAMS) throw new QuoteError(`parcels over ${MAX_WEIGHT_GRAMS / 1000} kg go as freight`);
    this.grams = grams;
    this.lengthCm = lengthCm;
    this.widthCm = widthCm;
    this.heightCm = heightCm;
  }

  static fromImperial({ pounds, lengthIn, widthIn, heightIn }) {
    return new Parcel({
      grams: poundsToGrams(pounds),
      lengthCm: inchesToCm(lengthIn),
      widthCm: inchesToCm(widthIn),
      heightCm: inchesToCm(heightIn),
    });
  }

  /** Volume in cubic centimetres. */
  get volume() {
    return this.lengthCm * this.widthCm * this.heightCm;
  }

  /** The weight carriers charge for a light, bulky parcel, in grams. */
  get volumetricGrams() {
    return Math.round((this.volume / VOLUMETRIC_DIVISOR) * 1000);
  }

  get longestSide() {
    return Math.max(this.lengthCm, this.widthCm, this.heightCm);
  }
}

/**
 * Billable kilograms: the greater of the actual and the volumetric weight, in
 * started kilograms (anything over a whole kilogram counts as the next one).
 */
export function billableKg(parcel) {
  const grams = Math.max(parcel.grams, parcel.volumetricGrams);
  return Math.max(1, Math.floor(grams / 1000));
}

/** Whether a postcode is on an island or in another area carriers charge extra for. */
export function isRemote(postcode) {
  return REMOTE_POSTCODES.some((pattern) => pattern.test(postcode));
}

/** The surcharges on a parcel to a destination, each with a label, in cents. */
export function surcharges(parcel, destination, transportCents) {
  const found = [];
  if (parcel.longestSide > OVERSIZE_CM) found.push({ label: "oversize", cents: OVERSIZE_SURCHARGE });
  if (destination.postcode && destination.country.toUpperCase() === "DE" && isRemote(destination.postcode)) {
    found.push({ label: "remote area", cents: REMOTE_SURCHARGE });
  }
  found.push({ label: "fuel", cents: Math.round((transportCents * FUEL_PERCENT) / 100) });
  return found;
}

/**
 * A quote for one parcel: transport by zone and billable weight, the service level's
 * factor, then the surcharges. Prices are in euro cents.
 */
export function quote(parcel, destination, service = "standard") {
  const level = SERVICES[service];
  if (!level) throw new QuoteError(`unknown service ${service}; use ${Object.keys(SERVICES).join(", ")}`);
  const zone = zoneOf(destination.country);
  const rates = ZONES[zone];
  const kg = billableKg(parcel);
  const transport = Math.round((rates.base + rates.perKg * kg) * level.factor);
  const extra = surcharges(parcel, destination, transport);
  const total = transport + extra.reduce((sum, item) => sum + item.cents, 0);
  return {
    zone,
    service,
    billableKg: kg,
    transportCents: transport,
    surcharges: extra,
    totalCents: total,
    days: Math.max(1, rates.days + level.extraDays),
    tracked: level.tracked,
  };
}

/** The cheapest service that arrives within `days`, or null when none does. */
export function cheapestWithin(parcel, destination, days) {
  const quotes = Object.keys(SERVICES)
    .map((service) => quote(parcel, destination, service))
    .filter((candidate) => candidate.days <= days)
    .sort((a, b) => a.totalCents - b.totalCents);
  return quotes[0] ?? null;
}

/** Quotes for several parcels to one destination, and their sum. */
export function quoteShipment(parcels, destination, service = "standard") {
  if (parcels.length === 0) throw new QuoteError("a shipment needs at least one parcel");
  const quotes = parcels.map((parcel) => quote(parcel, destination, service));
  return { quotes, totalCents: quotes.reduce((sum, item) => sum + item.totalCents, 0) };
}

/** A quote as the lines of a receipt. */
export function describeQuote(result) {
  const lines = [
    `${result.service} to zone ${result.zone}, ${result.billableKg} kg billed: ${formatCents(result.transportCents)}`,
    ...result.surcharges.map((item) => `  + ${item.label}: ${formatCents(item.cents)}`),
    `total ${formatCents(result.totalCents)} EUR, ${result.days} days${result.tracked ? ", tracked" : ""}`,
  ];
  return lines.join("\n");
}

/**
 * Splits goods too heavy for one parcel into parcels of at most `maxGrams` each, as even
 * as possible, all in the same box size.
 */
export function splitIntoParcels(totalGrams, sides, maxGrams = MAX_WEIGHT_GRAMS) {
  if (!(totalGrams > 0)) throw new QuoteError("nothing to ship");
  const count = Math.ceil(totalGrams / maxGrams);
  const each = Math.floor(totalGrams / count);
  const parcels = [];
  for (let index = 0; index < count; index++) {
    const grams = index === count - 1 ? totalGrams - each * (count - 1) : each;
    parcels.push(new Parcel({ grams, lengthCm: sides[0], widthCm: sides[1], heightCm: sides[2] }));
  }
  return parcels;
}
