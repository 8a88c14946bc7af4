/**
 * Resolves with what `promise` rejects with; fails the test (throws an
 * Error with `message`) when it resolves.
 */
export async function rejection(promise: Promise<unknown>, message = 'expected the call to fail, but it succeeded'): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error(message);
}
