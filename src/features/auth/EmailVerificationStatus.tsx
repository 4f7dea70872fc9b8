import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { resendVerificationEmail } from '../../api/auth/account-recovery';
import { Badge, Button, px, Text } from '../../ui';

/**
 * Beside the member's own email: "Email verified", or "Email not verified" with a button
 * that emails a new link (the one from registration may be lost or expired).
 */
export function EmailVerificationStatus({ verified }: { verified: boolean }) {
  const resend = useMutation({ mutationFn: resendVerificationEmail });
  if (verified) {
    return (
      <Status>
        <Badge tone="success">Email verified</Badge>
      </Status>
    );
  }
  return (
    <Status>
      <Badge tone="neutral">Email not verified</Badge>
      {resend.isSuccess ? null : (
        <Button type="button" variant="ghost" size="sm" loading={resend.isPending} loadingLabel="Sending..." onClick={() => resend.mutate()}>
          Resend link
        </Button>
      )}
      <span role="status">{resend.isSuccess ? <Text as="span" size="sm">{resend.data.message}</Text> : null}</span>
      {resend.isError ? (
        <Text as="span" size="sm" tone="danger" role="alert">
          {resend.error.message}
        </Text>
      ) : null}
    </Status>
  );
}

const Status = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  margin-left: ${({ theme }) => px(theme.space[2])};
`;
