import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminReportListResponse, ReportStatus } from '../../../contract/admin/reports';
import type { SafetyMessageResponse } from '../../../contract/safety';
import { apiRequest } from '../client';

// The operator's queue of member reports (contract/safety.ts, "The operator's queue").

export interface AdminReportsParams {
  page: number;
  status: ReportStatus;
}

export const adminReportKeys = {
  all: () => ['admin', 'reports'] as const,
  list: (params: AdminReportsParams) => ['admin', 'reports', params] as const,
};

export const adminReportsQueryOptions = (params: AdminReportsParams) =>
  queryOptions({
    queryKey: adminReportKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<AdminReportListResponse>('/admin/reports', {
        // Sent even when open (the server's default), so the request says which queue it shows.
        query: { page: params.page, status: params.status },
        fallbackMessage: 'Failed to fetch reports',
        signal,
      }),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

export const resolveReport = (id: string) =>
  apiRequest<SafetyMessageResponse>(`/admin/reports/${id}/resolve`, { method: 'POST', fallbackMessage: 'Failed to resolve report' });
