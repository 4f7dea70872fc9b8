import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';
import { createPasswordJudge } from '../../../contract/auth/password-rules';

// The strength meter's judge: the server's rules with the common-password
// list and keyboard layouts, without the English words and names (three
// quarters of the server's dictionaries, about 1.2 MB more to download).
// It refuses every top-list password the server does; the server's answer
// decides for the rest. Loaded with import() on the first character typed.
export const { passwordStrength } = createPasswordJudge(() => ({
  dictionary: commonDictionary,
  graphs: adjacencyGraphs,
  translations,
}));
