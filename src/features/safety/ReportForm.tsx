import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, reportBodySchema, type ReportBody, type ReportReason } from '../../../contract/safety';
import { ApiError } from '../../api/client';
import { Checkbox, Field, px, Radio, Stack, Textarea, useFieldErrors, type FieldErrorMap } from '../../ui';

type FieldName = 'reason' | 'details';

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  & legend {
    margin-bottom: ${({ theme }) => px(theme.space[1])};
    padding: 0;
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const GroupError = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.dangerText};
`;

function fieldOf(path: string): FieldName | null {
  return path === 'reason' || path === 'details' ? path : null;
}

/** The first message per field, from the contract's check or the server's 400. */
function messagesByField(issues: ReadonlyArray<{ field: string; message: string }>): FieldErrorMap<FieldName> {
  const found: FieldErrorMap<FieldName> = {};
  for (const { field, message } of issues) {
    const name = fieldOf(field);
    if (name && !found[name]) found[name] = message;
  }
  return found;
}

export interface ReportFormProps {
  /** The form's id, for the dialog's "Send report" button in the footer. */
  id: string;
  name: string;
  /** Sends the checked body; `onError` receives the failure so its field messages land on the fields. */
  onSend: (body: ReportBody, onError: (error: Error) => void) => void;
}

/** Why the member reports someone, in their words if they like, and whether to block them too. */
export function ReportForm({ id, name, onSend }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [block, setBlock] = useState(true);
  const { errors, show, withdraw, clear } = useFieldErrors<FieldName>();
  const reasonErrorId = useId();
  const firstReasonRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own check, so the texts match what the server would answer.
    const parsed = reportBodySchema.safeParse({ reason: reason ?? undefined, details, block });
    if (!parsed.success) {
      const found = messagesByField(parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })));
      show(found);
      if (found.reason) firstReasonRef.current?.focus();
      return;
    }
    clear();
    onSend(parsed.data, (error) => {
      if (error instanceof ApiError) show(messagesByField(error.fieldErrors));
    });
  };

  return (
    <form id={id} onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Group aria-describedby={errors.reason ? reasonErrorId : undefined}>
          <legend>What&apos;s wrong?</legend>
          {REPORT_REASONS.map((value, index) => (
            <Radio
              key={value}
              ref={index === 0 ? firstReasonRef : undefined}
              name="reason"
              value={value}
              label={REPORT_REASON_LABELS[value]}
              checked={reason === value}
              aria-invalid={errors.reason ? true : undefined}
              // Focus lands on a radio, and not every screen reader reads the group's description there.
              aria-describedby={errors.reason ? reasonErrorId : undefined}
              onChange={() => {
                setReason(value);
                withdraw('reason');
              }}
            />
          ))}
          {errors.reason ? <GroupError id={reasonErrorId}>{errors.reason}</GroupError> : null}
        </Group>
        <Field label="Tell us more (optional)" hint={`${details.length} / ${REPORT_DETAILS_MAX} characters`} error={errors.details}>
          <Textarea
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            rows={4}
            onChange={(event) => {
              setDetails(event.target.value);
              withdraw('details');
            }}
          />
        </Field>
        <Checkbox label={`Also block ${name}`} checked={block} onChange={(event) => setBlock(event.target.checked)} />
      </Stack>
    </form>
  );
}
