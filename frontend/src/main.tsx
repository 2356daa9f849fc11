import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';

// The runtime config (/config.json) and Amplify load with the first route that needs them
// (app/router.tsx, lib/amplify-loader.ts), so the landing renders without either.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
