import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, Dialog, Field, Input } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

function ReportFlow({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Report user</Button>
      <Dialog
        open={open}
        onClose={close}
        title="Report Ana"
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button onClick={close}>Send report</Button>
          </>
        }
      >
        <Field label="Reason">
          <Input name="reason" />
        </Field>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title with focus inside', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ReportFlow />);
    await user.click(screen.getByRole('button', { name: 'Report user' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Ana' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ReportFlow />);
    await user.click(screen.getByRole('button', { name: 'Report user' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send report' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send report' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithTheme(<ReportFlow onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Report user' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithTheme(<ReportFlow onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report user' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Report user' })).toHaveFocus();
  });

  it('renders nothing while closed', () => {
    renderWithTheme(
      <Dialog open={false} onClose={() => {}} title="Hidden">
        Body
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
