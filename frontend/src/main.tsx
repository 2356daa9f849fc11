import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FullPageError } from '@/components/feedback/full-page-error';
import { UiProvider } from '@/components/ui/provider';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { App } from './app';

const root = createRoot(document.getElementById('root')!);

/** Runtime settings first (they say which user pool and API to talk to), then the app. */
async function boot() {
  try {
    // Amplify itself is configured on first use (lib/amplify-loader.ts), keeping it off the landing.
    await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(
      <UiProvider>
        <FullPageError
          title="We couldn't start the app"
          message="The app's configuration could not be loaded. Check your connection and reload; if this keeps happening, the deployment is missing its /config.json."
          detail={error instanceof Error ? error.message : String(error)}
        />
      </UiProvider>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
