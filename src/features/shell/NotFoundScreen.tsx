import { Container, EmptyState, ButtonLink } from '../../ui';

export function NotFoundScreen() {
  return (
    <Container>
      <EmptyState
        title="Page not found"
        text="The page you are looking for does not exist or has moved."
        action={
          <ButtonLink to="/" variant="primary">
            Go to the home page
          </ButtonLink>
        }
      />
    </Container>
  );
}
