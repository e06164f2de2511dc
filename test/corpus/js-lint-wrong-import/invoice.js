import { formatMoney } from "./money.js";

export const invoiceLine = (item, cents) => `${item}: ${formatMoney(cents)}`;
