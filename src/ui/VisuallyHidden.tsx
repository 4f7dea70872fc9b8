import styled, { css } from 'styled-components';

/** Hides content visually while keeping it in the accessibility tree. */
export const visuallyHiddenStyles = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;

/** Text for screen readers only, e.g. `<VisuallyHidden>Online</VisuallyHidden>`. */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyles}
`;
