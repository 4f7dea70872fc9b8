import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../contract/admin/console';
import type { AdminReport, ReportStatus } from '../../../../contract/admin/reports';
import { adminKeys, banUser } from '../../../api/admin/console';
import { adminPhotoKeys, removeMemberPhoto } from '../../../api/photos/admin';
import { adminReportKeys, adminReportsQueryOptions, resolveReport, type AdminReportsParams } from '../../../api/admin/reports';
import { ApiError } from '../../../api/client';
import { loadedByRoute } from '../../../lib/page-data';
import { ConfirmDialog, EmptyState, ErrorState, Field, Pagination, Select, theme } from '../../../ui';
import { ActionNoticeBar } from '../shared/ActionNoticeBar';
import { AdminPhoto } from '../shared/AdminPhoto';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen, FilterBar } from '../shared/AdminScreen';
import { LoadingState } from '../shared/LoadStates';
import { useActionNotice } from '../shared/useActionNotice';
import { BanDialog } from '../users/BanDialog';
import { applyUserChange } from '../users/user-cache';
import { ReportsTable } from './ReportsTable';

interface ReportsScreenProps {
  params: AdminReportsParams;
  onParamsChange: (params: AdminReportsParams) => void;
}

type ReportAction = { kind: 'resolve'; report: AdminReport } | { kind: 'ban'; report: AdminReport; reason: string };

type ReportActionResult = { kind: 'resolve'; message: string } | { kind: 'ban'; message: string; user: AdminUser };

async function runReportAction(action: ReportAction): Promise<ReportActionResult> {
  if (action.kind === 'resolve') return { kind: 'resolve', message: (await resolveReport(action.report._id)).message };
  const { message, user } = await banUser(action.report.reported._id, action.reason);
  return { kind: 'ban', message, user };
}

const EMPTY: Record<ReportStatus, { title: string; text?: string }> = {
  open: { title: 'No open reports', text: 'Reports from members show up here.' },
  resolved: { title: 'No resolved reports yet' },
};

