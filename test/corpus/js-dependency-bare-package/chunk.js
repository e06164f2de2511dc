import _ from "lodash";

export const chunk = (xs, n) => _.chunk(xs, n);
