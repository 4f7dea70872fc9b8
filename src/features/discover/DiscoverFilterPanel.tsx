import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Cluster, mediaConditions, Stack, Text, useMediaQuery } from '../../ui';
import { DiscoverFilters, type Filters } from './DiscoverFilters';

/** 'Gender: female · Age: 20–30'; unset parts read 'All' and 'any', as the form's defaults do. */
export function filterSummary({ gender, minAge, maxAge }: Filters): string {
  const age =
    minAge !== undefined && maxAge !== undefined
      ? `${minAge}–${maxAge}`
      : minAge !== undefined
        ? `${minAge}+`
        : maxAge !== undefined
          ? `up to ${maxAge}`
          : 'any';
  return `Gender: ${gender ?? 'All'} · Age: ${age}`;
}

const Chevron = styled.svg<{ $open: boolean }>`
  width: 16px;
  height: 16px;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform ${({ theme }) => theme.motion.fast};

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
  const [focusToggle, setFocusToggle] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  useEffect(() => {
    if (!focusToggle) return;
    toggleRef.current?.focus();
    setFocusToggle(false);
  }, [focusToggle]);

  const apply = (next: Filters) => {
    if (onPhone) {
      setOpen(false);
      setFocusToggle(true);
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
          <Chevron $open={open} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 9l6 6 6-6" />
          </Chevron>
        </Button>
      </Cluster>
      {open && form}
    </Stack>
  );
}
