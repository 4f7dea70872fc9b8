import type { ErrorComponentProps } from '@tanstack/react-router';
import { Container, ErrorState } from '../../ui';

/** SPEC section 8: the router's default error screen. */
export function AppErrorScreen({ error, reset }: ErrorComponentProps) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container>
      <ErrorState
        title="Unexpected Application Error!"
        text={error instanceof Error ? error.message : 'Something went wrong.'}
        action={{ label: 'Try Again', onClick: reset }}
      />
    </Container>
  );
}
