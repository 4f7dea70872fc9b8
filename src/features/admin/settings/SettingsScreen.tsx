import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { AppSetting } from '../../../../contract/site-settings';
import { ApiError } from '../../../api/client';
import { appConfigQueryOptions, updateAppConfig } from '../../../api/admin/site-settings';
import { siteSettingsKeys } from '../../../api/site-settings';
import { loadedByRoute } from '../../../lib/page-data';
import { Button, Card, ErrorState, Field, Input, Notice, Stack, useFieldErrors, type FieldErrorMap } from '../../../ui';
import { TwoStepSection } from '../../auth/TwoStepSection';
import { SettingsHeadingLevel } from '../../members/profile/SettingsSection';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen } from '../shared/AdminScreen';
import { LoadingState } from '../shared/LoadStates';

/** The app-wide settings of the config API; the home page texts live in the Content Manager. */
export function SettingsScreen() {
  const configs = useQuery({ ...appConfigQueryOptions(), ...loadedByRoute });
  return (
    <AdminScreen>
      <AdminPageHeader title="Settings" description="Product name and where the Download page sends Android users." backToDashboard />
      {configs.isPending ? (
        <LoadingState label="Loading settings" />
      ) : configs.isError ? (
        <ErrorState title="Error Loading Settings" text={configs.error.message} action={{ label: 'Try Again', onClick: () => void configs.refetch() }} />
      ) : (
        <SettingsForm configs={configs.data} />
      )}
      {/* Issue 37 finding 4: the admin's own authenticator, as members have it in their Settings. */}
      <Card>
        <SettingsHeadingLevel.Provider value={2}>
          <TwoStepSection />
        </SettingsHeadingLevel.Provider>
      </Card>
    </AdminScreen>
  );
}

function stringSetting(configs: Record<string, AppSetting>, key: string): string {
  const value = configs[key]?.value;
  return typeof value === 'string' ? value : '';
}

const SETTING_KEYS = ['appName', 'androidApkUrl'] as const;
type SettingKey = (typeof SETTING_KEYS)[number];

function SettingsForm({ configs }: { configs: Record<string, AppSetting> }) {
  const queryClient = useQueryClient();
  const [appName, setAppName] = useState(() => stringSetting(configs, 'appName'));
  const [androidApkUrl, setAndroidApkUrl] = useState(() => stringSetting(configs, 'androidApkUrl'));

  const fieldErrors = useFieldErrors<SettingKey>();
  const save = useMutation({
    mutationFn: () =>
      updateAppConfig({
        configs: {
          appName: { value: appName.trim(), type: 'string', public: configs.appName?.public ?? true },
          androidApkUrl: { value: androidApkUrl.trim(), type: 'string', public: configs.androidApkUrl?.public ?? true },
        },
      }),
    // The header shows the product name from the public config.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteSettingsKeys.all }),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: FieldErrorMap<SettingKey> = {};
      for (const key of SETTING_KEYS) found[key] = error.fieldErrors.find((entry) => entry.field === `configs.${key}.value`)?.message;
      fieldErrors.show(found);
    },
  });
  const edit = (key: SettingKey, setValue: (value: string) => void) => (event: { target: { value: string } }) => {
    setValue(event.target.value);
    fieldErrors.withdraw(key);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fieldErrors.clear();
    save.mutate();
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label="App settings">
        <Stack gap={4}>
          {save.isSuccess && <Notice tone="success">Settings saved.</Notice>}
          {save.isError && <Notice tone="error">Failed to update settings: {save.error.message}</Notice>}
          <Field label="App name" hint={configs.appName?.description || 'Shown in the header, the footer and page titles.'} error={fieldErrors.errors.appName}>
            <Input name="appName" value={appName} onChange={edit('appName', setAppName)} />
          </Field>
          <Field
            label="Android APK URL"
            hint={configs.androidApkUrl?.description || 'Where the Download page\'s Android button points; leave empty when there is no build yet.'}
            error={fieldErrors.errors.androidApkUrl}
          >
            <Input name="androidApkUrl" value={androidApkUrl} onChange={edit('androidApkUrl', setAndroidApkUrl)} />
          </Field>
          <Actions>
            <Button type="submit" loading={save.isPending} loadingLabel="Saving...">
              Save Settings
            </Button>
          </Actions>
        </Stack>
      </form>
    </Card>
  );
}

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;
