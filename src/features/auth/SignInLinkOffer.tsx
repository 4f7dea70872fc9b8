import { useMutation } from '@tanstack/react-query';
import { SIGN_IN_LINK_BUTTON_LABEL, SIGN_IN_LINK_OFFER_TEXT } from '../../../contract/auth/sign-in-link';
import { requestSignInLink } from '../../api/auth/sign-in-link';
import { Button, Notice, Stack, Text } from '../../ui';

/**
 * Under a "too many wrong passwords" refusal at a browser the account does
 * not know (issue 50, finding 9): the owner may have a link emailed instead of
 * waiting. Opening it in this browser lets this browser sign in.
 */
export function SignInLinkOffer({ username }: { username: string }) {
  const request = useMutation({ mutationFn: requestSignInLink });
  if (request.isSuccess) return <Notice tone="success">{request.data.message}</Notice>;
  return (
    <Stack gap={2}>
      <Text size="sm">{SIGN_IN_LINK_OFFER_TEXT}</Text>
      {request.isError ? <Notice tone="error">{request.error.message}</Notice> : null}
      <Button
        type="button"
        variant="secondary"
        fullWidth
        loading={request.isPending}
        loadingLabel="Sending..."
        disabled={username === ''}
        onClick={() => request.mutate({ username })}
      >
        {SIGN_IN_LINK_BUTTON_LABEL}
      </Button>
    </Stack>
  );
}
