import type { FormEvent } from 'react';
import type { User } from '../../../../contract/members/profile';
import { useSavePreferences } from '../../../api/preferences';
import styled from 'styled-components';
import { Button, Notice, px } from '../../../ui';
import { usePreferencesForm } from '../onboarding/PreferenceFields';
import { SettingsSection } from './SettingsSection';

/** Settings, "Who I want to meet": the set-up's preferences, changed any time; Discover, Spin and the radar follow at once. */
export function PreferencesSettings({ user }: { user: User }) {
  const form = usePreferencesForm(user.preferences);
  const save = useSavePreferences();
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
