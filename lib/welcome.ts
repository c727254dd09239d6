// The welcome page's samples: three pictures bundled with the extension (scripts/make-welcome-samples.ts
// draws them) and the AI-style caption beside each — one right, one with a wrong count, one with a wrong
// colour and an object that is not there — so a new user's first check is one click away.

import type { MessageKey } from './i18n';

/** One sample: its picture (a path inside the extension) and the caption shown beside it. */
export interface WelcomeSample {
  id: 'apples' | 'ducks' | 'car';
  file: '/welcome/apples.png' | '/welcome/ducks.png' | '/welcome/car.png';
  caption: string;
  /** What the caption gets wrong, revealed after the check (the page does not say it before): a message name. */
  truth: MessageKey;
}

export const WELCOME_SAMPLES: readonly WelcomeSample[] = [
  { id: 'apples', file: '/welcome/apples.png', caption: 'Three red apples sit on a wooden table.', truth: 'sampleTruthApples' },
  { id: 'ducks', file: '/welcome/ducks.png', caption: 'Four yellow ducks swim on a blue pond.', truth: 'sampleTruthDucks' },
  {
    id: 'car',
    file: '/welcome/car.png',
    caption: 'A red car is parked on a grey road. A bicycle leans against the car.',
    truth: 'sampleTruthCar',
  },
];

/** The welcome page's path inside the extension. */
export const WELCOME_PAGE = '/welcome.html';

/** The sample whose picture is at `url` (given how this extension's URLs start), or null. */
export function sampleAt(url: string, extensionBase: string): WelcomeSample | null {
  if (!url.startsWith(extensionBase)) return null;
  const path = `/${url.slice(extensionBase.length).replace(/^\/+/, '').split(/[?#]/)[0]}`;
  return WELCOME_SAMPLES.find((sample) => sample.file === path) ?? null;
}
