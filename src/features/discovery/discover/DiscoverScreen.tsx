import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../api/members';
import { ScreenFrame, Stack, TabPanel, Tabs } from '../../../ui';
import { useAuth } from '../../auth/AuthProvider';
import { BoostPanel } from '../../boost/BoostPanel';
import { SignInPrompt } from '../../auth/SignInPrompt';
import { RadarScanner } from '../radar/RadarScanner';
import { SafetyNotice } from '../../safety/SafetyNotice';
import { DiscoverFilterPanel } from './DiscoverFilterPanel';
import { DiscoverList, LoadingGrid } from './DiscoverList';
import type { DiscoverSearch } from './discover-search';
import { PhotoNudge } from './PhotoNudge';
import { startingFilters } from './preference-filters';
import { SaveFiltersAsPreferences } from './SaveFiltersAsPreferences';

const VIEW_TABS = [
  { id: 'list', label: 'List View' },
  { id: 'radar', label: 'Radar View' },
];
const TABS_ID = 'discover-view';
const DISCOVER_FRAME = { title: 'Discover', subtitle: 'Browse everyone, or switch to the radar to see who is nearby.' };

export interface DiscoverScreenProps {
  search: DiscoverSearch;
  onSearchChange: (search: DiscoverSearch) => void;
  alert?: (message: string) => void;
  /** Signed out: Discover lists members for members, so a visitor is asked to sign in. */
  visitor?: boolean;
}

/** SPEC's Discover: everyone as a filtered list, or the people nearby on the radar. */
export function DiscoverScreen({ search, onSearchChange, alert, visitor = false }: DiscoverScreenProps) {
  if (visitor) {
    return (
      <ScreenFrame {...DISCOVER_FRAME}>
        <SignInPrompt title="Sign in to discover people" text="Browse everyone on Orbit, filter by gender and age, and see who is nearby on the radar." />
      </ScreenFrame>
    );
  }
  return <MemberDiscover search={search} onSearchChange={onSearchChange} alert={alert} />;
}

function MemberDiscover({ search, onSearchChange, alert }: Omit<DiscoverScreenProps, 'visitor'>) {
  const { isUser, isAdmin } = useAuth();
  // Who the member wants to meet is where the filters start; without the account (it failed) they start empty.
  const me = useQuery(currentUserQueryOptions());
  const view = search.view ?? 'list';
  const filters = startingFilters(search, me.data?.preferences);
  return (
    <ScreenFrame
      {...DISCOVER_FRAME}
      aside={<Tabs label="View" idBase={TABS_ID} tabs={VIEW_TABS} value={view} onChange={(id) => onSearchChange({ ...search, view: id === 'radar' ? 'radar' : undefined })} />}
    >
      <SafetyNotice />
      {/* The note is the member's own: with an admin token, requests speak for the admin. */}
      {me.data && isUser && !isAdmin ? <PhotoNudge user={me.data} /> : null}
      {me.data && isUser && !isAdmin ? <BoostPanel isVip={me.data.isVIP} /> : null}
      {view === 'radar' ? (
        <TabPanel idBase={TABS_ID} tabId="radar">
          {/* Fake sample people would mislead inside real results, so a failure shows the error view here. */}
          <RadarScanner search={{ around: 'me', radiusKm: 50, limit: 20 }} onFailure="error" listTitle="People nearby" />
        </TabPanel>
      ) : (
        <TabPanel idBase={TABS_ID} tabId="list">
          {me.isPending ? (
            // One request for the list, with the filters the member's preferences give, rather than one before and one after.
            <LoadingGrid />
          ) : (
            <Stack gap={6}>
              <DiscoverFilterPanel filters={filters} onApply={(next) => onSearchChange({ ...search, ...next, page: undefined })} />
              {me.data && isUser && !isAdmin ? (
                // Once saved, the preferences give these filters: the address no longer needs to say them.
                <SaveFiltersAsPreferences user={me.data} filters={filters} onSaved={() => onSearchChange({ ...search, gender: undefined, minAge: undefined, maxAge: undefined })} />
              ) : null}
              <DiscoverList
                filters={filters}
                page={search.page ?? 1}
                onPageChange={(page) => onSearchChange({ ...search, page: page > 1 ? page : undefined })}
                alert={alert}
              />
            </Stack>
          )}
        </TabPanel>
      )}
    </ScreenFrame>
  );
}
