import { installPlainZodMessages } from '@clearway/contracts/zod-messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { signInWithSsoToken } from './features/auth/sso-token';
import { initI18n, localePrefixOf } from './lib/i18n';
import { App, createQueryClient } from './shell/app';
import { createAppRouter } from './shell/router';

// A locale prefix (`/en/...`) picks the language and becomes the router's base path.
const locale = localePrefixOf(window.location.pathname);
initI18n(locale ?? undefined);
// A schema checked outside a form (a form names fields itself) never shows zod's English.
installPlainZodMessages();

// Any page may carry ?ssoToken=…: sign in with it before the first route loads.
await signInWithSsoToken();

const queryClient = createQueryClient();
const router = createAppRouter(locale ? `/${locale}` : '/', queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
