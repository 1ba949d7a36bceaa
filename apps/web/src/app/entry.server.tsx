import type { ReactElement } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Runs only at build time: the site is prerendered (`ssr: false`), so every page is rendered
 * complete, every suspended part awaited, and written out as static HTML, with the Preact
 * runtime that hydrates it in the browser (vite.config.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const page: ReactElement = <ServerRouter context={routerContext} url={request.url} />;
  let html: string;
  let status = responseStatusCode;
  try {
    html = await renderToStringAsync(page as unknown as VNode);
  } catch (error) {
    console.error(error);
    status = 500;
    html = '';
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status });
}
