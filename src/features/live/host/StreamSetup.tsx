import type { FormEvent } from 'react';
import styled from 'styled-components';
import { LIVE_TITLE_MAX } from '../../../../contract/live';
import { Button, Card, Field, Input, Notice, Spinner, Text, px } from '../../../ui';
import type { LocalMediaSession } from '../../media/local-media';
import { LocalVideo } from '../../media/LocalVideo';
import { CameraIcon } from '../../media/media-icons';
import { CameraStage, MediaLayout, StageCenter } from '../../media/MediaStage';

/** `off`: nothing asked of the browser yet; the member turns the camera on to set up a stream. */
export type PreviewPhase = 'off' | 'starting' | 'previewing' | 'failed';

interface StreamSetupProps {
  title: string;
  preview: PreviewPhase;
  session: LocalMediaSession;
  /** Go Live was pressed: the stream is connecting. */
  goingLive: boolean;
  /** Why the last Go Live did not get on air. */
  startError: string | null;
  onTitleChange: (title: string) => void;
  onStartPreview: () => void;
  onRetryPreview: () => void;
  onGoLive: () => void;
}

/**
 * SPEC Live stream setup: a title, the live camera preview, Go Live. The
 * camera stays off until the member chooses to set up a stream (issue 51):
 * opening Live to see who is on air asks nothing of the browser.
 */
export function StreamSetup({ title, preview, session, goingLive, startError, onTitleChange, onStartPreview, onRetryPreview, onGoLive }: StreamSetupProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview === 'off') onStartPreview();
    else if (!goingLive) onGoLive();
  };

  return (
    <MediaLayout $align="start">
      <CameraStage as="section" aria-label="Camera preview">
        {preview === 'off' && (
          <PreviewNote>
            <CameraIcon off />
            <strong>Your camera is off</strong>
            <span>It turns on when you set up your stream, so you can see yourself before going live.</span>
          </PreviewNote>
        )}
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
          <Text tone="muted">
            {preview === 'off' ? 'Turn on your camera to see how you look, then give your stream a title and go live.' : "Give your stream a title so people know what it's about, then go live."}
          </Text>
          <Field label="Stream title">
            <Input
              name="title"
              placeholder="What's your stream about?"
              maxLength={LIVE_TITLE_MAX}
              readOnly={goingLive}
              value={title}
              onChange={(event) => onTitleChange(event.target.value)}
            />
          </Field>
          {startError ? <Notice tone="error">{startError}</Notice> : null}
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={preview === 'starting' || goingLive}
            loadingLabel={goingLive ? 'Going live...' : 'Starting camera...'}
          >
            {preview === 'off' ? 'Turn On Camera' : 'Go Live'}
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
