import type { User } from '../../../../contract/members/profile';
import { useSavePreferences } from '../../../api/preferences';
import { Button, Cluster, Notice } from '../../../ui';
import type { Filters } from './DiscoverFilters';
import { preferencesFromFilters, samePreferences } from './preference-filters';

/**
 * "Save as my preferences" (issue 51): filters the member applied and would
 * like every time become who they want to meet, here and in Spin and the
 * radar. Offered only while the filters say something the preferences do not.
 */
export function SaveFiltersAsPreferences({ user, filters, onSaved }: { user: User; filters: Filters; onSaved: () => void }) {
  const wanted = preferencesFromFilters(filters, user.preferences);
  const save = useSavePreferences(onSaved);
  if (samePreferences(wanted, user.preferences)) {
    return <div role="status">{save.isSuccess ? <Notice tone="success">Saved as your preferences</Notice> : null}</div>;
  }
  return (
    <Cluster gap={3} align="center">
      <Button variant="secondary" size="sm" loading={save.isPending} loadingLabel="Saving..." onClick={() => save.mutate(wanted)}>
        Save as my preferences
      </Button>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
    </Cluster>
  );
}
