import { clamp } from "./util.js";

export const score = (x) => clamp(x, 0, 100);
