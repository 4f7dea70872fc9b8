import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { PLACE_QUERY_MIN, selectIsLocating, selectIsSearchingPlaces, type onboardingMachine } from '../../../../machines/members/onboarding.machine';
import { Button, Field, Input, Notice, px, Text, VisuallyHidden } from '../../../ui';
import { StepForm, type StepControls } from './StepForm';

interface LocationStepProps extends StepControls {
  actor: ActorRefFrom<typeof onboardingMachine>;
  labelledBy: string;
  /** The region the profile shows now, if any. */
  currentRegion: string;
}

/**
 * Where the member is: the browser's position (the browser asks their
 * permission when they press the button), or a city typed in and picked from
 * the suggestions. The coordinates only place them on others' radars and in
 * distance filters; a picked city's name is what their profile shows.
 */
export function LocationStep({ actor, labelledBy, currentRegion, ...controls }: LocationStepProps) {
  const id = useId();
  const locating = useSelector(actor, selectIsLocating);
  const searching = useSelector(actor, selectIsSearchingPlaces);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen);
  const locateError = useSelector(actor, (snapshot) => snapshot.context.locateError);
  const query = useSelector(actor, (snapshot) => snapshot.context.placeQuery);
  const places = useSelector(actor, (snapshot) => snapshot.context.places);
  const placesError = useSelector(actor, (snapshot) => snapshot.context.placesError);
  const searched = query.trim().length >= PLACE_QUERY_MIN && !searching && placesError === null;
  const pickedName = chosen?.kind === 'place' ? chosen.place.name : null;

  let searchStatus = '';
  if (searching && query.trim().length >= PLACE_QUERY_MIN) searchStatus = 'Searching…';
  else if (searched && pickedName !== query) searchStatus = places.length === 0 ? 'No places found. Try another spelling.' : `${places.length} ${places.length === 1 ? 'place' : 'places'} found`;

  return (
    <StepForm {...controls} labelledBy={labelledBy} onContinue={() => actor.send({ type: 'CONTINUE' })}>
      {chosen ? (
        <Notice tone="success" title="Location set">
          {chosen.kind === 'place' ? `${chosen.place.name}, ${chosen.place.area}` : 'Your current position'}
        </Notice>
      ) : currentRegion ? (
        <Text tone="muted">Your profile says {currentRegion}.</Text>
      ) : null}
      <Section aria-labelledby={`${id}-device`}>
        <SectionTitle id={`${id}-device`}>Use this device</SectionTitle>
        <Text tone="muted" size="sm">
          Your browser will ask before it shares your position. Orbit uses it only to find people near you; nobody sees where you are.
        </Text>
        <div>
          <Button type="button" variant="secondary" loading={locating} loadingLabel="Finding you..." onClick={() => actor.send({ type: 'LOCATE' })}>
            Use my current location
          </Button>
        </div>
        {locateError ? <Notice tone="error">{locateError}</Notice> : null}
      </Section>
      <Section aria-labelledby={`${id}-city`}>
        <SectionTitle id={`${id}-city`}>Or type your city</SectionTitle>
        <Field label="City" hint={`Type at least ${PLACE_QUERY_MIN} letters, then pick your city from the list`}>
          <Input
            value={query}
            autoComplete="address-level2"
            aria-controls={places.length > 0 ? `${id}-places` : undefined}
            onChange={(event) => actor.send({ type: 'TYPE_PLACE', query: event.target.value })}
            onKeyDown={(event) => {
              // Enter in the box should not save the step before a city is picked.
              if (event.key === 'Enter' && places.length > 0) event.preventDefault();
            }}
          />
        </Field>
        {places.length > 0 ? (
        <Places id={`${id}-places`} aria-label="Suggested places">
          {places.map((place) => (
            <li key={`${place.name}|${place.area}|${place.latitude}|${place.longitude}`}>
              <PlaceButton type="button" aria-label={`${place.name}, ${place.area}`} onClick={() => actor.send({ type: 'PICK_PLACE', place })}>
                <strong>{place.name}</strong>
                <Text as="span" size="sm" tone="muted">
                  {place.area}
                </Text>
              </PlaceButton>
            </li>
          ))}
        </Places>
        ) : null}
        {placesError ? <Notice tone="error">{placesError}</Notice> : null}
        <VisuallyHidden role="status" aria-live="polite">
          {searchStatus}
        </VisuallyHidden>
        {searchStatus && !searching ? (
          <Text tone="muted" size="sm" aria-hidden="true">
            {searchStatus}
          </Text>
        ) : null}
      </Section>
    </StepForm>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Places = styled.ul`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

const PlaceButton = styled.button`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[2])}`};
  width: 100%;
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: ${({ theme }) => `${px(theme.space[2])} ${px(theme.space[3])}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.purple};
    background: ${({ theme }) => theme.colors.purpleTint};
  }
  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: ${({ theme }) => px(theme.sizes.focusRing)};
  }
`;
