// The error a function raises for a value it cannot work with (its own module, so that every family and the conversions share it).
/**
 * Raised by an implementation for a value it cannot work with.
 * `message` may name the values; `withoutValues` says the same without them,
 * for calls with a sensitive argument.
 */
export class FunctionError extends Error {
  constructor(
    message: string,
    readonly withoutValues: string = message,
  ) {
    super(message);
    this.name = 'FunctionError';
  }
}
