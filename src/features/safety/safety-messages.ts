import { REPORT_RECEIVED_MESSAGE } from '../../../contract/safety';

// The server's answers name nobody (they must not tell whether someone exists
// or blocked the caller); the app knows whom it acted on and says so.

export const blockedNotice = (name: string) => `You blocked ${name}.`;
export const unblockedNotice = (name: string) => `You unblocked ${name}.`;
export const reportedAndBlockedNotice = (name: string) => `${REPORT_RECEIVED_MESSAGE} You won't see ${name} again.`;
