import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations as englishTranslations } from '@zxcvbn-ts/language-en';
import { createPasswordJudge } from './password-rules';

export * from './password-rules';

// The judge the server refuses new passwords with: common passwords, English
// words and names, keyboard patterns. Its dictionaries are about 1.5 MB:
// server code only (the browser's meter has its own, lighter judge).
const serverJudge = createPasswordJudge(() => ({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations: englishTranslations,
}));

export const { passwordStrength, passwordProblem } = serverJudge;
