import { isValidElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { px } from './theme';

/** Either a ready-made element (a link, a Button) or the label and handler of a secondary Button. */
export type StateAction = { label: string; onClick: () => void } | ReactNode;

export interface StatePanelProps {
  title: ReactNode;
  text?: ReactNode;
  action?: StateAction;
  /** A decorative illustration or icon (it is hidden from screen readers). */
  icon?: ReactNode;
  /** The heading level of the title: 2 by default, 1 where the panel is the whole page (not found). */
  headingLevel?: 1 | 2 | 3 | 4;
  className?: string;
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => `${px(theme.space[8])} ${px(theme.space[4])}`};
  text-align: center;
`;

const IconSlot = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[16])};
  height: ${({ theme }) => px(theme.space[16])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.purpleTint};
  color: ${({ theme }) => theme.colors.purple};

  & svg {
    width: ${({ theme }) => px(theme.space[8])};
    height: ${({ theme }) => px(theme.space[8])};
  }
`;

const Message = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  max-width: 40ch;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

function isActionObject(action: StateAction): action is { label: string; onClick: () => void } {
  return typeof action === 'object' && action !== null && !isValidElement(action) && 'onClick' in action;
}

/** The shared layout of EmptyState and ErrorState. */
export function StatePanel({
  title,
  text,
  action,
  icon,
  headingLevel = 2,
  className,
  messageRole,
}: StatePanelProps & { messageRole?: 'alert' }) {
  return (
    <Panel className={className}>
      {icon && <IconSlot aria-hidden="true">{icon}</IconSlot>}
      <Message role={messageRole}>
        <Title as={`h${headingLevel}`}>{title}</Title>
        {text && <Text>{text}</Text>}
      </Message>
      {action !== undefined &&
        action !== null &&
        (isActionObject(action) ? (
          <Button type="button" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : (
          action
        ))}
    </Panel>
  );
}
