/**
 * Sentences written for this project (none taken or paraphrased from any data set) in the present tense with
 * a person as the subject. What the verb says decides: an action a photo catches ("he carries a crate") is a
 * description, a habit, a job or a plan ("she teaches maths", "he commutes by train") is not. They teach the
 * clause classifier the verbs (its `verb:` and `predw:` features) that word lists of visible activities and
 * of people once named.
 */
import { described, notDescribed, type Example } from './claim-examples.ts';


export const PRESENT_TENSE_EXAMPLES: readonly Example[] = [
  ...described(
    'He carries a crate of apples across the yard.',
    'She carries a sleeping toddler on her hip.',
    'A man pushes a wheelbarrow full of bricks.',
    'The girl pulls a red wagon along the path.',
    'He holds a paper cup in his left hand.',
    'She wears a wide straw hat and sunglasses.',
    'The boy kicks a ball toward the goal.',
    'A woman walks her dog past a bakery.',
    'He rides a bicycle with a basket on the front.',
    'She sits on the steps with a notebook on her knees.',
    'The chef slices onions on a wooden board.',
    'A child climbs the ladder of a slide.',
    'He throws a frisbee to a dog on the beach.',
    'She pours coffee from a metal pot.',
    'The man leans against a lamp post.',
    'A boy jumps over a puddle.',
    'She paints a fence white.',
    'He reads a newspaper on a park bench.',
    'The old man feeds pigeons in the square.',
    'A girl hugs a large teddy bear.',
    'He lifts a heavy box onto a shelf.',
    'She waves from the window of a train.',
    'The woman stirs a pot on the stove.',
    'He kneels beside a flat tyre.',
    'A man swims in a lake near a wooden pier.',
    'She points at a map on the wall.',
    'The farmer drives a green tractor across the field.',
    'He plays the guitar on a street corner.',
    'The waiter serves two plates of pasta.',
    'A woman sweeps the floor of a shop.',
    'the kids are playing in the sand',
    'the women are laughing at a table',
    'the players are running toward the ball',
    'the man is fixing a bicycle chain',
    'the girls are dancing on a stage',
  ),
  ...notDescribed(
    'He commutes to the city by train every day.',
    'She works as an accountant for a bank.',
    'He coaches the school football team.',
    'She volunteers at the animal shelter on weekends.',
    'The old man breeds pigeons as a hobby.',
    'She writes novels for a living.',
    'He owns three restaurants in town.',
    'The woman teaches yoga at a community centre.',
    'He collects stamps from around the world.',
    'She plans to move abroad next year.',
  ),
];
