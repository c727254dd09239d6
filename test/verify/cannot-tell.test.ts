import { describe, expect, it } from 'vitest';
import { isCannotTell, saysCannotTell } from '../../lib/verify/cannot-tell';

describe('saysCannotTell: the reasoning says the claim cannot be judged from the image', () => {
  it.each([
    'This is a label, not a description; it cannot be assessed.',
    'The claim cannot be determined from the image.',
    'Whether he is the owner cannot be verified from the picture.',
    "It is not possible to tell the man's age from the image.",
    'There is no way to know from the image whether the food is fresh.',
    "The image doesn't show the hotel's cleaning schedule, so this can't be confirmed.",
    'We are unable to determine the brand.',
    'It is impossible to say how often the blanket is washed.',
    'It cannot be seen from the image whether the shop is open.',
    'There is not enough information to determine the time of day.',
    'The claim is unverifiable from a photo.',
    'It is unclear whether the two people are related.',
    'The text on the sign cannot be read at this resolution.',
    'Cannot really be judged from a single still image.',
  ])('%s', (reasoning) => {
    expect(saysCannotTell(reasoning)).toBe(true);
  });

  it.each([
    'The cat is clearly visible; it cannot be missed.',
    'There is no dog in the image.',
    'No dog can be seen in the image.',
    'The dog cannot be seen in the image; only two cats are present.',
    'Consistent with the image.',
    'The claim is general and no significant error can be found.',
    'It can be determined that there are two cats.',
    'It is not impossible to tell that the sky is blue: it is clearly blue.',
    'The man is clearly holding an umbrella, which cannot be denied.',
    'The sign clearly reads STOP.',
  ])('not: %s', (reasoning) => {
    expect(saysCannotTell(reasoning)).toBe(false);
  });
});

describe('isCannotTell: a verdict that is no judgement', () => {
  it.each([
    [{ reasoning: 'This cannot be assessed.', label: true, error_type: [] }, true],
    [{ reasoning: 'This cannot be assessed.', label: false, error_type: [] }, true],
    // An error found is a judgement, whatever else the reasoning says.
    [{ reasoning: 'The brand cannot be verified, and there is no dog at all.', label: false, error_type: ['Object' as const] }, false],
    [{ reasoning: 'Consistent with the image.', label: true, error_type: [] }, false],
  ])('%j → %s', (verdict, expected) => {
    expect(isCannotTell(verdict)).toBe(expected);
  });
});
