import { fromPromise } from 'xstate';
import type { UpdateAppConfigBody } from '../../../../contract/site-settings';
import type { ServerMessage } from '../../../../machines/admin/home-content.machine';
import { updateAppConfig } from '../../../api/admin/site-settings';

/** The Home Page Content form's real effect: POST every setting to /config/app (SPEC section 7). */
export function createHomeContentActors() {
  return {
    saveContent: fromPromise<ServerMessage, UpdateAppConfigBody>(async ({ input }) => {
      const response = await updateAppConfig(input);
      return { message: response.message };
    }),
  };
}
