import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { Preferences } from '../../../../contract/members/preferences';
import type { User } from '../../../../contract/members/profile';
import { discoveryKeys } from '../../../api/discovery';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import styled from 'styled-components';
import { Button, Notice, px } from '../../../ui';
import { usePreferencesForm } from '../onboarding/PreferenceFields';
import { SettingsSection } from './SettingsSection';

/** Settings, "Who I want to meet": the set-up's preferences, changed any time; Discover, Spin and the radar follow at once. */
export function PreferencesSettings({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = usePreferencesForm(user.preferences);
  const save = useMutation({
    mutationFn: (preferences: Preferences) => updateMyProfile({ preferences }),
    onSuccess: (saved) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, saved);
      // Who is shown depends on them: lists held from before would show the old choice.
      for (const queryKey of [discoveryKeys.discoverAll(), discoveryKeys.spinAll(), discoveryKeys.radarAll()]) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const preferences = form.read();
    if (preferences && !save.isPending) save.mutate(preferences);
  };

  return (
    <SettingsSection id="settings-preferences" title="Who I want to meet" intro="Discover, Spin and the radar show people who fit these, and whose own choices fit you.">
      <Form onSubmit={submit} noValidate aria-labelledby="settings-preferences">
        {form.fields}
        <div role="status">{save.isSuccess ? <Notice tone="success">Preferences saved</Notice> : null}</div>
        {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
        <div>
          <Button type="submit" loading={save.isPending} loadingLabel="Saving...">
            Save preferences
          </Button>
        </div>
      </Form>
    </SettingsSection>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  justify-items: stretch;
`;
