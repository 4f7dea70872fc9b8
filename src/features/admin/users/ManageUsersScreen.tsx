import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserFilter, MakeVipBody } from '../../../../contract/admin/console';
import { adminUsersQueryOptions, banUser, makeUserVip, removeUserVip, unbanUser, type AdminUsersParams } from '../../../api/admin/console';
import { loadedByRoute } from '../../../lib/page-data';
import { EmptyState, ErrorState, Field, Input, Pagination, Select } from '../../../ui';
import { ActionNoticeBar } from '../shared/ActionNoticeBar';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen, FilterActions, FilterBar } from '../shared/AdminScreen';
import { LoadingState } from '../shared/LoadStates';
import { useActionNotice } from '../shared/useActionNotice';
import { BanDialog } from './BanDialog';
import { CoinsDialog } from './CoinsDialog';
import { MakeVipDialog } from './MakeVipDialog';
import { MemberPhotosDialog } from './MemberPhotosDialog';
import { applyUserChange } from './user-cache';
import { UsersTable } from './UsersTable';

interface ManageUsersScreenProps {
  params: AdminUsersParams;
  onParamsChange: (params: AdminUsersParams) => void;
}

type UserAction = { kind: 'ban'; id: string; reason: string } | { kind: 'unban' | 'removeVip'; id: string } | { kind: 'makeVip'; id: string; grant: MakeVipBody };

function runUserAction(action: UserAction) {
  switch (action.kind) {
    case 'ban':
      return banUser(action.id, action.reason);
    case 'unban':
      return unbanUser(action.id);
    case 'makeVip':
      return makeUserVip(action.id, action.grant);
    case 'removeVip':
      return removeUserVip(action.id);
  }
}

/** Manage Users: search, filter and page member accounts; ban with a reason, unban, make or remove VIP, grant or take coins. */
export function ManageUsersScreen({ params, onParamsChange }: ManageUsersScreenProps) {
  const queryClient = useQueryClient();
  const users = useQuery({ ...adminUsersQueryOptions(params), ...loadedByRoute });
  const { notice, succeed, fail, dismiss } = useActionNotice();
  const [searchText, setSearchText] = useState(params.search ?? '');
  const [filter, setFilter] = useState<AdminUserFilter>(params.filter);
  const [banTarget, setBanTarget] = useState<AdminUser | null>(null);
  const [vipTarget, setVipTarget] = useState<AdminUser | null>(null);
  const [photosOf, setPhotosOf] = useState<AdminUser | null>(null);
  const [coinsOf, setCoinsOf] = useState<AdminUser | null>(null);

  const action = useMutation({
    mutationFn: runUserAction,
    onSuccess: (result, variables) => {
      applyUserChange(queryClient, result.user);
      succeed(result.message);
      if (variables.kind === 'ban') setBanTarget(null);
      if (variables.kind === 'makeVip') setVipTarget(null);
    },
    onError: (error, variables) => {
      // Dialog actions show their failure inside the dialog.
      if (variables.kind !== 'ban' && variables.kind !== 'makeVip') fail(error, 'The action failed');
    },
  });
  const dialogError = (kind: UserAction['kind']) => (action.isError && action.variables.kind === kind ? action.error.message : null);
  const busyFor = (id: string) => (action.isPending && action.variables.id === id ? action.variables.kind : null);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchText.trim();
    onParamsChange({ page: 1, filter, ...(text ? { search: text } : {}) });
  };
  const clear = () => {
    setSearchText('');
    setFilter('all');
    onParamsChange({ page: 1, filter: 'all' });
  };
  const closeDialogs = () => {
    action.reset();
    setBanTarget(null);
    setVipTarget(null);
  };

  return (
    <AdminScreen>
      <AdminPageHeader title="Manage Users" description="Find a member, then ban, unban, change their VIP status, look at their photos or their coins." backToDashboard />
      <FilterBar onSubmit={search} role="search" aria-label="Search users">
        <Field label="Search">
          <Input type="search" placeholder="Username or email" value={searchText} onChange={(event) => setSearchText(event.target.value)} />
        </Field>
        <Field label="Show">
          <Select value={filter} onChange={(event) => setFilter(event.target.value as AdminUserFilter)}>
            <option value="all">All users</option>
            <option value="banned">Banned</option>
            <option value="vip">VIP</option>
          </Select>
        </Field>
        <FilterActions submitLabel="Search" onClear={clear} />
      </FilterBar>

      <ActionNoticeBar notice={notice} onDismiss={dismiss} />

      {users.isPending ? (
        <LoadingState label="Loading users" />
      ) : users.isError ? (
        <ErrorState title="Error Loading Users" text={users.error.message} action={{ label: 'Try Again', onClick: () => void users.refetch() }} />
      ) : users.data.users.length === 0 ? (
        <EmptyState title="No users found" text="Nobody matches this search and filter." action={{ label: 'Clear search', onClick: clear }} />
      ) : (
        <>
          <UsersTable
            users={users.data.users}
            total={users.data.total}
            busy={users.isFetching}
            busyFor={busyFor}
            onBan={(user) => {
              action.reset();
              setBanTarget(user);
            }}
            onUnban={(user) => action.mutate({ kind: 'unban', id: user._id })}
            onMakeVip={(user) => {
              action.reset();
              setVipTarget(user);
            }}
            onRemoveVip={(user) => action.mutate({ kind: 'removeVip', id: user._id })}
            onPhotos={setPhotosOf}
            onCoins={setCoinsOf}
          />
          <Pagination
            label="User pages"
            page={users.data.currentPage}
            totalPages={users.data.totalPages}
            onChange={(page) => onParamsChange({ ...params, page })}
            format={(page, total) => `Showing page ${page} of ${total}`}
          />
        </>
      )}

      <BanDialog
        key={banTarget?._id ?? 'closed'}
        user={banTarget}
        busy={action.isPending && action.variables.kind === 'ban'}
        error={dialogError('ban')}
        onBan={(reason) => banTarget && action.mutate({ kind: 'ban', id: banTarget._id, reason })}
        onClose={closeDialogs}
      />
      <MakeVipDialog
        key={vipTarget?._id ?? 'closed'}
        user={vipTarget}
        busy={action.isPending && action.variables.kind === 'makeVip'}
        error={dialogError('makeVip')}
        onGrant={(grant) => vipTarget && action.mutate({ kind: 'makeVip', id: vipTarget._id, grant })}
        onClose={closeDialogs}
      />
      {photosOf ? <MemberPhotosDialog key={photosOf._id} user={photosOf} onClose={() => setPhotosOf(null)} /> : null}
      {coinsOf ? <CoinsDialog key={coinsOf._id} user={coinsOf} onClose={() => setCoinsOf(null)} /> : null}
    </AdminScreen>
  );
}
