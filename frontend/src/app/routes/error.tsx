import { Button, HStack } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { FullPageError } from '@/components/feedback/full-page-error';
import { UiProvider } from '@/components/ui/provider';
import { paths } from '@/config/paths';
import { RuntimeConfigError } from '@/config/runtime-config';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/**
 * The router's errorElement: any render or loader error ends here (docs/product-rules.md#messages-and-errors). It brings its own Chakra
 * provider, since the layout that provides it (routes/ui-layout.tsx) may be what failed to load.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  if (error instanceof RuntimeConfigError) {
    return (
      <UiProvider>
        <FullPageError
          title="We couldn't start the app"
          message="The app's configuration could not be loaded. Check your connection and reload; if this keeps happening, the deployment is missing its /config.json."
          detail={error.message}
        />
      </UiProvider>
    );
  }
  return (
    <UiProvider>
      <FullPageError
        title={MSG.unexpectedError}
        message="Something went wrong on this page. Reloading usually helps; your data is safe."
        detail={describe(error)}
        actions={
          <HStack gap="3">
            <Button variant="outline" onClick={() => window.location.reload()}>
              Reload the page
            </Button>
            <Button asChild colorPalette="brand">
              {/* A plain link: the router may be the thing that broke. */}
              <a href={paths.landing.getHref()}>Go home</a>
            </Button>
          </HStack>
        }
      />
    </UiProvider>
  );
}

/** A render error outside the router (in the app's providers). */
export function AppErrorPage({ error }: { error: Error }) {
  return (
    <UiProvider>
      <FullPageError title={MSG.unexpectedError} detail={error.message} />
    </UiProvider>
  );
}
