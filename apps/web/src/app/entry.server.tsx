import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Runs only at build time: the site is prerendered (`ssr: false`), so every page is rendered
 * complete, every suspended part awaited, and written out as static HTML for React to hydrate.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let status = responseStatusCode;
  const stream = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );
  await stream.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(stream, { headers: responseHeaders, status });
}
