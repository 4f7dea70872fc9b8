import styled from 'styled-components';
import { ErrorState, px, Spinner } from '../../ui';
import type { LoadState } from './useStoreData';

interface LoadStatusProps {
  state: Exclude<LoadState, { status: 'ready' }>;
  /** SPEC section 8: 'Error Loading Data' on Coins and VIP, 'Error Loading Store' on the Store. */
  errorTitle: string;
  loadingLabel: string;
}

/** The spinner while a store screen loads, or its error with Try Again. */
export function LoadStatus({ state, errorTitle, loadingLabel }: LoadStatusProps) {
  if (state.status === 'loading') {
    return (
      <Centered aria-busy="true">
        <Spinner size="lg" label={loadingLabel} />
      </Centered>
    );
  }
  return <ErrorState title={errorTitle} text={state.message} action={{ label: 'Try Again', onClick: state.retry }} />;
}

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${px(theme.space[12])} 0`};
`;
