/**
 * jsdom knows `<dialog>` but none of its modal behaviour. This adds what the site relies on,
 * following the HTML standard closely enough for component tests: `showModal()`/`show()` set
 * `open`, `close()` clears it and fires `close`, and Escape fires a cancelable `cancel` on the
 * topmost modal dialog, closing it unless the page prevents that. Focus containment is left to
 * the browser tests.
 */
export function installDialogPolyfill(win: Window & typeof globalThis): void {
  const proto = win.HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;

  const modals: HTMLDialogElement[] = [];
  const returnValues = new WeakMap<HTMLDialogElement, string>();

  Object.defineProperty(proto, 'returnValue', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return returnValues.get(this) ?? '';
    },
    set(this: HTMLDialogElement, value: string) {
      returnValues.set(this, String(value));
    },
  });

  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (modals.includes(this)) return;
    if (this.hasAttribute('open') || !this.isConnected) {
      throw new win.DOMException('The dialog cannot be shown as a modal.', 'InvalidStateError');
    }
    this.setAttribute('open', '');
    modals.push(this);
    const target = this.querySelector<HTMLElement>('[autofocus]') ?? this;
    if (target === this && !this.hasAttribute('tabindex')) this.tabIndex = -1;
    target.focus();
  };

  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    const index = modals.indexOf(this);
    if (index !== -1) modals.splice(index, 1);
    if (returnValue !== undefined) this.returnValue = returnValue;
    // The standard queues the close event as a task rather than firing it synchronously.
    queueMicrotask(() => this.dispatchEvent(new win.Event('close')));
  };

  win.document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const top = modals.at(-1);
    if (!top) return;
    const notPrevented = top.dispatchEvent(new win.Event('cancel', { cancelable: true }));
    if (notPrevented) top.close();
  });
}
