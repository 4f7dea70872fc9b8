import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { currentUserQueryOptions } from '../../api/members';
import { Avatar, Button, ChevronIcon, mediaConditions, px, theme as tokens, useDisclosureDismissal, useMediaQuery } from '../../ui';
import { useAuth } from '../auth/AuthProvider';

// The signed-in member's corner of the header: their photo and name, and the
// entries that are theirs (Profile, Creator earnings, Settings, Logout). Loaded only once someone
// is signed in, so a visitor's first page does not carry it.

/** The account's own pages, in order (Logout follows them): the own profile, Creator earnings and Settings. */
function AccountLinks() {
  return (
    <>
      <Entry>
        <Link to="/profile/{-$userId}" params={{}} activeOptions={{ exact: true }}>
          Profile
        </Link>
      </Entry>
      <Entry>
        <Link to="/creator">Creator earnings</Link>
      </Entry>
      <Entry>
        <Link to="/settings">Settings</Link>
      </Entry>
    </>
  );
}

const HEADER_AVATAR = tokens.space[8];
const MENU_BUTTON_AVATAR = tokens.space[6];

/** Who is signed in, from the ['me'] query every screen shares; "Account" until it arrives (or if it cannot). */
function useAccount() {
  const { isLeaving, send } = useAuth();
  // While Logout reloads the page, asking for the account again would only race it.
  const me = useQuery({ ...currentUserQueryOptions(), enabled: !isLeaving });
  const name = me.data ? me.data.profile.name.trim() || me.data.username : 'Account';
  return { name, avatar: me.data?.avatar ?? null, isLeaving, logout: () => send({ type: 'LOGOUT' }) };
}

/**
 * One part of the signed-in corner of the header, each at its width only:
 * from desktop up the account menu beside the navigation; below it the
 * member's photo in the Menu button and their entries at the end of the phone
 * menu. One component, so the header loads them as one piece.
 */
export function AccountPart({ part }: { part: 'menu' | 'entries' | 'photo' }) {
  const wide = useMediaQuery(mediaConditions.desktop);
  if (part === 'menu') return wide ? <AccountMenu /> : null;
  if (wide) return null;
  return part === 'entries' ? <AccountEntries /> : <MenuAvatar />;
}

/**
 * From desktop up: a button with the member's photo and name that discloses
 * their entries. A disclosure of links and a button rather than an ARIA menu:
 * the entries are navigation, Tab moves through them as through any links,
 * and Escape (or a click elsewhere, or focus leaving) closes it, focus going
 * back to the button.
 */
export function AccountMenu() {
  const { name, avatar, isLeaving, logout } = useAccount();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // An entry that was followed has done its work.
  useEffect(() => setOpen(false), [pathname]);

  const close = useCallback(() => setOpen(false), []);
  const onBlur = useDisclosureDismissal(open, close, wrapRef, buttonRef);

  return (
    <Wrap ref={wrapRef} onBlur={onBlur}>
      {/* Named outright: browsers join the name's block and a hidden suffix with a space ("Nia , account menu"). */}
      <Toggle
        ref={buttonRef}
        type="button"
        aria-label={`${name}, account menu`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">
          <Avatar src={avatar} name={name} size={HEADER_AVATAR} />
        </span>
        <Name aria-hidden="true">{name}</Name>
        <Turn $open={open} aria-hidden="true">
          <ChevronIcon direction="down" />
        </Turn>
      </Toggle>
      {open ? (
        <Panel id={panelId}>
          <Entries>
            <AccountLinks />
            <li>
              <Button variant="secondary" size="sm" fullWidth loading={isLeaving} onClick={logout}>
                Logout
              </Button>
            </li>
          </Entries>
        </Panel>
      ) : null}
    </Wrap>
  );
}

/** Below desktop the member's photo sits in the Menu button (its name stays "Menu": the photo is decoration there). */
export function MenuAvatar() {
  const { name, avatar } = useAccount();
  return (
    <MenuPhoto aria-hidden="true">
      <Avatar src={avatar} name={name} size={MENU_BUTTON_AVATAR} />
    </MenuPhoto>
  );
}

/** Below desktop the same entries close the phone menu, under the member's photo and name. */
export function AccountEntries() {
  const { name, avatar, isLeaving, logout } = useAccount();
  return (
    <PhoneBlock aria-label="Account">
      <Who>
        <span aria-hidden="true">
          <Avatar src={avatar} name={name} size={HEADER_AVATAR} />
        </span>
        <Name>{name}</Name>
      </Who>
      <PhoneEntries>
        <AccountLinks />
        <li>
          <Button variant="secondary" size="sm" loading={isLeaving} onClick={logout}>
            Logout
          </Button>
        </li>
      </PhoneEntries>
    </PhoneBlock>
  );
}

const MenuPhoto = styled.span`
  display: inline-flex;
  margin-left: -${({ theme }) => px(theme.space[2])};
`;

const Wrap = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  max-width: 14rem;
  padding: 0 ${({ theme }) => px(theme.space[2])} 0 ${({ theme }) => px(theme.space[1])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  cursor: pointer;

  & > span[aria-hidden] {
    display: inline-flex;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Name = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Turn = styled.span<{ $open: boolean }>`
  display: inline-flex;
  flex: none;
  width: ${({ theme }) => px(theme.space[4])};
  height: ${({ theme }) => px(theme.space[4])};
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform ${({ theme }) => theme.motion.fast};

  & > svg {
    width: 100%;
    height: 100%;
  }

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;
  }
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => px(theme.space[2])});
  z-index: 30;
  min-width: 12rem;
  padding: ${({ theme }) => px(theme.space[2])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const Entries = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A link entry: a full-width row in the account menu, a touch-sized chip in the phone menu. */
const Entry = styled.li`
  & > a {
    display: flex;
    align-items: center;
    min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
    padding: 0 ${({ theme }) => px(theme.space[3])};
    border-radius: ${({ theme }) => px(theme.radii.input)};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    text-decoration: none;
  }
  & > a:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  & > a[data-status='active'] {
    color: ${({ theme }) => theme.colors.purple};
  }
`;

const PhoneBlock = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: ${({ theme }) => px(theme.space[3])} 0 ${({ theme }) => px(theme.space[2])};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  min-width: 0;
  padding: 0 ${({ theme }) => px(theme.space[2])};
  font-weight: ${({ theme }) => theme.font.weights.semibold};

  & > span[aria-hidden] {
    display: inline-flex;
  }
`;

const PhoneEntries = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  margin: 0;
  padding: 0;
  list-style: none;
`;
