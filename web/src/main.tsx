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
if (getStoredToken() !== null) preloadPage(window.location.pathname, window.location.search, rememberedUser()?.role);
// The remembered language's texts first (one small file), then the first paint in it.
void i18nReady.then(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
registerServiceWorker();
