import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, px } from '../../../ui';

export interface StepControls {
  /** Continue or Skip is being saved. */
  busy: 'saving' | 'skipping' | null;
  /** Back is offered from the second step on. */
  canGoBack: boolean;
  last: boolean;
  onSkip: () => void;
  onBack: () => void;
}

interface StepFormProps extends StepControls {
  /** The step's heading id: the form is named by it. */
  labelledBy: string;
  onContinue: () => void;
  children: ReactNode;
}

/**
 * One step's form: its fields, then Continue (Enter submits it), and Skip and
 * Back beneath, within thumb reach on a phone.
 */
export function StepForm({ labelledBy, onContinue, busy, canGoBack, last, onSkip, onBack, children }: StepFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onContinue();
  };
  return (
    <Form onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      {children}
      <Actions>
        <Button type="submit" size="lg" fullWidth loading={busy === 'saving'} loadingLabel="Saving..." disabled={busy !== null}>
          {last ? 'Finish' : 'Continue'}
        </Button>
        <Secondary>
          {canGoBack ? (
            <Button type="button" variant="ghost" disabled={busy !== null} onClick={onBack}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="button" variant="ghost" loading={busy === 'skipping'} loadingLabel="Skipping..." disabled={busy !== null} onClick={onSkip}>
            Skip
          </Button>
        </Secondary>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => px(theme.space[6])};
  min-width: 0;
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Secondary = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[3])};
`;
