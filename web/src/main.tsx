// First: asks for the start's language, screen and data before the libraries below are run.
import './app/start-early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './index.css';
import { i18nReady } from './lib/i18n';
import { getStoredToken } from './lib/api-client';
import { rememberedUser } from './lib/remembered-user';
import { registerServiceWorker } from './lib/service-worker';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');
// A signed-in start puts its screen's data in the query cache (app/start-early.ts asked for it)
// while the language's file loads (lib/session.tsx shows the remembered user at once).
const startPage = getStoredToken() !== null ? preloadPage(window.location.pathname, window.location.search, rememberedUser()?.role) : Promise.resolve();
// The remembered language's texts and the start screen's file first, then the first render in
// one piece: a first render that finds its screen still loading commits a spinner, and the
// screen's own render afterwards can be interrupted and begun again by every answer that comes
// meanwhile (a phone drew the voter list five times over before showing it; issue 21, decision 046).
// A screen's file still on its way after a while (a first start on a weak signal) waits behind
// the shell and its spinner as before.
const SCREEN_WAIT_MS = 1000;
const screenOrShell = Promise.race([startPage, new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))]);
void Promise.all([i18nReady, screenOrShell]).then(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
