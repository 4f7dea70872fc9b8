import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  PREFERENCE_AGE_MAX,
  PREFERENCE_AGE_MIN,
  PREFERENCE_DISTANCE_MAX_KM,
  preferencesSchema,
  SHOW_ME,
  SHOW_ME_LABELS,
  type Preferences,
  type ShowMe,
} from '../../../../contract/members/preferences';
import { Field, Input, px, Radio, Select, useFieldErrors, type FieldErrorMap } from '../../../ui';

// "Who I want to meet" (show me, ages, distance): the set-up's step and Settings' section (issue 51) edit it alike.

/** Distance choices; null is anywhere. A member's own other value is kept as a choice too. */
const DISTANCES_KM = [5, 10, 25, 50, 100, 250, PREFERENCE_DISTANCE_MAX_KM] as const;
const ANYWHERE = 'anywhere';

type PreferenceField = 'showMe' | 'minAge' | 'maxAge' | 'maxDistanceKm';

export interface PreferencesForm {
  fields: ReactNode;
  /** The preferences as entered, or null after showing why they cannot be saved. */
  read: () => Preferences | null;
}

export function usePreferencesForm(start: Preferences): PreferencesForm {
  const [initial] = useState<Preferences>(start);
  const [showMe, setShowMe] = useState<ShowMe>(initial.showMe);
  const [minAge, setMinAge] = useState(String(initial.minAge));
  const [maxAge, setMaxAge] = useState(String(initial.maxAge));
  const [distance, setDistance] = useState(initial.maxDistanceKm === null ? ANYWHERE : String(initial.maxDistanceKm));
  const { errors, show, withdraw, clear } = useFieldErrors<PreferenceField>();
  const distances = [...new Set([...DISTANCES_KM, ...(initial.maxDistanceKm === null ? [] : [initial.maxDistanceKm])])].sort((a, b) => a - b);

  const read = (): Preferences | null => {
    const parsed = preferencesSchema.safeParse({
      showMe,
      minAge: minAge.trim() === '' ? Number.NaN : Number(minAge),
      maxAge: maxAge.trim() === '' ? Number.NaN : Number(maxAge),
      maxDistanceKm: distance === ANYWHERE ? null : Number(distance),
    });
    if (!parsed.success) {
      const found: FieldErrorMap<PreferenceField> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as PreferenceField | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      show(found);
      return null;
    }
    clear();
    return parsed.data;
  };

  const fields = (
    <>
        <Choices>
          <legend>Show me</legend>
          <ChoiceRow>
            {SHOW_ME.map((choice) => (
              <Radio key={choice} name="show-me" value={choice} label={SHOW_ME_LABELS[choice]} checked={showMe === choice} onChange={() => setShowMe(choice)} />
            ))}
          </ChoiceRow>
        </Choices>
        <Choices>
          <legend>Age range</legend>
          <AgeRow>
            <Field label="Youngest" error={errors.minAge}>
              <Input
                type="number"
                inputMode="numeric"
                min={PREFERENCE_AGE_MIN}
                max={PREFERENCE_AGE_MAX}
                value={minAge}
                onChange={(event) => {
                  setMinAge(event.target.value);
                  withdraw('minAge');
                }}
              />
            </Field>
            <Field label="Oldest" error={errors.maxAge}>
              <Input
                type="number"
                inputMode="numeric"
                min={PREFERENCE_AGE_MIN}
                max={PREFERENCE_AGE_MAX}
                value={maxAge}
                onChange={(event) => {
                  setMaxAge(event.target.value);
                  withdraw('maxAge');
                }}
              />
            </Field>
          </AgeRow>
        </Choices>
        <Field label="Distance" hint="How far from you people may be" error={errors.maxDistanceKm}>
          <Select
            value={distance}
            onChange={(event) => {
              setDistance(event.target.value);
              withdraw('maxDistanceKm');
            }}
          >
            {distances.map((km) => (
              <option key={km} value={String(km)}>
                Within {km} km
              </option>
            ))}
            <option value={ANYWHERE}>Anywhere</option>
          </Select>
        </Field>
    </>
  );
  return { fields, read };
}

const Choices = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  & > legend {
    padding: 0;
    margin-bottom: ${({ theme }) => px(theme.space[1])};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const ChoiceRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[6])}`};
`;

const AgeRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => px(theme.space[4])};
`;
