// requirements#courier-shiprocket: a courier that could not be reached after every try (timeouts,
// 5xx). Calls whose answer type has no "unavailable" throw this; the routes tell the seller so.
export class CourierUnreachableError extends Error {
  constructor(
    readonly attempts: number,
    readonly lastProblem: string,
  ) {
    super(`the courier did not answer after ${attempts} tries (${lastProblem})`);
    this.name = 'CourierUnreachableError';
  }
}
