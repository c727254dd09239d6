/**
 * Sentences written for this project (none taken or paraphrased from any data set) in the style of answers to a
 * blind user's question about a photo: what the picture does not show or leaves unsettled ("The image does not
 * show the price", "The flavour cannot be determined from this photo"), and text read off it with a hedge ("The
 * date is probably 4 May 2024"). Each is a statement about the picture that the model can check, so each is a
 * claim (issue 44: when in doubt, check it). HL's rationales teach "not", "cannot" and "likely" as the words of a
 * guess; these teach the other side. Contrasts: the same words in statements about the world or the answer itself.
 */
import { described, notDescribed, type Example } from './claim-examples.ts';

export const UNSHOWN_EXAMPLES: readonly Example[] = [
  ...described(
    'The image does not show the price of the shampoo.',
    'The photo does not show the back of the box, where the ingredients would be listed.',
    'The picture does not include the bottom of the label.',
    'The screenshot does not show the rest of the message.',
    'The picture does not reveal the brand of the headphones.',
    'The photo doesn’t show any expiry date on this side of the carton.',
    'The size of the shirt cannot be determined from the image.',
    'The flavour of the yoghurt cannot be seen in this photo.',
    'The time on the oven display cannot be read from this picture.',
    'The exact dosage is not shown in the image.',
    'The serial number is not visible in the photo.',
    'The name of the street is not legible in this picture.',
    'The colour of the cable cannot be made out because of the glare.',
    'Whether the bottle is open cannot be determined from this angle.',
    'The top of the page is cut off in the photo.',
    'Only part of the label is in the frame.',
    'The remote is not in the picture.',
    'The cooking time is not visible on this side of the package.',
    'There is no date printed anywhere in the photo.',
    'The progress bar on the screen cannot be read because the photo is out of focus.',
    'The date on the lid is probably 12 March 2025.',
    'The expiry date is likely to be 3/2024, though the last digit is blurred.',
    'The number on the door is most likely 42.',
    'The text on the jar is probably "Apricot Jam".',
    'The price tag most likely says $3.99.',
    'The can is most likely a can of diced tomatoes, going by the picture on its label.',
    'The label for this jar reads "Strawberry Preserves".',
    'Best before is the heading above the date on the cap.',
    'Made in Italy is the line printed under the logo.',
    'The logo can be seen clearly on the lid.',
    'Part of a second bottle can be seen at the left edge.',
    'The barcode can be seen on the side of the box, close to the camera.',
  ),
  ...notDescribed(
    'The price of shampoo varies from store to store.',
    'Expiry dates are usually printed on the bottom of a carton.',
    'Most jam is best eaten within a month of opening.',
    'The dosage should be confirmed with a pharmacist.',
    'It is likely that the owner bought it on sale.',
    'The cable was probably bought to replace a broken one.',
    'This cannot be good for the battery in the long run.',
    'Which one is healthier cannot be answered without knowing your diet.',
    // What the picture is said to mean rather than to show.
    'The image highlights the loneliness of life in a big city.',
    'The overall feel of the photo emphasizes the bond between the two friends.',
    'The picture conveys how much work went into the harvest.',
    'The image reminds us how fragile nature can be.',
    'The photo celebrates the simple joys of childhood.',
    'The framing of the picture draws attention to the dancer’s concentration.',
  ),
];
