/** A routing change refused: the desk answers it with its status and message. */
export class RoutingError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RoutingError';
  }
}
