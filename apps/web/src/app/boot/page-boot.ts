/*
 * The script each prerendered page starts its scripts with, in place of React Router's own
 * bootstrap (see defer-page-scripts.ts). The page is complete HTML, so it paints first; only
 * then are the modules fetched and run, and the page hydrates. Until it has, whatever the
 * visitor does (a tap on a button, typing, sending a form) is queued and handed to the
 * hydrated page in order, so nothing done early is lost.
 *
 * The functions below are written into the page as their source text: each may use only its
 * parameters and the browser's globals, never an import or another function of this module.
 */

/** React Router's bootstrap for one page, taken apart. */
export interface BootPlan {
  /** Every module the page runs, fetched side by side as soon as loading starts. */
  preload: string[];
  /** React Router's manifest module, run before the route modules. */
  manifest: string;
  /** The route modules of the page: route id and module, outermost first. */
  routes: [id: string, module: string][];
  /** The client entry, which hydrates the page. */
  entry: string;
}

/** What the visitor did before hydration, kept for the hydrated page. */
export interface EarlyInput {
  /** Hands the queued input to the hydrated page, in order, one task apiece. */
  replay(): Promise<void>;
  /** The scripts failed: stops queueing, and queued forms go out as plain form posts. */
  release(): void;
}

declare global {
  interface Window {
    /** Set by the page boot script; the client entry replays it once the page has hydrated. */
    iconiaEarlyInput?: EarlyInput;
  }
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Step =
  | { kind: 'click'; target: HTMLButtonElement | HTMLAnchorElement }
  | { kind: 'key'; target: Element; key: string }
  | {
      kind: 'submit';
      form: HTMLFormElement;
      submitter: HTMLElement | null;
      /** What the form held when it was sent, in case the form is gone by the time it goes. */
      fields: [string, string][];
    };

/**
 * Starts queueing at once: clicks on buttons (whose handlers arrive with hydration), clicks on
 * links to other pages of the site (which the hydrated page follows without a reload, and
 * which a page that takes too long to hydrate follows the plain way after `linkPatienceMs`),
 * arrow, Home and End keys on tabs (which move with them), edits of form fields
 * (the hydrated forms keep their values in state), and form submissions (held back from the
 * plain post, which the hydrated form sends better: checked, and to the thank-you page; a
 * page that has not hydrated `formPatienceMs` after a submission lets it go as that plain post).
 * Everything else (outside links, downloads, checkboxes, selects) works natively all along.
 */
export function queueEarlyInput(linkPatienceMs: number, formPatienceMs: number): EarlyInput {
  const edits = new Map<Field, { value: string; checked: boolean }>();
  const steps: Step[] = [];
  let queueing = true;

  function isPageLink(link: HTMLAnchorElement, event: MouseEvent): boolean {
    return (
      link.origin === location.origin &&
      !link.target &&
      !link.hasAttribute('download') &&
      // A jump within the page needs no script.
      !(link.pathname === location.pathname && link.hash !== '') &&
      event.button === 0 &&
      !event.metaKey &&
      !event.ctrlKey &&
      !event.shiftKey &&
      !event.altKey
    );
  }

  function onClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button');
    if (button) {
      // A form's submit button submits the form natively; that submission is queued instead.
      if (button.disabled || (button.type === 'submit' && button.form)) return;
      // Parts of the page hydrate one after another: one that already has its handlers must not
      // act on the tap now and again when it is replayed.
      event.stopPropagation();
      steps.push({ kind: 'click', target: button });
      return;
    }
    const link = target?.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !isPageLink(link, event)) return;
    event.preventDefault();
    event.stopPropagation();
    steps.push({ kind: 'click', target: link });
    setTimeout(() => {
      if (queueing) location.assign(link.href);
    }, linkPatienceMs);
  }

  function onKey(event: KeyboardEvent): void {
    const target = event.target;
    // Only widgets that move focus with these keys; anywhere else they scroll the page natively.
    if (!(target instanceof Element) || !target.closest('[role="tablist"]')) return;
    if (!/^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    steps.push({ kind: 'key', target, key: event.key });
  }

  function onEdit(event: Event): void {
    const field = event.target;
    if (
      !(field instanceof HTMLInputElement) &&
      !(field instanceof HTMLSelectElement) &&
      !(field instanceof HTMLTextAreaElement)
    ) {
      return;
    }
    if (field instanceof HTMLInputElement && field.type === 'file') return;
    edits.set(field, {
      value: field.value,
      checked: field instanceof HTMLInputElement && field.checked,
    });
  }

  function onSubmit(event: SubmitEvent): void {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    const fields: [string, string][] = [];
    new FormData(event.target).forEach((value, name) => {
      if (typeof value === 'string') fields.push([name, value]);
    });
    steps.push({ kind: 'submit', form: event.target, submitter: event.submitter, fields });
    // A page whose hydration never ends (a script that hangs) must not keep the lead waiting.
    setTimeout(release, formPatienceMs);
  }

  function stop(): boolean {
    if (!queueing) return false;
    queueing = false;
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('input', onEdit, true);
    document.removeEventListener('change', onEdit, true);
    document.removeEventListener('submit', onSubmit, true);
    return true;
  }

  function submit(form: HTMLFormElement, submitter: HTMLElement | null): void {
    const ownButton =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
      submitter.form === form;
    form.requestSubmit(ownButton ? submitter : null);
  }

  function nextTask(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }

  /**
   * Posts what a form held when it was sent, from a copy of the form: a page that failed to
   * hydrate may have taken the form itself out of the document.
   */
  function postCopy(form: HTMLFormElement, fields: [string, string][]): void {
    const copy = document.createElement('form');
    copy.hidden = true;
    copy.action = form.action;
    copy.method = form.method;
    copy.enctype = form.enctype;
    for (const [name, value] of fields) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      copy.append(input);
    }
    // The document element: a failed hydration may have taken <body> out as well.
    document.documentElement.append(copy);
    copy.submit();
  }

  function release(): void {
    if (!stop()) return;
    for (const step of steps) {
      if (step.kind === 'submit') {
        if (step.form.isConnected) submit(step.form, step.submitter);
        else postCopy(step.form, step.fields);
      } else if (step.kind === 'click' && step.target instanceof HTMLAnchorElement) {
        location.assign(step.target.href);
      }
    }
  }

  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
  document.addEventListener('submit', onSubmit, true);

  return {
    async replay() {
      if (!stop()) return;
      // Values first: a form sent early must be sent with what was typed into it.
      for (const [field, { value, checked }] of edits) {
        if (!field.isConnected) continue;
        const toggles =
          field instanceof HTMLInputElement &&
          (field.type === 'checkbox' || field.type === 'radio');
        if (toggles) field.checked = checked;
        else field.value = value;
        const type = toggles || field instanceof HTMLSelectElement ? 'change' : 'input';
        field.dispatchEvent(new Event(type, { bubbles: true }));
        await nextTask();
      }
      for (const step of steps) {
        if (step.kind === 'click') {
          if (step.target.isConnected) step.target.click();
        } else if (step.kind === 'key') {
          step.target.dispatchEvent(
            new KeyboardEvent('keydown', { key: step.key, bubbles: true, cancelable: true }),
          );
        } else if (step.form.isConnected) {
          submit(step.form, step.submitter);
        }
        await nextTask();
      }
    },
    release,
  };
}

