import styled from 'styled-components';
import type { AdminUser } from '../../../../contract/admin/console';
import { Avatar, Badge, Button, px, Table, Text, theme } from '../../../ui';
import { CellTitle, RowActions } from '../shared/AdminScreen';
import { BadgeRow, CellTime, ListWithCount, PersonWithAvatar, TableHead } from '../shared/AdminTable';
import { formatCount, formatDate, formatRelative } from '../shared/format';

type BusyKind = 'ban' | 'unban' | 'makeVip' | 'removeVip' | null;

const COLUMNS = ['User', 'Status', 'Coins', 'Joined', 'Last seen', 'Actions'];

interface UsersTableProps {
  users: AdminUser[];
  total: number;
  /** The page is being refreshed. */
  busy: boolean;
  /** Which action is running for a row, if any. */
  busyFor: (id: string) => BusyKind;
  onBan: (user: AdminUser) => void;
  onUnban: (user: AdminUser) => void;
  onMakeVip: (user: AdminUser) => void;
  onRemoveVip: (user: AdminUser) => void;
  /** Opens the member's photos, to remove one that breaks the rules. */
  onPhotos: (user: AdminUser) => void;
  /** Opens the member's coin balance and ledger, to grant or take coins. */
  onCoins: (user: AdminUser) => void;
}

export function UsersTable({ users, total, busy, busyFor, onBan, onUnban, onMakeVip, onRemoveVip, onPhotos, onCoins }: UsersTableProps) {
  return (
    <ListWithCount>
      <Text tone="muted" size="sm">
        {formatCount(total)} {total === 1 ? 'user' : 'users'}
      </Text>
      <Table label="Users" aria-busy={busy}>
        <TableHead columns={COLUMNS} />
        <tbody>
          {users.map((user) => {
            const running = busyFor(user._id);
            return (
              <tr key={user._id}>
                <td>
                  <PersonWithAvatar>
                    <Avatar src={user.avatar} name={user.name} size={theme.sizes.controlSm} />
                    <CellTitle>
                      <span>{user.name}</span>
                      <span>
                        @{user.username} · {user.email}
                      </span>
                    </CellTitle>
                  </PersonWithAvatar>
                </td>
                <td>
                  <BadgeRow>
                    {user.isBanned ? <Badge tone="danger">Banned</Badge> : <Badge tone="success">Active</Badge>}
                    {user.isVIP && (
                      <Badge tone="vip">
                        {user.vipTier ?? 'VIP'} until {formatDate(user.vipUntil)}
                      </Badge>
                    )}
                  </BadgeRow>
                  {user.isBanned && user.banReason && (
                    <Reason>
                      <span>Reason:</span> {user.banReason}
                    </Reason>
                  )}
                </td>
                <td>{formatCount(user.coins)}</td>
                <td>
                  <CellTime iso={user.createdAt} text={formatDate(user.createdAt)} />
                </td>
                <td>
                  <CellTime iso={user.lastSeen} text={user.lastSeen ? formatRelative(user.lastSeen) : 'Never'} />
                </td>
                <td>
                  <RowActions>
                    {user.isBanned ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        loading={running === 'unban'}
                        onClick={() => onUnban(user)}
                        aria-label={`Unban ${user.username}`}
                      >
                        Unban
                      </Button>
                    ) : (
                      <Button type="button" size="sm" variant="danger" onClick={() => onBan(user)} aria-label={`Ban ${user.username}`}>
                        Ban
                      </Button>
                    )}
                    {user.isVIP ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        loading={running === 'removeVip'}
                        onClick={() => onRemoveVip(user)}
                        aria-label={`Remove VIP from ${user.username}`}
                      >
                        Remove VIP
                      </Button>
                    ) : (
                      <Button type="button" size="sm" variant="secondary" onClick={() => onMakeVip(user)} aria-label={`Make ${user.username} VIP`}>
                        Make VIP
                      </Button>
                    )}
                    <Button type="button" size="sm" variant="secondary" onClick={() => onPhotos(user)} aria-label={`Photos of ${user.username}`}>
                      Photos
                    </Button>
                    <Button type="button" size="sm" variant="secondary" onClick={() => onCoins(user)} aria-label={`Coins of ${user.username}`}>
                      Coins
                    </Button>
                  </RowActions>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </ListWithCount>
  );
}


const Reason = styled.p`
  max-width: 32ch;
  margin-top: ${({ theme }) => px(theme.space[1])};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};

  span {
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;
