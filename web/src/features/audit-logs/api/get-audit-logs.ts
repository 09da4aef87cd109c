import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditLogPage } from '@shared/audit/audit-schemas';
import { apiRequest } from '@web/lib/api-client';

export interface AuditLogFilters {
  page: number;
  action: string;
  start_date: string;
  end_date: string;
}

export function auditLogsQuery(filters: AuditLogFilters) {
  return queryOptions({
    queryKey: ['audit-logs', filters],
    queryFn: ({ signal }) => apiRequest<AuditLogPage>('/audit-logs', { query: { ...filters, limit: AUDIT_PAGE_SIZE }, signal }),
    // Spec section 4: reload on any change of page or filter; the log changes all the time.
    staleTime: 0,
  });
}

export function useAuditLogs(filters: AuditLogFilters) {
  return useQuery({ ...auditLogsQuery(filters), placeholderData: keepPreviousData });
}
