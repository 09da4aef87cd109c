import { afterEach } from 'vitest';

// Testing Library and its matchers only where there is a DOM (jsdom files): loading them costs
// about 0.4 s of CPU, which every node-environment unit file paid for nothing.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}

// jsdom has <dialog> but neither showModal() nor close(): enough of both for the Modal, which
// browsers give natively (the `open` attribute is what makes jsdom show the dialog's content).
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.defineProperties(HTMLDialogElement.prototype, {
    open: {
      configurable: true,
      get(this: HTMLDialogElement) {
        return this.hasAttribute('open');
      },
    },
    showModal: {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
    },
    close: {
      configurable: true,
      value(this: HTMLDialogElement) {
        if (!this.hasAttribute('open')) return;
        this.removeAttribute('open');
        this.dispatchEvent(new Event('close'));
      },
    },
  });
}

// Interface texts load as files, one language at a time (lib/i18n.ts, issue 21): screens under
// test start with all four in (and the forms' message wording), so a test switches language as fast as it did when they were
// bundled.
if (typeof document !== 'undefined') {
  const { i18n, i18nReady } = await import('@web/lib/i18n');
  const { loadFormMessageWording } = await import('@web/lib/form-message');
  await i18nReady;
  await Promise.all([i18n.loadLanguages(['mr', 'hi', 'gu']), loadFormMessageWording('mr'), loadFormMessageWording('hi'), loadFormMessageWording('gu')]);
}
