import { useState } from 'react';
import { PROFILE_LIMITS, type User } from '../../../../contract/members/profile';
import type { StepChanges } from '../../../../machines/members/onboarding.machine';
import { Field, Textarea } from '../../../ui';
import type { HeicConverter } from '../../photos/photo-file';
import { PhotoManager } from '../../photos/PhotoManager';
import { InterestPicker } from '../profile/InterestPicker';
import { StepForm, type StepControls } from './StepForm';
import { suggestedPreferences } from './suggested-preferences';
import { usePreferencesForm } from './PreferenceFields';

export interface StepProps extends StepControls {
  user: User;
  labelledBy: string;
  onContinue: (changes?: StepChanges) => void;
}

export function PhotosStep({ convertHeic, onContinue, ...controls }: StepProps & { convertHeic?: HeicConverter }) {
  return (
    <StepForm {...controls} onContinue={() => onContinue()}>
      <PhotoManager convertHeic={convertHeic} />
    </StepForm>
  );
}

export function AboutStep({ user, onContinue, ...controls }: StepProps) {
  const [bio, setBio] = useState(user.bio);
  return (
    <StepForm {...controls} onContinue={() => onContinue({ bio: bio.trim() })}>
      <Field label="Your bio" hint={`${bio.length} / ${PROFILE_LIMITS.bioMax} characters`}>
        <Textarea
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          maxLength={PROFILE_LIMITS.bioMax}
          rows={5}
          placeholder="What you love, what makes you laugh, what you are looking for…"
        />
      </Field>
    </StepForm>
  );
}

export function InterestsStep({ user, onContinue, ...controls }: StepProps) {
  const [interests, setInterests] = useState<string[]>(() => user.interests.slice(0, PROFILE_LIMITS.interestsMax));
  return (
    <StepForm {...controls} onContinue={() => onContinue({ interests })}>
      <InterestPicker value={interests} onChange={setInterests} legend="Your interests" />
    </StepForm>
  );
}

export function PreferencesStep({ user, onContinue, ...controls }: StepProps) {
  const form = usePreferencesForm(suggestedPreferences(user));
  const submit = () => {
    const preferences = form.read();
    if (preferences) onContinue({ preferences });
  };
  return (
    <StepForm {...controls} onContinue={submit}>
      {form.fields}
    </StepForm>
  );
}
