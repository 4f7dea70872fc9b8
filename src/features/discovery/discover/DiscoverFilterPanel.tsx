import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, ChevronIcon, Cluster, mediaConditions, Stack, Text, useMediaQuery } from '../../../ui';
import { DiscoverFilters, type Filters } from './DiscoverFilters';

function ageSummary(minAge: number | undefined, maxAge: number | undefined): string {
  if (minAge !== undefined && maxAge !== undefined) return `${minAge}–${maxAge}`;
  if (minAge !== undefined) return `${minAge}+`;
  if (maxAge !== undefined) return `up to ${maxAge}`;
  return 'any';
}

/** 'Gender: female · Age: 20–30'; unset parts read 'All' and 'any', as the form's defaults do. */
export function filterSummary({ gender, minAge, maxAge }: Filters): string {
  return `Gender: ${gender ?? 'All'} · Age: ${ageSummary(minAge, maxAge)}`;
}

const Turn = styled.span<{ $open: boolean }>`
  display: inline-flex;
  width: 16px;
  height: 16px;
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

const Summary = styled(Text)`
  min-width: 0;
`;

/**
 * Discover's filters. From a tablet up the form is always shown; on a phone
 * it would push the first person below the fold, so it folds behind a
 * 'Filters' button with a one-line summary of what is applied, and folds
 * again (focus back on the button) once new filters are applied.
 */
export function DiscoverFilterPanel({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const onPhone = useMediaQuery(mediaConditions.belowTablet);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  const apply = (next: Filters) => {
    if (onPhone) {
      // Focus on Apply would leave with the form; the toggle stays, and is where the form was opened.
      toggleRef.current?.focus();
      setOpen(false);
    }
    onApply(next);
  };
  // Keyed by what is applied, so a change from outside (back, a link) resets the draft.
  const form = <DiscoverFilters key={JSON.stringify(filters)} id={formId} filters={filters} onApply={apply} />;
  if (!onPhone) return form;

  return (
    <Stack gap={4}>
      <Cluster justify="space-between" nowrap>
        <Summary tone="muted" size="sm">
          {filterSummary(filters)}
        </Summary>
        <Button
          ref={toggleRef}
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => setOpen(!open)}
        >
          Filters
          <Turn $open={open}>
            <ChevronIcon direction="down" />
          </Turn>
        </Button>
      </Cluster>
      {open && form}
    </Stack>
  );
}
