import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import type { StatColor } from '../../../../contract/common';
import type { AppSetting } from '../../../../contract/site-settings';
import { homeContentMachine, selectFailedNotice, selectIsSaving, selectSavedNotice } from '../../../../machines/admin/home-content.machine';
import { appConfigQueryOptions } from '../../../api/admin/site-settings';
import { siteSettingsKeys } from '../../../api/site-settings';
import { Button, Card, Field, Heading, Input, Notice, px, Select, Textarea, useFieldErrors, type FieldErrorMap } from '../../../ui';
import { LoadFailedNotice, LoadingState } from '../shared/LoadStates';
import { createHomeContentActors } from './home-content-actors';
import { formFieldOf, homeContentFromConfigs, homeContentUpdate, STAT_COLORS, TEXT_FIELDS, type HomeContentValues, type HomeTextKey } from './home-content';

export type HomeContentActor = ActorRefFrom<typeof homeContentMachine>;

const COLOR_NAMES: Record<StatColor, string> = { purple: 'Purple', pink: 'Pink', blue: 'Blue', green: 'Green' };

/** Content Manager, Home Page Content tab (SPEC section 2): the hero and features texts and four stats. */
export function HomeContentPanel() {
  const configs = useQuery(appConfigQueryOptions());

  if (configs.isPending) return <LoadingState label="Loading home page content" />;
  if (configs.isError) {
    return <LoadFailedNotice onRetry={() => void configs.refetch()}>Failed to load content: {configs.error.message}</LoadFailedNotice>;
  }
  return <HomeContentForm configs={configs.data} />;
}

/** The form with the real API behind the home content machine. */
function HomeContentForm({ configs }: { configs: Record<string, AppSetting> }) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      homeContentMachine.provide({
        actors: createHomeContentActors(),
        // The public config feeds Home: refresh it with the admin copy.
        actions: { contentChanged: () => void queryClient.invalidateQueries({ queryKey: siteSettingsKeys.all }) },
      }),
    [queryClient],
  );
  const editor = useActorRef(machine);
  return <HomeContentFormView configs={configs} editor={editor} />;
}

/**
 * What the admin sees, driven by the home content machine: the texts, the
 * four stats, Save, and the notice beside it (the green one clears itself
 * after 5 seconds). Tests pass their own actor (simulated clock, controllable save).
 */
export function HomeContentFormView({ configs, editor }: { configs: Record<string, AppSetting>; editor: HomeContentActor }) {
  const [values, setValues] = useState<HomeContentValues>(() => homeContentFromConfigs(configs));
  const fieldErrors = useFieldErrors<string>();
  const { show: showFieldErrors } = fieldErrors;
  const saving = useSelector(editor, selectIsSaving);
  const savedNotice = useSelector(editor, selectSavedNotice);
  const failedNotice = useSelector(editor, selectFailedNotice);

  useEffect(() => {
    const subscription = editor.on('refused', ({ fields }) => {
      const found: FieldErrorMap<string> = {};
      for (const { field, message } of fields) {
        const formField = formFieldOf(field);
        if (formField) found[formField] ??= message;
      }
      showFieldErrors(found);
    });
    return () => subscription.unsubscribe();
  }, [editor, showFieldErrors]);

  const setText = (key: HomeTextKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    fieldErrors.withdraw(key);
  };
  const setStat = (index: number, change: Partial<HomeContentValues['stats'][number]>) => {
    setValues((current) => ({ ...current, stats: current.stats.map((stat, at) => (at === index ? { ...stat, ...change } : stat)) }));
    fieldErrors.withdraw(...Object.keys(change).map((key) => `stats.${index}.${key}`));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fieldErrors.clear();
    editor.send({ type: 'SAVE', content: homeContentUpdate(values, configs) });
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Home page content">

      <Card as="section" aria-labelledby="home-texts-heading">
        <Heading level={2} size="lg" id="home-texts-heading">
          Hero and features
        </Heading>
        <Stack>
          {TEXT_FIELDS.map((field) => (
            <Field key={field.key} label={field.label} error={fieldErrors.errors[field.key]}>
              {field.multiline ? (
                <Textarea rows={3} value={values[field.key]} onChange={(event) => setText(field.key, event.target.value)} />
              ) : (
                <Input value={values[field.key]} onChange={(event) => setText(field.key, event.target.value)} />
              )}
            </Field>
          ))}
        </Stack>
      </Card>

      <Card as="section" aria-labelledby="home-stats-heading">
        <Heading level={2} size="lg" id="home-stats-heading">
          Stats
        </Heading>
        <StatGrid>
          {values.stats.map((stat, index) => (
            <StatFieldset key={index}>
              <legend>Stat {index + 1}</legend>
              <Field label="Value" error={fieldErrors.errors[`stats.${index}.value`]}>
                <Input value={stat.value} onChange={(event) => setStat(index, { value: event.target.value })} />
              </Field>
              <Field label="Label" error={fieldErrors.errors[`stats.${index}.label`]}>
                <Input value={stat.label} onChange={(event) => setStat(index, { label: event.target.value })} />
              </Field>
              <Field label="Colour">
                <Select value={stat.color} onChange={(event) => setStat(index, { color: event.target.value as StatColor })}>
                  {STAT_COLORS.map((color) => (
                    <option key={color} value={color}>
                      {COLOR_NAMES[color]}
                    </option>
                  ))}
                </Select>
              </Field>
            </StatFieldset>
          ))}
        </StatGrid>
      </Card>

      {/* Beside the button that was pressed: at the top of this long form the outcome would land off screen. */}
      {savedNotice !== null && <Notice tone="success">{savedNotice}</Notice>}
      {failedNotice !== null && <Notice tone="error">{failedNotice}</Notice>}
      <Actions>
        <Button type="submit" loading={saving} loadingLabel="Saving...">
          Save Changes
        </Button>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  margin-top: ${({ theme }) => px(theme.space[4])};
`;

const StatGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => px(theme.space[4])};
  margin-top: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const StatFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => px(theme.space[4])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.input)};

  legend {
    padding: 0 ${({ theme }) => px(theme.space[1])};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;
