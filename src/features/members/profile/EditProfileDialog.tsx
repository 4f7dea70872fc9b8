import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PROFILE_LIMITS, updateProfileBodySchema, type UpdateProfileBody, type User } from '../../../../contract/members/profile';
import { ApiError } from '../../../api/client';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { GENDER_CHOICES, GENDER_LABELS } from './gender-labels';
import { PhotoManager } from '../../photos/PhotoManager';
import { InterestPicker } from './InterestPicker';
import { Button, Dialog, Field, Input, Notice, px, Select, Text, Textarea, useFieldErrors, type FieldErrorMap } from '../../../ui';

interface Draft {
  name: string;
  age: string;
  gender: '' | 'male' | 'female' | 'other';
  language: string;
  region: string;
  bio: string;
  interests: string[];
}
type FieldName = keyof Draft;

/** Photos save as they change, apart from the form; after it, so opening the editor starts at the name without scrolling past them. */
const PhotosSection = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
  margin-top: ${({ theme }) => px(theme.space[6])};
`;

const SectionTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 1fr 1fr;
    & > .wide {
      grid-column: 1 / -1;
    }
  }
`;

function draftFrom(user: User): Draft {
  return {
    name: user.profile.name,
    age: user.age?.toString() ?? '',
    gender: user.gender ?? '',
    language: user.lang,
    region: user.region,
    bio: user.bio,
    interests: user.interests,
  };
}

/** Form text -> the PATCH body (empty optional fields are left out). */
function bodyFrom(draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: draft.name,
    language: draft.language,
    region: draft.region,
    bio: draft.bio,
    interests: draft.interests,
  };
  if (draft.age.trim() !== '') body.age = Number(draft.age);
  if (draft.gender) body.gender = draft.gender;
  return body;
}

function fieldOf(path: string): FieldName | null {
  const head = path.split('.')[0] ?? '';
  return head in { name: 1, age: 1, gender: 1, language: 1, region: 1, bio: 1, interests: 1 } ? (head as FieldName) : null;
}

export interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** SPEC's Edit Profile: the editable fields, checked here with the server's own rules, then PATCH /user/me. */
export function EditProfileDialog({ user, open, onClose, onSaved }: EditProfileDialogProps) {
  const queryClient = useQueryClient();
  const photosTitleId = useId();
  // The first field, not the first photo's Delete button, is where editing starts.
  const nameRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftFrom(user));
  const { errors, show: showErrors, withdraw, clear: clearErrors } = useFieldErrors<FieldName>();
  const save = useMutation({
    mutationFn: (body: UpdateProfileBody) => updateMyProfile(body),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, updated);
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: FieldErrorMap<FieldName> = {};
      for (const { field, message } of error.fieldErrors) {
        const name = fieldOf(field);
        if (name && !found[name]) found[name] = message;
      }
      showErrors(found);
    },
  });

  const update = (field: Exclude<FieldName, 'interests'>) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    withdraw(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse(bodyFrom(draft));
    if (!parsed.success) {
      const found: FieldErrorMap<FieldName> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.'));
        if (field && !found[field]) found[field] = issue.message;
      }
      showErrors(found);
      return;
    }
    clearErrors();
    save.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit Profile"
      initialFocusRef={nameRef}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-profile-form" loading={save.isPending} loadingLabel="Saving...">
            Save Changes
          </Button>
        </>
      }
    >
      <Form id="edit-profile-form" onSubmit={submit} noValidate>
        {save.isError && !(save.error instanceof ApiError && save.error.fieldErrors.length > 0) ? (
          <div className="wide">
            <Notice tone="error">{save.error.message}</Notice>
          </div>
        ) : null}
        <Field label="Name" error={errors.name}>
          <Input ref={nameRef} value={draft.name} onChange={update('name')} maxLength={PROFILE_LIMITS.nameMax} autoComplete="name" />
        </Field>
        <Field label="Age" error={errors.age}>
          <Input type="number" inputMode="numeric" min={18} max={99} value={draft.age} onChange={update('age')} />
        </Field>
        <Field label="Gender" error={errors.gender}>
          <Select value={draft.gender} onChange={update('gender')}>
            <option value="">Prefer not to say</option>
            {GENDER_CHOICES.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Language" error={errors.language}>
          <Input value={draft.language} onChange={update('language')} maxLength={PROFILE_LIMITS.languageMax} />
        </Field>
        <Field label="Location" hint="Your city or area, shown on your profile" error={errors.region}>
          <Input value={draft.region} onChange={update('region')} maxLength={PROFILE_LIMITS.regionMax} />
        </Field>
        <div className="wide">
          <Field label="About you" hint={`${draft.bio.length} / ${PROFILE_LIMITS.bioMax} characters`} error={errors.bio}>
            <Textarea value={draft.bio} onChange={update('bio')} rows={4} />
          </Field>
        </div>
        <div className="wide">
          <InterestPicker
            value={draft.interests}
            error={errors.interests}
            onChange={(interests) => {
              setDraft((current) => ({ ...current, interests }));
              withdraw('interests');
            }}
          />
        </div>
      </Form>
      <PhotosSection role="group" aria-labelledby={photosTitleId}>
        <SectionTitle id={photosTitleId}>Photos</SectionTitle>
        <Text tone="muted" size="sm">
          Saved as you add, move or delete them.
        </Text>
        <PhotoManager />
      </PhotosSection>
    </Dialog>
  );
}
