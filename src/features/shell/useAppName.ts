import { useQuery } from '@tanstack/react-query';
import { DEFAULT_APP_NAME, publicConfigQueryOptions } from '../../api/site-settings';

/** The product's name from the public config; the default until it arrives, or when it is blank. */
export function useAppName(): string {
  const { data: config } = useQuery(publicConfigQueryOptions());
  return config?.appName?.trim() || DEFAULT_APP_NAME;
}
