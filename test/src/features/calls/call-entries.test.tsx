import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ConversationSummary } from '../../../../contract/messaging';
import { ConversationList } from '../../../../src/features/messaging/ConversationList';
import { MessageThread, type ThreadItem } from '../../../../src/features/messaging/MessageThread';
import { ThemeRoot } from '../../../../src/ui/ThemeRoot';

/** What a call leaves in the pair's chat: a centred entry in the thread and the list's preview, nobody's bubble. */

const NOW = new Date(2026, 10, 26, 12, 0, 0);
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();

describe("a call's entry in a chat", () => {
  it('is a centred line with its icon and text in the thread, not a bubble of either side', () => {
    const items: ThreadItem[] = [
      { id: 'm-1', own: true, text: 'Call you tonight?', sentAt: at(30), state: 'read' },
      { id: 'c-1', kind: 'call', own: false, text: 'Missed video call', sentAt: at(20) },
      { id: 'c-2', kind: 'call', own: false, text: 'Video call · 3:12', sentAt: at(10) },
    ];
    render(
      <ThemeRoot>
        <MessageThread items={items} now={NOW} contactName="Maya Rao" />
      </ThemeRoot>,
    );
    const log = screen.getByRole('log', { name: 'Messages with Maya Rao' });
    const missed = within(log).getByText('Missed video call').closest('li');
    expect(missed).toHaveAttribute('data-kind', 'call');
    expect(missed?.querySelector('svg')).not.toBeNull();
    expect(missed).not.toHaveTextContent(/^You:|Maya Rao:/);
    expect(missed).not.toHaveTextContent(/Sent|Delivered|Read/);
    expect(within(log).getByText('Video call · 3:12').closest('li')).toHaveAttribute('data-kind', 'call');
    // The member's own message is still their bubble.
    expect(within(log).getByText('Call you tonight?').closest('li')).not.toHaveAttribute('data-kind');
  });

  it("shows in the conversation list as the call's text, without 'You:'", () => {
    const conversation: ConversationSummary = {
      userId: 'maya-1',
      name: 'Maya Rao',
      avatar: '/api/media/avatar/maya',
      isOnline: false,
      isDemo: false,
      matchedAt: at(600),
      lastMessage: { id: 'c-1', seq: 4, senderId: 'me', kind: 'missed-call', text: 'Missed video call', sentAt: at(5) },
      lastSeq: 4,
      unread: 0,
      receipts: { deliveredSeq: 4, readSeq: 4 },
    };
    render(
      <ThemeRoot>
        <ConversationList conversations={[conversation]} selectedId={null} now={NOW} onSelect={() => {}} />
      </ThemeRoot>,
    );
    const entry = screen.getByRole('button', { name: /Maya Rao/ });
    expect(entry).toHaveTextContent('Missed video call');
    expect(entry).not.toHaveTextContent('You:');
  });
});
