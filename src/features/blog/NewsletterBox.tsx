import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { newsletterBodySchema } from '../../../contract/blog/newsletter';
import { ApiError } from '../../api/client';
import { subscribeToNewsletter } from '../../api/blog/newsletter';
import { Button, Field, Input, Notice, px } from '../../ui';

/**
 * SPEC section 2 'Stay Updated' box. The spec's Subscribe button did nothing;
 * here the address is kept (POST /api/newsletter) and the visitor told so.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const subscribe = useMutation({ mutationFn: subscribeToNewsletter });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = newsletterBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setFieldError(null);
    subscribe.mutate(parsed.data, { onSuccess: () => setEmail('') });
  };

  const serverFieldError =
    subscribe.error instanceof ApiError ? subscribe.error.fieldErrors.find((error) => error.field === 'email')?.message : undefined;

  return (
    <Box aria-labelledby="newsletter-title">
      <Copy>
        <Title id="newsletter-title">Stay Updated</Title>
        <Lead>Get new dating tips, success stories and Orbit news in your inbox.</Lead>
      </Copy>
      <Form onSubmit={onSubmit} noValidate>
        <EmailField label="Email address" error={fieldError ?? serverFieldError}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              // The message was about the address as it stood; an edited one is judged on the next submit.
              setFieldError(null);
              if (subscribe.isError) subscribe.reset();
            }}
          />
        </EmailField>
        <Button type="submit" loading={subscribe.isPending} loadingLabel="Subscribing...">
          Subscribe
        </Button>
      </Form>
      {subscribe.isSuccess && <Notice tone="success">{subscribe.data.message}</Notice>}
      {subscribe.isError && !serverFieldError && <Notice tone="error">{subscribe.error.message}</Notice>}
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => px(theme.space[8])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.purpleTint};
  border: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: end;

    & > [role='status'],
    & > [role='alert'] {
      grid-column: 1 / -1;
    }
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.neutralText};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const EmailField = styled(Field)`
  flex: 1 1 14rem;
`;
