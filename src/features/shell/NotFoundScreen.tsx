import { Container, EmptyState, ButtonLink } from '../../ui';
import { NOT_FOUND_TITLE } from './PageTitle';

export function NotFoundScreen() {
  return (
    <Container>
      <EmptyState
        headingLevel={1}
        title={NOT_FOUND_TITLE}
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
