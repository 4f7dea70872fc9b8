import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '../../ui';

export interface SettingsSectionProps {
  /** The heading's id; the section is named by it, so tests and screen readers find it by its title. */
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}

/** One part of the Settings dialog: a named region with its heading and what it is for. */
export function SettingsSection({ id, title, intro, children }: SettingsSectionProps) {
  return (
    <Stack as="section" gap={3} aria-labelledby={id}>
      <Heading level={3} id={id}>
        {title}
      </Heading>
      {intro ? <Text tone="muted">{intro}</Text> : null}
      {children}
    </Stack>
  );
}
