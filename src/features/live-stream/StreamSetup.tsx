import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, Field, Input, Spinner, Text, px } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import { LocalVideo } from '../media/LocalVideo';
import { CameraIcon } from '../media/media-icons';
import { CameraStage, MediaLayout, StageCenter } from '../media/MediaStage';

export type PreviewPhase = 'starting' | 'previewing' | 'failed';

interface StreamSetupProps {
  title: string;
  preview: PreviewPhase;
  session: LocalMediaSession;
  onTitleChange: (title: string) => void;
  onRetryPreview: () => void;
  onGoLive: () => void;
}

/** The longest title the stage has room for. */
const TITLE_MAX_LENGTH = 100;

/** SPEC Live stream setup: a title, the live camera preview, Go Live. */
export function StreamSetup({ title, preview, session, onTitleChange, onRetryPreview, onGoLive }: StreamSetupProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onGoLive();
  };

  return (
    <MediaLayout $align="start">
      <CameraStage as="section" aria-label="Camera preview">
        {preview === 'previewing' && <LocalVideo session={session} label="Your camera preview" />}
        {preview === 'starting' && (
          <PreviewNote>
            <Spinner label="Starting your camera" size="lg" />
            <span>Starting your camera...</span>
          </PreviewNote>
        )}
        {preview === 'failed' && (
          <PreviewNote>
            <CameraIcon off />
            <strong>Camera and microphone unavailable</strong>
            <span>Allow camera and microphone access for this site in your browser, or connect a camera, then try again.</span>
            <Button variant="secondary" size="sm" onClick={onRetryPreview}>
              Try Again
            </Button>
          </PreviewNote>
        )}
      </CameraStage>
      <Card as="section" aria-labelledby="stream-setup-title">
        <Form onSubmit={submit} noValidate aria-label="Stream setup">
          <SetupTitle id="stream-setup-title">Set up your stream</SetupTitle>
          <Text tone="muted">Give your stream a title so people know what it's about, then go live.</Text>
          <Field label="Stream title">
            <Input
              name="title"
              placeholder="What's your stream about?"
              maxLength={TITLE_MAX_LENGTH}
              value={title}
              onChange={(event) => onTitleChange(event.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" fullWidth loading={preview === 'starting'} loadingLabel="Starting camera...">
            Go Live
          </Button>
        </Form>
      </Card>
    </MediaLayout>
  );
}

const PreviewNote = styled(StageCenter).attrs({ $gap: 2 } as const)`
  & > svg {
    width: ${({ theme }) => px(theme.space[8])};
    height: ${({ theme }) => px(theme.space[8])};
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const SetupTitle = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;
