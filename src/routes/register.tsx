import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../features/auth/RegisterScreen';
import { optionalReturnPath, searchReader } from '../search-params';

// Where to go back to once signed up (see pathAfterSignIn).
const readRegisterSearch = searchReader((search) => ({ redirect: optionalReturnPath(search.redirect) }));

export const Route = createFileRoute('/register')({
  staticData: { pageTitle: 'Sign up' },
  validateSearch: readRegisterSearch,
  component: RegisterScreen,
});
