import { Script } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORM_PATIENCE_MS,
  LINK_PATIENCE_MS,
  pageBootScript,
  queueEarlyInput,
  type EarlyInput,
} from './page-boot.ts';

/** A prerendered page before hydration: a button and a lead form, with no handlers yet. */
function renderPage(): {
  openButton: HTMLButtonElement;
  aboutLink: HTMLAnchorElement;
  chatLink: HTMLAnchorElement;
  tab: HTMLButtonElement;
  form: HTMLFormElement;
  name: HTMLInputElement;
  plotRange: HTMLSelectElement;
  consent: HTMLInputElement;
  send: HTMLButtonElement;
} {
  document.body.innerHTML = `
    <button type="button" id="open">Download Brochure</button>
    <a href="/about" id="about">About</a>
    <a href="https://wa.me/919999999999" id="chat">WhatsApp</a>
    <div role="tablist"><button type="button" role="tab" id="tab">Proposed</button></div>
    <form method="post" action="/send-email" id="lead">
      <input name="name" id="name">
      <select name="plotRange" id="plot"><option value="">Select</option><option>200-300 SQ YDS</option></select>
      <input type="checkbox" name="consent" id="consent">
      <button id="send">Submit</button>
    </form>`;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    openButton: byId('open'),
    aboutLink: byId('about'),
    chatLink: byId('chat'),
    tab: byId('tab'),
    form: byId('lead'),
    name: byId('name'),
    plotRange: byId('plot'),
    consent: byId('consent'),
    send: byId('send'),
  };
}

