import styled from 'styled-components';
import { Container, Heading } from '../../ui';

/**
 * A route whose screen belongs to a later issue shows only its heading, so
 * that navigation works end to end without pretending the screen exists.
 */
export function ScreenHeading({ title }: { title: string }) {
  return (
    <Padded>
      <Heading level={1}>{title}</Heading>
    </Padded>
  );
}

const Padded = styled(Container)`
  padding-top: ${({ theme }) => theme.space[8]}px;
  padding-bottom: ${({ theme }) => theme.space[8]}px;
`;
