// The stand-in model as a model that reads the welcome page's pictures: it answers each sample's claims
// with the picture's truth (lib/welcome.ts), the claims a picture does not show false with their error type.
import { WELCOME_SAMPLES } from '../../lib/welcome';
import type { FalseRule } from './behavior';

/** The false-when rules that make the server answer the welcome samples as the pictures are. */
export function welcomeSampleRules(): FalseRule[] {
  return WELCOME_SAMPLES.flatMap((sample) => sample.wrong.map((w) => ({ match: w.match, error_type: [w.errorType], reasoning: w.reasoning })));
}
