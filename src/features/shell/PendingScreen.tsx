import { Cluster, Container, Spinner } from '../../ui';

/**
 * What a page shows while its loader still waits for data the page cannot do without (a post, a profile),
 * after the router's pendingMs: a slow answer gets a spinner inside the site's frame, not a blank screen.
 */
export function PendingScreen() {
  return (
    <Container>
      <Cluster justify="center">
        <Spinner size="lg" label="Loading the page" />
      </Cluster>
    </Container>
  );
}
