import styled from 'styled-components';
import type { AdminReport, ReportStatus } from '../../../../contract/admin/reports';
import { Avatar, Badge, Button, px, Table, Text, theme } from '../../../ui';
import { AdminPhoto } from '../shared/AdminPhoto';
import { RowActions } from '../shared/AdminScreen';
import { BadgeRow, CellTime, ListWithCount, PersonWithAvatar, TableHead } from '../shared/AdminTable';
import { formatCount, formatDateTime } from '../shared/format';
import { ReportedConversation } from './ReportedConversation';
import { ReportDetails } from './ReportDetails';

const COLUMNS: Record<ReportStatus, readonly string[]> = {
  open: ['Reported', 'Reason', 'Details', 'Reporter', 'Reported on', 'Actions'],
  resolved: ['Reported', 'Reason', 'Details', 'Reporter', 'Reported on', 'Outcome'],
};

interface ReportsTableProps {
  reports: AdminReport[];
  /** Which queue is shown: it names the last column. */
  status: ReportStatus;
  total: number;
  /** The page is being refreshed. */
  busy: boolean;
  /** The report whose Resolve is running, if any. */
  resolvingId: string | null;
  onResolve: (report: AdminReport) => void;
  onBan: (report: AdminReport) => void;
  /** Asks to remove the reported photo (the screen confirms first). */
  onRemovePhoto: (report: AdminReport) => void;
}

export function ReportsTable({ reports, status, total, busy, resolvingId, onResolve, onBan, onRemovePhoto }: ReportsTableProps) {
  return (
    <ListWithCount>
      <Text tone="muted" size="sm">
        {formatCount(total)} {status} {total === 1 ? 'report' : 'reports'}
      </Text>
      <Table label="Reports" aria-busy={busy}>
        <TableHead columns={COLUMNS[status]} />
        <tbody>
          {reports.map((report) => (
            <tr key={report._id}>
              <td>
                <ReportedCell report={report} />
              </td>
              <td>
                <ReasonText>{report.reasonLabel}</ReasonText>
              </td>
              <td>
                <DetailsCell>
                  {report.photoId !== null ? <ReportedPhoto report={report} /> : null}
                  <ReportDetails details={report.details} about={report.reported.name} />
                  <ReportedConversation messages={report.messages} reportedName={report.reported.name} />
                </DetailsCell>
              </td>
              <td>
                {report.reporter ? (
                  <Party>
                    <span>{report.reporter.name}</span>
                    <span>@{report.reporter.username}</span>
                  </Party>
                ) : (
                  // The reporter has since deleted their account; what they reported still stands.
                  <Party>
                    <span>Deleted account</span>
                  </Party>
                )}
              </td>
              <td>
                <When dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</When>
              </td>
              <td>
                {report.status === 'open' ? (
                  <OpenReportActions
                    report={report}
                    resolving={resolvingId === report._id}
                    onResolve={onResolve}
                    onBan={onBan}
                    onRemovePhoto={onRemovePhoto}
                  />
                ) : (
                  <Outcome>
                    Resolved <CellTime iso={report.resolvedAt} text={formatDateTime(report.resolvedAt)} />
                  </Outcome>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ListWithCount>
  );
}

/** Why a report offers no Ban, said in words so the missing button is not a puzzle; null when it offers one. */
function banUnavailable({ reported }: AdminReport): string | null {
  if (reported.accountDeleted) return 'Account deleted';
  return reported.isBanned ? 'Already banned' : null;
}

interface OpenReportActionsProps extends Pick<ReportsTableProps, 'onResolve' | 'onBan' | 'onRemovePhoto'> {
  report: AdminReport;
  resolving: boolean;
}

function OpenReportActions({ report, resolving, onResolve, onBan, onRemovePhoto }: OpenReportActionsProps) {
  const noBan = banUnavailable(report);
  return (
    <Actions>
      <RowActions>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          loading={resolving}
          onClick={() => onResolve(report)}
          aria-label={`Resolve report about ${report.reported.name}`}
        >
          Resolve
        </Button>
        {noBan === null && (
          <Button type="button" size="sm" variant="danger" onClick={() => onBan(report)} aria-label={`Ban ${report.reported.name}`}>
            Ban
          </Button>
        )}
        {/* The photo is still theirs to remove (null once it is gone). */}
        {report.photoUrl !== null && (
          <Button
            type="button"
            size="sm"
            variant="danger"
            onClick={() => onRemovePhoto(report)}
            aria-label={`Remove the photo reported about ${report.reported.name}`}
          >
            Remove photo
          </Button>
        )}
      </RowActions>
      {noBan !== null && (
        <Text as="span" tone="muted" size="xs">
          {noBan}
        </Text>
      )}
    </Actions>
  );
}

/** The photo a report is about: small, beside the reporter's words; said in words once it is gone. */
function ReportedPhoto({ report }: { report: AdminReport }) {
  if (report.photoUrl === null) {
    return (
      <Text as="span" tone="muted" size="xs">
        Reported photo: removed
      </Text>
    );
  }
  return <AdminPhoto url={report.photoUrl} alt={`Photo reported about ${report.reported.name}`} size={theme.space[16]} />;
}

function ReportedCell({ report }: { report: AdminReport }) {
  const { reported, openReportsAgainst } = report;
  return (
    <PersonWithAvatar>
      <Avatar src={reported.avatar} name={reported.name} size={theme.sizes.controlSm} />
      <Party>
        {/* A deleted account keeps only the username the report was about. */}
        <span>{reported.accountDeleted ? 'Deleted account' : reported.name}</span>
        <span>@{reported.username}</span>
        {(reported.isBanned || openReportsAgainst > 1) && (
          <Badges>
            {reported.isBanned && <Badge tone="danger">Banned</Badge>}
            {/* Several people reporting the same member weighs more than one. */}
            {openReportsAgainst > 1 && <Badge tone="neutral">{formatCount(openReportsAgainst)} open reports</Badge>}
          </Badges>
        )}
      </Party>
    </PersonWithAvatar>
  );
}

const DetailsCell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Badges = styled(BadgeRow)`
  margin-top: ${({ theme }) => px(theme.space[1])};
`;

const ReasonText = styled.span`
  display: block;
  min-width: 16ch;
`;

/**
 * A name over a muted @username. Narrower than the shared CellTitle: six
 * columns have to fit a 1280 px screen with the row actions in view.
 */
const Party = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 12ch;

  & > span:first-child {
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    color: ${({ theme }) => theme.colors.text};
  }

  & > span:nth-child(2) {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
    overflow-wrap: anywhere;
  }
`;

/**
 * Date over time ("Nov 24, 2026," / "10:00 AM") rather than CellTime's one
 * line: the details already make rows tall, and the column it saves keeps
 * Resolve and Ban on screen at 1280 px.
 */
const When = styled.time`
  display: block;
  min-width: 12ch;
  max-width: 14ch;
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Outcome = styled.span`
  color: ${({ theme }) => theme.colors.neutralText};
  white-space: nowrap;
`;
