import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';

export interface SettledAnswer<TData> {
  data: (data: TData) => void;
  error: (error: Error) => void;
}

/**
 * Hands a machine every answer its query settles on: the data of a fetch that
 * succeeded, or the failure of one that did not (a refetch's too). Nothing
 * while a fetch is under way, so a machine waiting for a fresh answer is not
 * handed what the cache held before it asked. The update times count as well:
 * an answer equal to the last one keeps the same data (structural sharing)
 * and still has to reach the machine.
 */
export function useSettledAnswer<TData>(query: UseQueryResult<TData>, answer: SettledAnswer<TData>): void {
  const { isFetching, data, error, dataUpdatedAt, errorUpdatedAt } = query;
  const onData = useEffectEvent(answer.data);
  const onError = useEffectEvent(answer.error);
  useEffect(() => {
    if (isFetching) return;
    if (error) onError(error);
    else if (data !== undefined) onData(data);
  }, [isFetching, data, error, dataUpdatedAt, errorUpdatedAt]);
}
