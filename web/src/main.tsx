import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';

import { App } from './app/app';
import { createRoutes } from './app/routes';
import { createI18n } from './lib/i18n';
import { languageFromPath } from './lib/languages';
import './app/styles.css';

const { i18n } = createI18n({ lng: languageFromPath(window.location.pathname) ?? undefined });
const router = createBrowserRouter(createRoutes(i18n));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} router={router} />
  </StrictMode>,
);
