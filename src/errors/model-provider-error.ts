import { MendError } from "./mend-error.js";

/** A model provider failed after retries (HTTP status, reset, timeout, malformed reply). */
export class ModelProviderError extends MendError {
  readonly status?: number;
  readonly provider: string;
  readonly retries: number;

  constructor(message: string, options: { provider: string; status?: number; retries: number; cause?: unknown }) {
    super("model_provider", message, { fault: "system", cause: options.cause });
    this.provider = options.provider;
    this.status = options.status;
    this.retries = options.retries;
  }

  static override isInstance(error: unknown): error is ModelProviderError {
    return MendError.isInstance(error) && error.code === "model_provider";
  }
}