/** Member reports: the open queue (newest first) and the resolved ones; resolve a report, or ban the member it is about. */
export function ReportsScreen({ params, onParamsChange }: ReportsScreenProps) {
  const queryClient = useQueryClient();
  const reports = useQuery({ ...adminReportsQueryOptions(params), ...loadedByRoute });
  const { notice, succeed, fail, dismiss } = useActionNotice();
  const [banTarget, setBanTarget] = useState<AdminReport | null>(null);

  const action = useMutation({
    mutationFn: runReportAction,
    onSuccess: (result) => {
      succeed(result.message);
      // Both change the queue: a resolved report moves to the other list, and a ban resolves every open report about the member.
      void queryClient.invalidateQueries({ queryKey: adminReportKeys.all() });
      // The server writes resolving into the audit log the dashboard's Recent Activity shows (a ban's is marked by applyUserChange).
      if (result.kind === 'resolve') void queryClient.invalidateQueries({ queryKey: adminKeys.activityAll() });
      if (result.kind === 'ban') {
        applyUserChange(queryClient, result.user);
        void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
        setBanTarget(null);
      }
    },
    onError: (error, variables) => {
      // The ban dialog shows its own failure. A report that is gone (404) leaves the list, which reloads.
      if (variables.kind === 'ban') return;
      fail(error, 'Failed to resolve report');
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: adminReportKeys.all() });
      }
    },
  });
  const resolvingId = action.isPending && action.variables.kind === 'resolve' ? action.variables.report._id : null;

  // Removing a reported photo: asked first, then the member is told by a notice (the server's doing).
  const [photoTarget, setPhotoTarget] = useState<AdminReport | null>(null);
  const removePhoto = useMutation({
    mutationFn: ({ reported, photoId }: AdminReport) => removeMemberPhoto(reported._id, photoId ?? ''),
    onSuccess: (answer, report) => {
      succeed(answer.message);
      setPhotoTarget(null);
      queryClient.setQueryData(adminPhotoKeys.member(report.reported._id), answer.photos);
      // The queue shows the photo as removed; the member's avatar in the user list may have been that photo.
      void queryClient.invalidateQueries({ queryKey: adminReportKeys.all() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
    },
    onError: (error) => {
      // Gone already (another moderator, or the member): the queue reloads to say so.
      if (error instanceof ApiError && error.status === 404) void queryClient.invalidateQueries({ queryKey: adminReportKeys.all() });
    },
  });
  const closeRemovePhoto = () => {
    removePhoto.reset();
    setPhotoTarget(null);
  };

  const closeBan = () => {
    action.reset();
    setBanTarget(null);
  };

  const empty = EMPTY[params.status];

  return (
    <AdminScreen>
      <AdminPageHeader title="Member reports" description="What members reported about each other: resolve each one, or ban the member." backToDashboard />
      <FilterBar onSubmit={(event) => event.preventDefault()} aria-label="Filter reports">
        <Field label="Show">
          <Select
            value={params.status}
            onChange={(event) => {
              dismiss();
              onParamsChange({ page: 1, status: event.target.value === 'resolved' ? 'resolved' : 'open' });
            }}
          >
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </Select>
        </Field>
      </FilterBar>

      <ActionNoticeBar notice={notice} onDismiss={dismiss} />

      {reports.isPending ? (
        <LoadingState label="Loading reports" />
      ) : reports.isError ? (
        <ErrorState title="Error Loading Reports" text={reports.error.message} action={{ label: 'Try Again', onClick: () => void reports.refetch() }} />
      ) : reports.data.reports.length === 0 ? (
        <EmptyState
          title={empty.title}
          text={empty.text}
          // Resolving the last report of a later page leaves that page empty; the rest are a click away.
          action={params.page > 1 ? { label: 'Go to first page', onClick: () => onParamsChange({ ...params, page: 1 }) } : undefined}
        />
      ) : (
        <>
          <ReportsTable
            reports={reports.data.reports}
            status={params.status}
            total={reports.data.total}
            busy={reports.isFetching}
            resolvingId={resolvingId}
            onResolve={(report) => action.mutate({ kind: 'resolve', report })}
            onBan={(report) => {
              action.reset();
              setBanTarget(report);
            }}
            onRemovePhoto={(report) => {
              removePhoto.reset();
              setPhotoTarget(report);
            }}
          />
          <Pagination
            label="Report pages"
            page={reports.data.currentPage}
            totalPages={reports.data.totalPages}
            onChange={(page) => onParamsChange({ ...params, page })}
            format={(page, total) => `Showing page ${page} of ${total}`}
          />
        </>
      )}

      <BanDialog
        key={banTarget?._id ?? 'closed'}
        user={banTarget?.reported ?? null}
        busy={action.isPending && action.variables.kind === 'ban'}
        error={action.isError && action.variables.kind === 'ban' ? action.error.message : null}
        onBan={(reason) => banTarget && action.mutate({ kind: 'ban', report: banTarget, reason })}
        onClose={closeBan}
      />
      <ConfirmDialog
        open={photoTarget !== null}
        title="Remove photo"
        question={`Remove this photo from ${photoTarget?.reported.name ?? 'the member'}'s profile? They will be told a moderator removed it.`}
        confirmLabel="Remove photo"
        busyLabel="Removing..."
        busy={removePhoto.isPending}
        error={removePhoto.isError ? removePhoto.error.message : null}
        onConfirm={() => photoTarget && removePhoto.mutate(photoTarget)}
        onCancel={closeRemovePhoto}
      >
        {photoTarget?.photoUrl ? <AdminPhoto url={photoTarget.photoUrl} alt={`Photo reported about ${photoTarget.reported.name}`} size={theme.space[16] * 2} /> : null}
      </ConfirmDialog>
    </AdminScreen>
  );
}
