import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLanguage } from './language';
// A page reached from the identity provider's redirect trades its one-time code for the session at once.
import './sso';
import '../ui/theme.css';
import './fonts.css';
import '../ui/ui.css';
import './base.css';

// Spec §8: browser ResizeObserver loop errors are noise (layout settles on the next frame); swallow them.
window.addEventListener('error', (event) => {
  if (typeof event.message === 'string' && event.message.startsWith('ResizeObserver loop')) event.stopImmediatePropagation();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The remembered language's catalogue first (a few KB, only for a language other than English).
void startLanguage().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
