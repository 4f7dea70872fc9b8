import { Container, Heading } from '../../ui';

/**
 * A route whose screen belongs to a later issue shows only its heading, so
 * that navigation works end to end without pretending the screen exists.
 */
export function ScreenHeading({ title }: { title: string }) {
  return (
    <Container>
      <Heading level={1}>{title}</Heading>
    </Container>
  );
}
