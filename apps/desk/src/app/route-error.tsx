import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ui } from '../components/ui.ts';
import { ApiError } from '../lib/api.ts';

function describe(error: unknown): { title: string; text: string } {
  if (error instanceof ApiError) {
    if (error.status === 403) return { title: 'Not for your role', text: error.message };
    if (error.status === 404) return { title: 'Not found', text: error.message };
    return { title: 'This page could not load', text: error.message };
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Not found', text: 'There is no desk page at this address.' };
  }
  return {
    title: 'Something went wrong',
    text: 'The desk hit an unexpected problem. Reload the page to try again.',
  };
}

/** What a page shows when its data could not load: the API's own sentence and a way on. */
export function RouteError() {
  const { title, text } = describe(useRouteError());
  return (
    <div className={ui.card}>
      <h1>{title}</h1>
      <p role="alert">{text}</p>
      <p className={ui.actions}>
        <Link to=".">Try again</Link>
        <Link to="/">Back to the inbox</Link>
      </p>
    </div>
  );
}

export function NotFound(): never {
  // React Router shows a thrown Response as that status in the error boundary.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw new Response('Not found', { status: 404 });
}
