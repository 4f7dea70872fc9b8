import 'styled-components';
import type { OrbitTheme } from './theme';

// Types `props.theme` in every styled component and `useTheme()`.
declare module 'styled-components' {
  // Declaration merging needs an interface; a type alias cannot augment.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends OrbitTheme {}
}
