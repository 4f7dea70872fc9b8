import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { createLink } from '@tanstack/react-router';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './buttonStyles';

interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const StyledAnchor = styled.a<ButtonStyleProps>`
  ${buttonStyles}
  text-decoration: none;
`;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>(function ButtonAnchor(
  { variant = 'primary', size = 'md', fullWidth = false, ...rest },
  ref,
) {
  return <StyledAnchor ref={ref} $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
});

/**
 * A router link that looks like a Button. Built with `createLink` so `to`,
 * `params` and `search` stay checked against the route tree.
 */
export const ButtonLink = createLink(ButtonAnchor);
