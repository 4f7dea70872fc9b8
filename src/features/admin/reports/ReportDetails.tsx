import { useState } from 'react';
import styled, { css } from 'styled-components';
import { Button, px, Text } from '../../../ui';

/**
 * Past about six lines of the column a report is clamped behind "Show all":
 * up to 1,000 characters would otherwise make one row several screens tall and
 * push the rest of the queue out of sight. Short text is never clamped, so
 * nothing is hidden without the button that shows it.
 */
const CLAMP_LINES = 6;
const LONG_CHARACTERS = 180;

interface ReportDetailsProps {
  details: string;
  /** Who the report is about: the toggle's accessible name says which report it opens. */
  about: string;
}

/** The reporter's own words. React renders them as text, so markup in them shows as typed and never runs. */
export function ReportDetails({ details, about }: ReportDetailsProps) {
  const [expanded, setExpanded] = useState(false);
  const words = details.trim();
  if (!words) {
    return (
      <Text as="span" tone="muted" size="sm">
        No details
      </Text>
    );
  }
  const long = words.length > LONG_CHARACTERS || words.split('\n').length > CLAMP_LINES;
  return (
    <DisclosureColumn>
      <Words $clamped={long && !expanded}>{words}</Words>
      {long && (
        <DisclosureToggle>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-expanded={expanded}
            aria-label={expanded ? `Show less of the report about ${about}` : `Show all of the report about ${about}`}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show less' : 'Show all'}
          </Button>
        </DisclosureToggle>
      )}
    </DisclosureColumn>
  );
}

/** A report's text cell: what it says, and the button that unfolds it. Shared by the report's other disclosures. */
export const DisclosureColumn = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => px(theme.space[1])};
  /* A steady measure: the table's automatic layout would squeeze it to its narrowest. */
  width: 32ch;
  max-width: 100%;
`;

/** Line breaks kept, long words broken rather than widening the column. */
const Words = styled.p<{ $clamped: boolean }>`
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  ${({ $clamped }) =>
    $clamped &&
    css`
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: ${CLAMP_LINES};
      line-clamp: ${CLAMP_LINES};
      overflow: hidden;
    `}
`;

/** Lines the ghost button's text up with the text above it. */
export const DisclosureToggle = styled.div`
  margin-left: -${({ theme }) => px(theme.space[3])};
`;
