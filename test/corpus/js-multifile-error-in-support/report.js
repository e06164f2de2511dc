import { formatRow } from "./format.js";

export const report = (rows) => rows.map(formatRow).join("\n");
