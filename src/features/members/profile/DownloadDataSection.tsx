import { useMutation } from '@tanstack/react-query';
import { dataExportFileName } from '../../../../contract/members/data-export';
import { fetchMyDataExport } from '../../../api/members';
import { Button, Notice } from '../../../ui';
import { saveTextFile } from './save-file';
import { SettingsSection } from './SettingsSection';

export const DOWNLOAD_DATA_TEXT =
  'Download a copy of everything Orbit keeps about you: your account and profile, your likes, matches and messages, the people you blocked, the reports you sent, your purchases, coins, gifts, creator earnings and withdrawals, the live streams you hosted, watched and chatted in, and your sign-ins.';

export interface DownloadDataSectionProps {
  username: string;
  /** Injected so tests can see the file without a browser download. */
  saveFile?: typeof saveTextFile;
}

/** Settings: "Your data", a copy of everything kept about the member, as a JSON file (GDPR access and portability). */
export function DownloadDataSection({ username, saveFile = saveTextFile }: DownloadDataSectionProps) {
  const fileName = dataExportFileName(username);
  const download = useMutation({
    mutationFn: fetchMyDataExport,
    onSuccess: (data) => saveFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json'),
  });
  return (
    <SettingsSection id="settings-your-data" title="Your data" intro={DOWNLOAD_DATA_TEXT}>
      <div role="status">{download.isSuccess ? <Notice tone="success">Your data was saved as {fileName}.</Notice> : null}</div>
      {download.isError ? <Notice tone="error">{download.error.message}</Notice> : null}
      <Button variant="secondary" loading={download.isPending} loadingLabel="Preparing your data..." onClick={() => download.mutate()}>
        Download my data
      </Button>
    </SettingsSection>
  );
}
