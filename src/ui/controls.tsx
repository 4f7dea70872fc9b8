import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { useFieldControlProps } from './Field';
import { px } from './theme';

const controlStyles = css`
  display: block;
  width: 100%;
  min-width: 0;
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: ${({ theme }) => `${px(theme.space[2])} ${px(theme.space[3])}`};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
  transition:
    border-color ${({ theme }) => theme.motion.fast},
    box-shadow ${({ theme }) => theme.motion.fast};

  &::placeholder {
    color: ${({ theme }) => theme.colors.muted};
  }

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.purple};
  }

  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.purple};
    box-shadow: 0 0 0 ${({ theme }) => px(theme.sizes.focusRing)} ${({ theme }) => theme.colors.purple};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }

  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    cursor: not-allowed;
    opacity: 0.7;
  }
`;

const StyledInput = styled.input`
  ${controlStyles}
`;

const StyledSelect = styled.select`
  ${controlStyles}
  cursor: pointer;
`;

const StyledTextarea = styled.textarea`
  ${controlStyles}
  min-height: ${({ theme }) => px(theme.space[16] + theme.space[8])};
  resize: vertical;
  line-height: ${({ theme }) => theme.font.lineHeights.base};
`;

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };
export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function Input(props: InputProps) {
  return <StyledInput {...useFieldControlProps(props)} />;
}

export function Select(props: SelectProps) {
  return <StyledSelect {...useFieldControlProps(props)} />;
}

export function Textarea(props: TextareaProps) {
  return <StyledTextarea {...useFieldControlProps(props)} />;
}

/** A box or a round button with its label beside it: Checkbox and Radio. */
const ChoiceLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  cursor: pointer;

  & input {
    flex: none;
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.purple};
    cursor: inherit;
  }

  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.7;
  }
`;

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Shown inline after the box; clicking it toggles the box. */
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, className, ...inputProps }: CheckboxProps) {
  return (
    <ChoiceLabel className={className}>
      <input type="checkbox" {...inputProps} />
      <span>{label}</span>
    </ChoiceLabel>
  );
}

export type RadioProps = CheckboxProps;

/** One option of a radio group; put the group in a fieldset with a legend. */
export function Radio({ label, className, ...inputProps }: RadioProps) {
  return (
    <ChoiceLabel className={className}>
      <input type="radio" {...inputProps} />
      <span>{label}</span>
    </ChoiceLabel>
  );
}
