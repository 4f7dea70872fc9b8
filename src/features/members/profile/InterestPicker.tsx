import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { SUGGESTED_INTERESTS } from '../../../../contract/members/preferences';
import { PROFILE_LIMITS } from '../../../../contract/members/profile';
import { Button, Input, px, Text, VisuallyHidden } from '../../../ui';

export interface InterestPickerProps {
  /** The chosen interests, in the order they were chosen. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** The group's name (its legend). */
  legend?: string;
  /** A problem with the whole list, from the server or a form check. */
  error?: string;
}

const sameInterest = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Interests as chips: the suggested ones and the member's own, each a toggle
 * button; "Add" puts a new one of their own in. At most
 * PROFILE_LIMITS.interestsMax chosen, each at most interestMax characters
 * (the server's own limits). Used by the set-up and by Edit Profile.
 */
export function InterestPicker({ value, onChange, legend = 'Interests', error }: InterestPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // One's own interests stay on screen as chips after they are switched off, until the picker closes.
  const [own, setOwn] = useState<string[]>(() => value.filter((interest) => !SUGGESTED_INTERESTS.some((suggested) => sameInterest(suggested, interest))));
  const chips = [...SUGGESTED_INTERESTS, ...own];
  const full = value.length >= PROFILE_LIMITS.interestsMax;
  const chosen = (interest: string) => value.some((picked) => sameInterest(picked, interest));

  const toggle = (interest: string) => {
    setProblem(null);
    if (chosen(interest)) {
      onChange(value.filter((picked) => !sameInterest(picked, interest)));
      setAnnouncement(`${interest} removed`);
    } else if (full) {
      setProblem(`You can choose up to ${PROFILE_LIMITS.interestsMax} interests; remove one to add another.`);
    } else {
      onChange([...value, interest]);
      setAnnouncement(`${interest} added`);
    }
  };

  const add = (event?: FormEvent) => {
    event?.preventDefault();
    const interest = draft.trim().replace(/\s+/g, ' ');
    if (!interest) {
      setProblem('Type an interest to add.');
      return;
    }
    if (interest.length > PROFILE_LIMITS.interestMax) {
      setProblem(`Each interest must be at most ${PROFILE_LIMITS.interestMax} characters.`);
      return;
    }
    const existing = chips.find((chip) => sameInterest(chip, interest));
    setDraft('');
    if (existing && chosen(existing)) {
      setProblem(null);
      setAnnouncement(`${existing} is already chosen`);
      return;
    }
    if (full) {
      setProblem(`You can choose up to ${PROFILE_LIMITS.interestsMax} interests; remove one to add another.`);
      return;
    }
    if (!existing) setOwn((current) => [...current, interest]);
    setProblem(null);
    onChange([...value, existing ?? interest]);
    setAnnouncement(`${existing ?? interest} added`);
  };

  // The picker sits inside other forms (Edit Profile): Enter in its box adds, it does not submit them.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') add(event);
  };

  const shownProblem = problem ?? error;
  return (
    <Group aria-describedby={`${id}-count${shownProblem ? ` ${id}-problem` : ''}`}>
      <Legend>{legend}</Legend>
      <Text id={`${id}-count`} tone="muted" size="sm">
        {value.length} of {PROFILE_LIMITS.interestsMax} chosen
      </Text>
      <Chips>
        {chips.map((interest) => {
          const pressed = chosen(interest);
          return (
            <li key={interest}>
              <Chip type="button" aria-pressed={pressed} $pressed={pressed} onClick={() => toggle(interest)}>
                {pressed ? <Tick aria-hidden="true">✓</Tick> : null}
                {interest}
              </Chip>
            </li>
          );
        })}
      </Chips>
      <OwnLabel htmlFor={`${id}-own`}>Add your own interest</OwnLabel>
      <AddRow>
        <Input
          id={`${id}-own`}
          value={draft}
          placeholder="e.g. Board games"
          maxLength={PROFILE_LIMITS.interestMax}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="secondary" onClick={() => add()}>
          Add
        </Button>
      </AddRow>
      {shownProblem ? (
        <ProblemText id={`${id}-problem`} role="alert">
          {shownProblem}
        </ProblemText>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Group>
  );
}

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => px(theme.space[1])};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

const Chip = styled.button<{ $pressed: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  min-height: ${({ theme }) => px(theme.sizes.controlSm)};
  padding: 0 ${({ theme }) => px(theme.space[3])};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  cursor: pointer;
  transition:
    background ${({ theme }) => theme.motion.fast},
    border-color ${({ theme }) => theme.motion.fast};

  &:hover {
    border-color: ${({ theme }) => theme.colors.purple};
  }
  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: ${({ theme }) => px(theme.sizes.focusRing)};
  }
  ${({ $pressed, theme }) =>
    $pressed &&
    css`
      border-color: ${theme.colors.purple};
      background: ${theme.colors.purpleTint};
      color: ${theme.colors.purpleDark};
    `}
`;

const Tick = styled.span`
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const OwnLabel = styled.label`
  margin-bottom: -${({ theme }) => px(theme.space[2])};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const AddRow = styled.div`
  display: flex;
  gap: ${({ theme }) => px(theme.space[2])};
  align-items: center;

  & > input {
    flex: 1;
  }
`;

const ProblemText = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.dangerText};
`;
