import { isRouteErrorResponse } from 'react-router';

/** A posted form's text field ('' when missing or a file). */
export type Posted = (name: string) => string;

/**
 * A form posted with scripts whose request gets no answer (the network is down, a proxy answers
 * 5xx) answers as its action does when the API cannot be reached: the spec's fallback text beside
 * the form, as before the forms were actions, rather than the error page. For a route's
 * `clientAction`; the form's fields say which step the answer is for.
 */
export async function unlessUnreachable<T>(
  request: Request,
  serverAction: () => Promise<T>,
  unreachable: (posted: Posted) => T,
): Promise<T> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    const noAnswer = error instanceof TypeError || (isRouteErrorResponse(error) && error.status >= 500);
    if (!noAnswer) throw error;
    return unreachable((name) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    });
  }
}
