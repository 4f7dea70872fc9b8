import styled from 'styled-components';
import type { AdminStream } from '../../../../contract/live';
import { Avatar, Badge, Button, px, Table, Text, theme } from '../../../ui';
import { CellTitle } from '../shared/AdminScreen';
import { CellTime, ListWithCount, PersonWithAvatar, TableHead } from '../shared/AdminTable';
import { formatCount, formatDateTime } from '../shared/format';
import { END_REASON_LABELS } from './end-reasons';

// A live stream's End stream button sits in its Ended cell: a column of its own pushed it off a 1280 px screen.
const COLUMNS = ['Host', 'Title', 'Started', 'Ended', 'Viewers now', 'Peak', 'Total unique'];

interface StreamsTableProps {
  streams: AdminStream[];
  total: number;
  /** Live streams only, or every stream: names what the count counts. */
  state: 'live' | 'all';
  /** The page is being refreshed. */
  busy: boolean;
  onEnd: (stream: AdminStream) => void;
}

/** Streams for the admin: who, what, when, how it ended and its audience; a live one can be ended. */
export function StreamsTable({ streams, total, state, busy, onEnd }: StreamsTableProps) {
  const noun = state === 'live' ? 'live stream' : 'stream';
  return (
    <ListWithCount>
      <Text tone="muted" size="sm">
        {formatCount(total)} {total === 1 ? noun : `${noun}s`}
      </Text>
      <Table label="Live streams" aria-busy={busy}>
        <TableHead columns={COLUMNS} />
        <tbody>
          {streams.map((stream) => (
            <tr key={stream.id}>
              <td>
                <PersonWithAvatar>
                  <Avatar src={stream.host.avatar} name={stream.host.name} size={theme.sizes.controlSm} />
                  <CellTitle>
                    <span>{stream.host.name}</span>
                  </CellTitle>
                </PersonWithAvatar>
              </td>
              <td>
                <StreamTitle>{stream.title}</StreamTitle>
              </td>
              <td>
                <CellTime iso={stream.startedAt} text={formatDateTime(stream.startedAt)} />
              </td>
              <td>
                {stream.state === 'live' ? (
                  <Ending>
                    <Badge tone="danger">Live</Badge>
                    <Button
                      type="button"
                      size="sm"
                      variant="danger"
                      onClick={() => onEnd(stream)}
                      aria-label={`End stream by ${stream.host.name}: ${stream.title}`}
                    >
                      End stream
                    </Button>
                  </Ending>
                ) : (
                  <Ending>
                    <CellTime iso={stream.endedAt} text={formatDateTime(stream.endedAt)} />
                    {stream.endReason && <span>{END_REASON_LABELS[stream.endReason]}</span>}
                  </Ending>
                )}
              </td>
              <Figure>{stream.state === 'live' ? formatCount(stream.viewers) : '—'}</Figure>
              <Figure>{formatCount(stream.peakViewers)}</Figure>
              <Figure>{formatCount(stream.totalViewers)}</Figure>
            </tr>
          ))}
        </tbody>
      </Table>
    </ListWithCount>
  );
}

const StreamTitle = styled.span`
  display: block;
  min-width: 16ch;
  max-width: 32ch;
  overflow-wrap: anywhere;
`;

const Ending = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => px(theme.space[1])};

  & > span:not(:first-child) {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
    white-space: nowrap;
  }

  & > button {
    white-space: nowrap;
  }
`;

/** Counts in equal-width digits, so a column of them reads at a glance. */
const Figure = styled.td`
  font-variant-numeric: tabular-nums;
`;