/**
 * Resolves once the browser reports the page's first contentful paint, or after `fallbackMs`
 * when it never does (a browser without paint timing, a page kept in the background).
 */
export function afterFirstPaint(fallbackMs: number): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    const done = () => {
      clearTimeout(fallback);
      resolve();
    };
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint')
    ) {
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Does what React Router's bootstrap does: preloads every module, runs the manifest, then the
 * route modules, and hands them to the client entry. `load` is the browser's `import()`,
 * passed in because a bundler would rewrite an `import()` written here.
 */
export async function loadPageModules(
  plan: BootPlan,
  before: Element | null,
  load: (url: string) => Promise<unknown>,
): Promise<void> {
  for (const href of plan.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    if (before?.parentNode) before.parentNode.insertBefore(link, before);
    else document.head.append(link);
  }
  await load(plan.manifest);
  const modules = await Promise.all(plan.routes.map(([, url]) => load(url)));
  const routeModules: Record<string, unknown> = {};
  plan.routes.forEach(([id], index) => {
    routeModules[id] = modules[index];
  });
  (window as unknown as { __reactRouterRouteModules: unknown }).__reactRouterRouteModules =
    routeModules;
  await load(plan.entry);
}

/** How long a page waits for its first paint to be reported before loading its scripts. */
export const FIRST_PAINT_FALLBACK_MS = 3000;

/** How long a tapped link waits for the page to hydrate before it is followed the plain way. */
export const LINK_PATIENCE_MS = 1500;

/**
 * How long a form sent early waits for the page to hydrate before it goes out as a plain form
 * post (which the API answers with a bare "success" rather than the thank-you page).
 */
export const FORM_PATIENCE_MS = 5000;

/** The classic inline script that boots a page: queue input, wait for the paint, load. */
export function pageBootScript(plan: BootPlan): string {
  return `(function(){
var before = document.currentScript;
var early = window.iconiaEarlyInput = (${queueEarlyInput.toString()})(${LINK_PATIENCE_MS}, ${FORM_PATIENCE_MS});
(${afterFirstPaint.toString()})(${FIRST_PAINT_FALLBACK_MS})
  .then(function () {
    return (${loadPageModules.toString()})(${JSON.stringify(plan)}, before, function (url) { return import(url); });
  })
  .catch(function (error) { early.release(); throw error; });
})();`;
}
