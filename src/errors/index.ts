export { MendError, type Fault } from "./mend-error.js";
export { UsageError } from "./usage-error.js";
export { ModelProviderError } from "./model-provider-error.js";
export { SandboxError } from "./sandbox-error.js";
export { BoundaryStopError, type BoundaryStopDetails } from "./boundary-stop-error.js";
export { BoundaryOptionsError } from "./boundary-options-error.js";
export { MemoryError } from "./memory-error.js";
export { SharedBudgetError } from "./shared-budget-error.js";