function type(field: HTMLInputElement, text: string): void {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('input before hydration', () => {
  let early: EarlyInput | undefined;

  afterEach(() => {
    // Stops the queue's document listeners between tests.
    early?.release();
    early = undefined;
    document.body.innerHTML = '';
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('when a visitor taps a button before hydration, then the hydrated page gets the tap once', async () => {
    const { openButton } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    openButton.click();

    const opened: string[] = [];
    openButton.addEventListener('click', () => opened.push('brochure')); // hydration
    await early.replay();

    expect(opened).toEqual(['brochure']);
  });

  it('when a visitor taps a link to another page before hydration, then the browser waits and the hydrated page follows it', async () => {
    const { aboutLink } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    const followed: boolean[] = [];
    // What the hydrated link does: follow it within the page, not the browser's way.
    aboutLink.addEventListener('click', (event) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    });

    aboutLink.click();
    expect(followed).toEqual([]);
    await early.replay();

    expect(followed).toEqual([true]);
  });

  it('when a visitor taps a link to another site before hydration, then the browser follows it at once', () => {
    const { chatLink } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    let followed = false;
    chatLink.addEventListener('click', (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault(); // jsdom cannot navigate
    });

    chatLink.click();

    expect(followed).toBe(true);
  });

  it('when a keyboard user presses an arrow key on a tab before hydration, then the hydrated tabs get it', async () => {
    const { tab } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    tab.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    tab.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));

    const keys: string[] = [];
    tab.addEventListener('keydown', (event) => keys.push(event.key)); // hydration
    await early.replay();

    expect(keys).toEqual(['ArrowRight']);
  });

  it('when a visitor presses an arrow key elsewhere before hydration, then the page scrolls as usual', () => {
    renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    const key = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });

    document.body.dispatchEvent(key);

    expect(key.defaultPrevented).toBe(false);
  });

  it('when a visitor fills in and sends a form before hydration, then the hydrated form gets the values first and then the submission', async () => {
    const { form, name, plotRange, consent, send } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    type(name, 'Ravi Kumar');
    choose(plotRange, '200-300 SQ YDS');
    consent.click();
    send.click();

    // Hydration: the form's handlers arrive, and its state starts empty.
    name.value = '';
    plotRange.value = '';
    consent.checked = false;
    const seen: string[] = [];
    name.addEventListener('input', () => seen.push(`name=${name.value}`));
    plotRange.addEventListener('change', () => seen.push(`plotRange=${plotRange.value}`));
    consent.addEventListener('change', () => seen.push(`consent=${consent.checked}`));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      seen.push(`submit by ${event.submitter?.id}`);
    });
    await early.replay();

    expect(seen).toEqual([
      'name=Ravi Kumar',
      'plotRange=200-300 SQ YDS',
      'consent=true',
      'submit by send',
    ]);
  });

  it('when a form is sent before hydration, then the browser does not post it meanwhile', () => {
    const { form, send } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    let prevented: boolean | undefined;
    form.addEventListener('submit', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    });

    send.click();

    expect(prevented).toBe(true);
  });

  it('when the scripts fail to load, then a form sent early goes out as a plain form post', () => {
    const { form, send } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    send.click();
    const posts: (string | undefined)[] = [];
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) posts.push(event.submitter?.id);
      event.preventDefault(); // jsdom cannot navigate
    });

    early.release();

    expect(posts).toEqual(['send']);
  });

  it('when the scripts fail after taking a form sent early out of the page, then what it held still goes out as a plain form post', () => {
    const { form, name, send } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    type(name, 'Ravi Kumar');
    send.click();
    form.remove();
    const posted: { action: string; method: string; fields: [string, string][] }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      posted.push({
        action: this.action,
        method: this.method,
        fields: [...new FormData(this)].map(([key, value]) => [
          key,
          typeof value === 'string' ? value : value.name,
        ]),
      });
    });

    early.release();

    expect(posted).toEqual([
      {
        action: form.action,
        method: 'post',
        fields: [
          ['name', 'Ravi Kumar'],
          ['plotRange', ''],
        ],
      },
    ]);
  });

  it('when the page has not hydrated a while after a form was sent, then it goes out as a plain form post', () => {
    vi.useFakeTimers();
    const { form, send } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    send.click();
    const posts: (string | undefined)[] = [];
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) posts.push(event.submitter?.id);
      event.preventDefault(); // jsdom cannot navigate
    });

    vi.advanceTimersByTime(FORM_PATIENCE_MS - 1);
    expect(posts).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(posts).toEqual(['send']);
  });

  it('when the page hydrates in time, then the form is sent once, by the hydrated page', async () => {
    vi.useFakeTimers();
    const { form, send } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    send.click();
    const sent: boolean[] = [];
    form.addEventListener('submit', (event) => {
      sent.push(event.defaultPrevented);
      event.preventDefault();
    });

    const replayed = early.replay();
    await vi.runAllTimersAsync();
    await replayed;

    expect(sent).toEqual([false]);
  });

  it('when the page has hydrated, then later taps reach the page once and are not queued again', async () => {
    const { openButton } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    let taps = 0;
    openButton.addEventListener('click', () => (taps += 1));
    await early.replay();

    openButton.click();
    await early.replay();

    expect(taps).toBe(1);
  });

  it('when a part of the page has hydrated before the rest, then a tap on it is handled once, by the replay', async () => {
    const { openButton } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    let taps = 0;
    openButton.addEventListener('click', () => (taps += 1)); // this part hydrated first

    openButton.click();
    expect(taps).toBe(0);
    await early.replay();

    expect(taps).toBe(1);
  });

  it('when a tapped button left the page during hydration, then nothing is replayed on it', async () => {
    const { openButton } = renderPage();
    early = queueEarlyInput(LINK_PATIENCE_MS, FORM_PATIENCE_MS);
    openButton.click();
    let taps = 0;
    openButton.addEventListener('click', () => (taps += 1));
    openButton.remove();

    await early.replay();

    expect(taps).toBe(0);
  });
});

describe('pageBootScript', () => {
  it('when written into a page, then it is one self-contained script that names every module', () => {
    const script = pageBootScript({
      preload: ['/assets/manifest-1.js', '/assets/entry.client-2.js', '/assets/root-3.js'],
      manifest: '/assets/manifest-1.js',
      routes: [['root', '/assets/root-3.js']],
      entry: '/assets/entry.client-2.js',
    });

    // Compiles as a classic script: no imports, exports or bundler helpers.
    expect(() => new Script(script)).not.toThrow();
    expect(script).not.toMatch(/__vite|__vitest|\brequire\(/);
    expect(script).toContain('"/assets/entry.client-2.js"');
  });
});
