import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { AppSetting } from '../../../../contract/config';
import { ApiError } from '../../../api/client';
import { appConfigQueryOptions, updateAppConfig } from '../../../api/config';
import { Button, Card, ErrorState, Field, Input, Notice, Stack } from '../../../ui';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen } from '../shared/AdminScreen';
import { LoadingState } from '../shared/LoadStates';

/** The app-wide settings of the config API; the home page texts live in the Content Manager. */
export function SettingsScreen() {
  const configs = useQuery(appConfigQueryOptions());
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
    </AdminScreen>
  );
}

function stringSetting(configs: Record<string, AppSetting>, key: string): string {
  const value = configs[key]?.value;
  return typeof value === 'string' ? value : '';
}

function SettingsForm({ configs }: { configs: Record<string, AppSetting> }) {
  const queryClient = useQueryClient();
  const [appName, setAppName] = useState(() => stringSetting(configs, 'appName'));
  const [androidApkUrl, setAndroidApkUrl] = useState(() => stringSetting(configs, 'androidApkUrl'));

  const save = useMutation({
    mutationFn: () =>
      updateAppConfig({
        configs: {
          appName: { value: appName.trim(), type: 'string', public: configs.appName?.public ?? true },
          androidApkUrl: { value: androidApkUrl.trim(), type: 'string', public: configs.androidApkUrl?.public ?? true },
        },
      }),
    // The header shows the product name from the public config.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['config'] }),
  });
  const errorFor = (key: string) =>
    save.error instanceof ApiError ? save.error.fieldErrors.find((entry) => entry.field === `configs.${key}.value`)?.message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label="App settings">
        <Stack gap={4}>
          {save.isSuccess && <Notice tone="success">Settings saved.</Notice>}
          {save.isError && <Notice tone="error">Failed to update settings: {save.error.message}</Notice>}
          <Field label="App name" hint={configs.appName?.description || 'Shown in the header, the footer and page titles.'} error={errorFor('appName')}>
            <Input name="appName" value={appName} onChange={(event) => setAppName(event.target.value)} />
          </Field>
          <Field
            label="Android APK URL"
            hint={configs.androidApkUrl?.description || 'Where the Download page\'s Android button points; leave empty when there is no build yet.'}
            error={errorFor('androidApkUrl')}
          >
            <Input name="androidApkUrl" value={androidApkUrl} onChange={(event) => setAndroidApkUrl(event.target.value)} />
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
