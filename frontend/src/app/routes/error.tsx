import { Button, HStack } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { FullPageError } from '@/components/feedback/full-page-error';
import { paths } from '@/config/paths';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** The router's errorElement: any render or loader error ends here (spec §8). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
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
  );
}
