import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox, Field, Input, Select, Textarea } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

describe('Field', () => {
  it('labels the control and describes it with the hint', () => {
    renderWithTheme(
      <Field label="Username" hint="3 to 20 letters or digits">
        <Input name="username" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toHaveAccessibleDescription('3 to 20 letters or digits');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and describes it with hint and error', () => {
    renderWithTheme(
      <Field label="Password" hint="At least 8 characters" error="Password is required">
        <Input name="password" type="password" />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 8 characters Password is required');
    expect(screen.getByText('Password is required')).toBeVisible();
  });

  it('uses the given id and keeps an explicit aria-describedby', () => {
    renderWithTheme(
      <>
        <p id="extra">Shown on your profile</p>
        <Field label="Bio" id="bio" error="Too long">
          <Textarea aria-describedby="extra" />
        </Field>
      </>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Bio' });
    expect(textarea).toHaveAttribute('id', 'bio');
    expect(textarea).toHaveAccessibleDescription('Too long Shown on your profile');
  });

  it('wires a Select the same way', async () => {
    renderWithTheme(
      <Field label="Gender" error="Pick one">
        <Select defaultValue="">
          <option value="">Choose</option>
          <option value="female">Female</option>
        </Select>
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Gender' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'female');
    expect(select).toHaveValue('female');
  });

  it('gives a checkbox its inline label', async () => {
    renderWithTheme(<Checkbox label="Remember me" name="remember" />);
    await userEvent.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });
});
