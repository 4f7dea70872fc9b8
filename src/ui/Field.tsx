import { createContext, useContext, useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { px } from './theme';

interface FieldContextValue {
  controlId: string;
  hintId?: string;
  errorId?: string;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

interface ControlA11yProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

/**
 * Merges the enclosing Field's wiring (id, aria-describedby, aria-invalid)
 * into a control's props. Input, Select and Textarea call it, so
 * `<Field label="Username" error={err}><Input name="username" /></Field>`
 * needs no ids; a custom control can call it too. Outside a Field the props
 * pass through untouched. Explicit props win over the Field's.
 */
export function useFieldControlProps<P extends ControlA11yProps>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.hintId, field.errorId, props['aria-describedby']].filter(Boolean).join(' ');
  return {
    ...props,
    id: props.id ?? field.controlId,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
  };
}

const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Hint = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  color: ${({ theme }) => theme.colors.muted};
`;

const ErrorText = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.dangerText};
`;

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** When present the control is marked invalid and this text describes it. */
  error?: ReactNode;
  /** The control's id; generated when omitted. */
  id?: string;
  /** One control: Input, Select, Textarea or anything calling useFieldControlProps(). */
  children: ReactNode;
  className?: string;
}

export function Field({ label, hint, error, id, children, className }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field${generatedId}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const context: FieldContextValue = {
    controlId,
    hintId: hint ? `${controlId}-hint` : undefined,
    errorId: hasError ? `${controlId}-error` : undefined,
    invalid: hasError,
  };

  return (
    <FieldRoot className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      {hint && <Hint id={context.hintId}>{hint}</Hint>}
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
      {hasError && <ErrorText id={context.errorId}>{error}</ErrorText>}
    </FieldRoot>
  );
}
