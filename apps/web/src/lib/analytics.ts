/**
 * The analytics tags of the thank-you page (specification section 4): Google Tag Manager and the
 * Google Analytics tag, added when the page is shown and removed when the visitor leaves. Their
 * IDs come from the build (`VITE_GTM_ID`, `VITE_GA_ID`); without an ID nothing is loaded.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export interface AnalyticsIds {
  gtmId?: string | undefined;
  gaId?: string | undefined;
}

const TAG_HOSTS = ['https://www.googletagmanager.com/', 'https://www.google-analytics.com/'];
const OWN_TAG = 'data-iconia-analytics';

export function gtmScriptUrl(gtmId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

export function gaScriptUrl(gaId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`;
}

function addScript(doc: Document, src: string, kind: string): HTMLScriptElement {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute(OWN_TAG, kind);
  doc.head.append(script);
  return script;
}

/**
 * Adds the tags and returns the function that removes them again, together with any script the
 * tag manager pulled in from the same hosts meanwhile.
 */
export function mountAnalytics(ids: AnalyticsIds, win: Window = window): () => void {
  const { gtmId, gaId } = ids;
  if (!gtmId && !gaId) return () => {};
  const doc = win.document;
  const before = new Set(doc.querySelectorAll('script'));
  const dataLayer = (win.dataLayer ??= []);

  if (gtmId) {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(doc, gtmScriptUrl(gtmId), 'gtm');
  }
  if (gaId) {
    win.gtag = function gtag() {
      // gtag.js reads the Arguments object itself, not an array copy of it.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('js', new Date());
    win.gtag('config', gaId);
    addScript(doc, gaScriptUrl(gaId), 'gtag');
  }

  return () => {
    for (const script of doc.querySelectorAll('script')) {
      const ours = script.hasAttribute(OWN_TAG);
      const pulledIn = !before.has(script) && TAG_HOSTS.some((host) => script.src.startsWith(host));
      if (ours || pulledIn) script.remove();
    }
    delete win.gtag;
  };
}
