import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStream } from '../../../../contract/live';
import { adminKeys } from '../../../api/admin/console';
import { ApiError } from '../../../api/client';
import { adminEndStream, adminStreamsQueryOptions, liveKeys, type AdminStreamsParams } from '../../../api/live';
import { loadedByRoute } from '../../../lib/page-data';
import { ConfirmDialog, EmptyState, ErrorState, Field, Pagination, Select } from '../../../ui';
import { ActionNoticeBar } from '../shared/ActionNoticeBar';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen, FilterBar } from '../shared/AdminScreen';
import { LoadingState } from '../shared/LoadStates';
import { useActionNotice } from '../shared/useActionNotice';
import { StreamsTable } from './StreamsTable';

/** The admin is not in any stream's audience, so no `live:viewers` reach this screen: the counts are asked again this often. */
export const ADMIN_STREAMS_REFRESH_MS = 15_000;

interface StreamsScreenProps {
  params: AdminStreamsParams;
  onParamsChange: (params: AdminStreamsParams) => void;
}

const EMPTY: Record<AdminStreamsParams['state'], { title: string; text: string }> = {
  live: { title: 'No one is live right now', text: 'Streams show up here while members are live.' },
  all: { title: 'No streams yet', text: 'No member has gone live yet.' },
};

/** Live streams (issue 39): who is live, and every stream before, with its audience; an admin can end a live one. */
export function StreamsScreen({ params, onParamsChange }: StreamsScreenProps) {
  const queryClient = useQueryClient();
  const streams = useQuery({ ...adminStreamsQueryOptions(params), ...loadedByRoute, refetchInterval: ADMIN_STREAMS_REFRESH_MS });
  const { notice, succeed, dismiss } = useActionNotice();
  const [ending, setEnding] = useState<AdminStream | null>(null);

  const end = useMutation({
    mutationFn: (stream: AdminStream) => adminEndStream(stream.id),
    onSuccess: (_answer, stream) => {
      succeed(`Stream ended: “${stream.title}” by ${stream.host.name}`);
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: liveKeys.adminAll() });
      void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
      // The server may log it in the audit trail that Recent Activity shows.
      void queryClient.invalidateQueries({ queryKey: adminKeys.activityAll() });
    },
    onError: (error) => {
      // Already over (the host ended it, or another admin): the list reloads to show it ended.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 410)) {
        void queryClient.invalidateQueries({ queryKey: liveKeys.adminAll() });
      }
    },
  });

  const close = () => {
    end.reset();
    setEnding(null);
  };

  const totalPages = streams.data ? Math.max(1, Math.ceil(streams.data.total / streams.data.pageSize)) : 1;
  const empty = EMPTY[params.state];

  return (
    <AdminScreen>
      <AdminPageHeader title="Live streams" description="Who is live now and every stream before; end a stream that breaks the rules." backToDashboard />
      <FilterBar onSubmit={(event) => event.preventDefault()} aria-label="Filter streams">
        <Field label="Show">
          <Select
            value={params.state}
            onChange={(event) => {
              dismiss();
              onParamsChange({ page: 1, state: event.target.value === 'all' ? 'all' : 'live' });
            }}
          >
            <option value="live">Live</option>
            <option value="all">All</option>
          </Select>
        </Field>
      </FilterBar>

      <ActionNoticeBar notice={notice} onDismiss={dismiss} />

      {streams.isPending ? (
        <LoadingState label="Loading streams" />
      ) : streams.isError ? (
        <ErrorState
          title="Error Loading Streams"
          text={streams.error.message}
          action={{ label: streams.isFetching ? 'Trying again…' : 'Try Again', onClick: () => void streams.refetch() }}
        />
      ) : streams.data.streams.length === 0 ? (
        <EmptyState
          title={empty.title}
          text={empty.text}
          // Ending the last stream of a later page leaves that page empty; the rest are a click away.
          action={params.page > 1 ? { label: 'Go to first page', onClick: () => onParamsChange({ ...params, page: 1 }) } : undefined}
        />
      ) : (
        <>
          <StreamsTable
            streams={streams.data.streams}
            total={streams.data.total}
            state={params.state}
            busy={streams.isFetching}
            onEnd={(stream) => {
              end.reset();
              setEnding(stream);
            }}
          />
          <Pagination
            label="Stream pages"
            page={streams.data.page}
            totalPages={totalPages}
            onChange={(page) => onParamsChange({ ...params, page })}
            format={(page, total) => `Showing page ${page} of ${total}`}
          />
        </>
      )}

      <ConfirmDialog
        open={ending !== null}
        title="End stream"
        question={ending ? `End “${ending.title}” by ${ending.host.name}? Everyone watching sees that Orbit ended it.` : ''}
        confirmLabel="End stream"
        busyLabel="Ending..."
        busy={end.isPending}
        error={end.isError ? end.error.message : null}
        onConfirm={() => ending && end.mutate(ending)}
        onCancel={close}
      />
    </AdminScreen>
  );
}
