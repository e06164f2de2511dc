/**
 * Thrown from the boundary's callbacks to keep a node or a model call from starting, after
 * the run's abort signal has been raised. Never escapes the boundary: the wrapper turns the
 * rejected run into a graceful stop, a pause or an intervention.
 */
export class BoundarySignal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BoundarySignal";
  }
}
