import { useState, type FormEvent } from 'react';
import { Checkbox, Field, Input, Select, Textarea, type FieldErrorMap } from '../../../ui';
import { FormDialog } from '../shared/FormDialog';
import type { CatalogueField, FieldValues } from './catalogue-kinds';

interface CatalogueItemDialogProps {
  open: boolean;
  title: string;
  fields: CatalogueField[];
  initial: FieldValues;
  busy: boolean;
  /** Messages per field from the last attempt. */
  fieldErrors: FieldErrorMap<string>;
  /** Called with a field's name as it is edited, so its message can be withdrawn. */
  onEdit: (name: string) => void;
  error: string | null;
  onSubmit: (values: FieldValues) => void;
  onClose: () => void;
}

/** The add/edit form of a gift, coin pack or VIP plan. */
export function CatalogueItemDialog({ open, title, fields, initial, busy, fieldErrors, onEdit, error, onSubmit, onClose }: CatalogueItemDialogProps) {
  const [values, setValues] = useState<FieldValues>(initial);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <FormDialog open={open} title={title} submitLabel="Save" busyLabel="Saving..." busy={busy} error={error} onSubmit={submit} onClose={onClose}>
      {fields.map((field) => {
        const value = values[field.name];
        const change = (next: string | boolean) => {
          setValues((current) => ({ ...current, [field.name]: next }));
          onEdit(field.name);
        };
        if (field.kind === 'checkbox') {
          return <Checkbox key={field.name} label={field.label} checked={value === true} onChange={(event) => change(event.target.checked)} />;
        }
        return (
          <Field key={field.name} label={field.label} hint={field.hint} error={fieldErrors[field.name]}>
            {field.kind === 'lines' ? (
              <Textarea name={field.name} rows={4} value={String(value ?? '')} onChange={(event) => change(event.target.value)} />
            ) : field.kind === 'select' ? (
              <Select name={field.name} value={String(value ?? '')} onChange={(event) => change(event.target.value)}>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            ) : field.kind === 'decimal' ? (
              <Input name={field.name} type="text" inputMode="decimal" autoComplete="off" value={String(value ?? '')} onChange={(event) => change(event.target.value)} />
            ) : (
              <Input
                name={field.name}
                type={field.kind === 'number' ? 'number' : 'text'}
                inputMode={field.kind === 'number' ? 'decimal' : undefined}
                step={field.kind === 'number' ? 'any' : undefined}
                value={String(value ?? '')}
                onChange={(event) => change(event.target.value)}
              />
            )}
          </Field>
        );
      })}
    </FormDialog>
  );
}
