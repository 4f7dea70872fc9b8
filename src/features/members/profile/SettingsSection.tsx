import { createContext, useContext, type ReactNode } from 'react';
import { Heading, Stack, Text, type HeadingProps } from '../../../ui';

/**
 * The outline level of a Settings section's heading: 3 in the dialog (under
 * its h2 title), 2 on the Settings page (under its h1). Sections take it from
 * where they are shown, so one set of sections serves both.
 */
export const SettingsHeadingLevel = createContext<2 | 3>(3);

/** A Settings section's heading, at the level of where the settings are shown (any `level` passed is overridden), at one size. */
export function SettingsHeading({ level: _level, ...props }: Omit<HeadingProps, 'level' | 'size'> & { level?: HeadingProps['level'] }) {
  return <Heading {...props} level={useContext(SettingsHeadingLevel)} size="lg" />;
}

export interface SettingsSectionProps {
  /** The heading's id; the section is named by it, so tests and screen readers find it by its title. */
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}

/** One part of Settings: a named region with its heading and what it is for. */
export function SettingsSection({ id, title, intro, children }: SettingsSectionProps) {
  return (
    <Stack as="section" gap={3} aria-labelledby={id}>
      <SettingsHeading id={id}>{title}</SettingsHeading>
      {intro ? <Text tone="muted">{intro}</Text> : null}
      {children}
    </Stack>
  );
}
