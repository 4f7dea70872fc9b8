import { Button, Notice } from '../../../ui';
import type { ActionNotice } from './useActionNotice';

export function ActionNoticeBar({ notice, onDismiss }: { notice: ActionNotice | null; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Notice
      tone={notice.tone}
      action={
        <Button type="button" size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss message">
          Dismiss
        </Button>
      }
    >
      {notice.text}
    </Notice>
  );
}
