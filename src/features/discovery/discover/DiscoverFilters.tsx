import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, px, Select, useFieldErrors } from '../../../ui';
import { MAX_AGE_PLACEHOLDER, MIN_AGE_PLACEHOLDER, readFilterDraft, type DiscoverSearch, type FilterDraft, type FilterErrors } from './discover-search';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => px(theme.space[3])};
  align-items: end;

  & > :first-child {
    grid-column: 1 / -1;
  }

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 2fr 1fr 1fr auto;
    & > :first-child {
      grid-column: auto;
    }
  }
`;

const Submit = styled(Button)`
  grid-column: 1 / -1;

  ${({ theme }) => theme.media.tablet} {
    grid-column: auto;
  }
`;

export type Filters = Pick<DiscoverSearch, 'gender' | 'minAge' | 'maxAge'>;

function draftFrom(filters: Filters): FilterDraft {
  return {
    gender: filters.gender === 'male' || filters.gender === 'female' ? filters.gender : '',
    minAge: filters.minAge?.toString() ?? '',
    maxAge: filters.maxAge?.toString() ?? '',
  };
}

/** SPEC's Discover filters — gender (All, male, female), min and max age — applied on the server. */
export function DiscoverFilters({ id, filters, onApply }: { id?: string; filters: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFrom(filters));
  const { errors, show: showErrors, withdraw, clear: clearErrors } = useFieldErrors<keyof FilterErrors>();
  // Each age bound is judged against the other, so editing either withdraws both messages.
  const setAge = (bound: keyof FilterErrors, value: string) => {
    setDraft({ ...draft, [bound]: value });
    withdraw('minAge', 'maxAge');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = readFilterDraft(draft);
    if ('errors' in result) {
      showErrors(result.errors);
      return;
    }
    clearErrors();
    onApply(result.filters);
  };

  return (
    <Form id={id} onSubmit={submit} aria-label="Filters" noValidate>
      <Field label="Gender">
        <Select value={draft.gender} onChange={(event) => setDraft({ ...draft, gender: event.target.value as FilterDraft['gender'] })}>
          <option value="">All</option>
          <option value="male">male</option>
          <option value="female">female</option>
        </Select>
      </Field>
      <Field label="Min age" error={errors.minAge}>
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_AGE_PLACEHOLDER}
          max={MAX_AGE_PLACEHOLDER}
          placeholder={String(MIN_AGE_PLACEHOLDER)}
          value={draft.minAge}
          onChange={(event) => setAge('minAge', event.target.value)}
        />
      </Field>
      <Field label="Max age" error={errors.maxAge}>
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_AGE_PLACEHOLDER}
          max={MAX_AGE_PLACEHOLDER}
          placeholder={String(MAX_AGE_PLACEHOLDER)}
          value={draft.maxAge}
          onChange={(event) => setAge('maxAge', event.target.value)}
        />
      </Field>
      <Submit type="submit" variant="secondary">
        Apply Filters
      </Submit>
    </Form>
  );
}
