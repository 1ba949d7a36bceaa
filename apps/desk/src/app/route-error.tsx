import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { ui } from '../components/ui.ts';
import { ApiError } from '../lib/api.ts';
import { DeskFrame } from './desk-frame.tsx';

const OFFLINE_TEXT = 'You are offline; the desk will reconnect';

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

/**
 * Whether the browser says it has a network, kept up to date: a page that failed while the
 * browser still thought itself online says it is offline as soon as the browser says so.
 */
function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The browser says it has no network and the failure is one the network explains: no answer at
 * all (a request or a screen's code that could not be fetched), never a refusal the server sent.
 */
function isOffline(error: unknown, online: boolean): boolean {
  if (online) return false;
  if (error instanceof ApiError) return error.status === 0;
  return !isRouteErrorResponse(error);
}

/** Offline: says so plainly and loads the page again as soon as the browser is back online. */
function Offline() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const reconnect = () => void revalidate();
    window.addEventListener('online', reconnect);
    return () => window.removeEventListener('online', reconnect);
  }, [revalidate]);
  return (
    <div role="status">
      <h1>{OFFLINE_TEXT}</h1>
    </div>
  );
}

/** What a page shows when its data could not load: the API's own sentence and a way on. */
export function RouteError() {
  const error = useRouteError();
  const online = useBrowserOnline();
  if (isOffline(error, online)) return <Offline />;
  const { title, text } = describe(error);
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

/**
 * The same for a route outside the signed-in frame (Sign in, the password page, the session that
 * every other page needs): shown in the desk's header and page area, so a desk opened offline or
 * with the server out of reach still looks like the desk.
 */
export function FramedRouteError() {
  return (
    <DeskFrame>
      <RouteError />
    </DeskFrame>
  );
}

export function NotFound(): never {
  // React Router shows a thrown Response as that status in the error boundary.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw new Response('Not found', { status: 404 });
}
