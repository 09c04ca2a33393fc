import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './react-app.css';

/**
 * The knowledge-graph server: ?kg=<origin>, else this one. Like the other examples (kg-origin.js),
 * only this page's server or an origin it lists in KG_CORS_ORIGINS: this page runs on the server's
 * own origin, where its session lives, so it must not load a script from anywhere else.
 */
async function knowledgeGraphServer(): Promise<string> {
  const named = (new URLSearchParams(location.search).get('kg') ?? '').replace(/\/+$/, '');
  if (!named) return '';
  const res = await fetch(new URL('/examples/allowed-origins.json', location.href));
  const listed = res.ok ? ((await res.json()) as { origins?: unknown }).origins : [];
  const allowed = [location.origin, ...(Array.isArray(listed) ? listed : [])];
  if (!allowed.includes(named)) throw new Error(`?kg= must name this server or one listed in its KG_CORS_ORIGINS (${allowed.join(', ')}), not ${named}`);
  return named;
}

const kg = await knowledgeGraphServer();
// The widget bundle is not part of this app's build: it comes from the knowledge-graph server.
void import(/* @vite-ignore */ `${kg}/widgets/kg-elements.js`);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App apiBase={kg} />
  </StrictMode>,
);
