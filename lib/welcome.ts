// The welcome page's samples: three pictures bundled with the extension (scripts/make-welcome-samples.ts
// draws them) and the AI-style caption beside each. Every caption splits into several claims, some right
// and some wrong, so a new user's first check (one click away) shows the point: a caption checked claim
// by claim, each wrong claim with the kind of error it makes.

import type { MessageKey } from './i18n';
import type { ErrorType } from './verify/schema';

/** A claim of a sample's caption that its picture does not show, and the kind of error that makes it. */
export interface WrongClaim {
  /** Matches the wrong claim's text (and no right claim of the same caption). */
  match: RegExp;
  errorType: ErrorType;
  /** What the picture shows instead, in the words a model that reads it would use. */
  reasoning: string;
}

/** One sample: its picture (a path inside the extension) and the caption shown beside it. */
export interface WelcomeSample {
  id: 'apples' | 'ducks' | 'car';
  file: '/welcome/apples.png' | '/welcome/ducks.png' | '/welcome/car.png';
  caption: string;
  /** What the caption gets wrong, revealed after the check (the page does not say it before): a message name. */
  truth: MessageKey;
  /** The picture's truth, claim by claim: these claims are wrong, every other claim of the caption is right. */
  wrong: readonly WrongClaim[];
}

export const WELCOME_SAMPLES: readonly WelcomeSample[] = [
  {
    id: 'apples',
    file: '/welcome/apples.png',
    caption: 'Three red apples sit in a row on a wooden table. Each apple has a green leaf. A banana lies beside the apples.',
    truth: 'sampleTruthApples',
    wrong: [{ match: /banana/i, errorType: 'Object', reasoning: 'There is no banana; only the three apples are on the table.' }],
  },
  {
    id: 'ducks',
    file: '/welcome/ducks.png',
    caption: 'Four yellow ducks swim on a blue pond. Each duck has an orange beak. The ducks face to the right.',
    truth: 'sampleTruthDucks',
    wrong: [{ match: /four/i, errorType: 'Quantitative', reasoning: 'There are two ducks, not four.' }],
  },
  {
    id: 'car',
    file: '/welcome/car.png',
    caption: 'A red car is parked on a grey road. A bicycle leans against the car. A white dashed line runs along the road.',
    truth: 'sampleTruthCar',
    wrong: [
      { match: /red car/i, errorType: 'Attribute', reasoning: 'The car is green, not red.' },
      { match: /bicycle/i, errorType: 'Object', reasoning: 'There is no bicycle in the picture.' },
    ],
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

/** Whether `pageUrl` is this extension's welcome page, which explains a missing model inline. */
export function isWelcomePage(pageUrl: string, extensionBase: string): boolean {
  return pageUrl.split(/[?#]/)[0] === new URL(WELCOME_PAGE, extensionBase).href;
}
