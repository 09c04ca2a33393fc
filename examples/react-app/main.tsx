import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './react-app.css';

// The knowledge-graph server: ?kg=<origin> (another origin, listed in its KG_CORS_ORIGINS), else this one.
const kg = (new URLSearchParams(location.search).get('kg') ?? '').replace(/\/+$/, '');
// The widget bundle is not part of this app's build: it comes from the knowledge-graph server.
void import(/* @vite-ignore */ `${kg}/widgets/kg-elements.js`);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App apiBase={kg} />
  </StrictMode>,
);
