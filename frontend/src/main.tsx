import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';

// The runtime config (/config.json) and Amplify load with the first route that needs them
// (app/router.tsx, lib/amplify-loader.ts), so the landing renders without either.
// Rendered as a transition, React yields to the browser every few milliseconds instead of holding the
// main thread for the whole first render (Chakra's styles are computed as components render): input
// stays responsive and the page's total blocking time drops.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
