import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import styled from 'styled-components';
import { Badge, ButtonLink, VisuallyHidden } from '../../ui';
import { useAuth } from '../auth/AuthProvider';
import { MEMBER_NAV_LINKS, NAV_LINKS } from './nav-links';
import { useAppName } from './useAppName';

// Only for someone signed in: a visitor's first page does not carry the account menu.
const AccountPart = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountPart })));

/**
 * SPEC section 2 header: product name, navigation, and Login/Sign Up or the
 * role badge and the signed-in member's photo and name, which open their
 * entries (Profile, Settings, Logout). Below desktop those entries close the
 * phone menu instead. On a member's own screens the site's entries (Home,
 * Features, Blog, Download) leave the navigation.
 */
export function Header({ memberScreen }: { memberScreen: boolean }) {
  const appName = useAppName();
  const { isAdmin, isAuthenticated } = useAuth();
  // Each part of the account's corner shows at its width only (see AccountPart).
  const account = (part: 'menu' | 'entries' | 'photo') =>
    isAuthenticated ? (
      <Suspense fallback={null}>
        <AccountPart part={part} />
      </Suspense>
    ) : null;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // A phone menu that stays open over the new page would hide it.
  useEffect(() => setMenuOpen(false), [pathname]);

  const barRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      // Focus inside the menu would go with it, back to the top of the page; the toggle is where it was opened.
      if (barRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    };
    // A tap on the page below closes the menu, as it would any other popup.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !barRef.current?.contains(event.target)) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const links = isAdmin ? [...NAV_LINKS, { to: '/admin', label: 'Admin' } as const] : memberScreen ? MEMBER_NAV_LINKS : NAV_LINKS;

  return (
    <Bar ref={barRef}>
      <Inner>
        <BrandSlot>
          <Brand to="/" aria-label={`${appName} home`} title={appName}>
            <img src="/logo.svg" alt="" width={32} height={32} />
            <BrandName>{appName}</BrandName>
          </Brand>
        </BrandSlot>

        <MenuToggle
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {account('photo')}
          <MenuIcon aria-hidden="true" $open={menuOpen} />
          <span>Menu</span>
        </MenuToggle>

        <Nav id={menuId} aria-label="Main" $open={menuOpen}>
          <NavList>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} activeOptions={{ exact: link.to === '/' }}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </NavList>
          {account('entries')}
        </Nav>

        <Account>
          {isAuthenticated ? (
            <>
              {/* SPEC's role badge: an admin sees it; for a member it is said to screen readers only, beside their own photo and name. */}
              {isAdmin ? (
                <Badge tone="admin">
                  <VisuallyHidden>Signed in as </VisuallyHidden>
                  Admin
                </Badge>
              ) : (
                <VisuallyHidden>Signed in as User</VisuallyHidden>
              )}
              {account('menu')}
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm">
                Login
              </ButtonLink>
              <ButtonLink to="/register" variant="primary" size="sm">
                Sign Up
              </ButtonLink>
            </>
          )}
        </Account>
      </Inner>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  max-width: 1360px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  flex-wrap: wrap;
`;

/*
 * The app name is an admin setting of up to 40 characters. Its slot starts
 * from nothing and takes the room the buttons and links leave, so a long
 * name is cut short with an ellipsis (the whole name stays in the link's
 * label and tooltip) instead of pushing them onto a second row. 6rem keeps
 * the logo and a few letters however little room is left.
 */
const BrandSlot = styled.div`
  flex: 1 1 0;
  min-width: 6rem;
  display: flex;
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg}px;
  font-weight: ${({ theme }) => theme.font.weights.bold};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  img {
    flex-shrink: 0;
  }
`;

const BrandName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const MenuToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.sizes.sm}px;
  cursor: pointer;
  order: 3;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    display: none;
  }
`;

const MenuIcon = styled.span<{ $open: boolean }>`
  position: relative;
  width: 16px;
  height: 2px;
  background: ${({ $open, theme }) => ($open ? 'transparent' : theme.colors.text)};
  &::before,
  &::after {
    content: '';
    position: absolute;
    left: 0;
    width: 16px;
    height: 2px;
    background: ${({ theme }) => theme.colors.text};
    transition: transform ${({ theme }) => theme.motion.fast};
  }
  &::before {
    transform: ${({ $open }) => ($open ? 'translateY(0) rotate(45deg)' : 'translateY(-5px)')};
  }
  &::after {
    transform: ${({ $open }) => ($open ? 'translateY(0) rotate(-45deg)' : 'translateY(5px)')};
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  order: 4;
  flex-basis: 100%;
  display: ${({ $open }) => ($open ? 'block' : 'none')};

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    display: block;
    order: 1;
    flex-basis: auto;
  }
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]}px 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space[1]}px;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    display: flex;
    padding: 0;
  }
`;

const NavLink = styled(Link)`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radii.input}px;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.sizes.sm}px;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &[data-status='active'] {
    color: ${({ theme }) => theme.colors.purple};
  }
`;

const Account = styled.div`
  order: 2;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    order: 2;
    margin-left: ${({ theme }) => theme.space[2]}px;
  }
`;
