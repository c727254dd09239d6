import { describe, expect, it } from 'vitest';
import { isCredit, selectedCaption, splitCredit } from '../../lib/page/credit';

describe('splitCredit', () => {
  it.each([
    // [lines as rendered, caption, credit]
    [['Facebook CEO Mark Zuckerberg, the man with the acquisition plan.', 'Photo by James Martin/CNET'], 'Facebook CEO Mark Zuckerberg, the man with the acquisition plan.', 'Photo by James Martin/CNET'],
    [['Even luxury hotels aren’t always cleaned as often as they should be', 'Getty Images'], 'Even luxury hotels aren’t always cleaned as often as they should be', 'Getty Images'],
    [['1Password scannt auch QR-Codes. (Bild: Hersteller)'], '1Password scannt auch QR-Codes.', 'Bild: Hersteller'],
    [['Ayn Rand, Rand Paul (Credit: AP/Manuel Balce Ceneta/Photo montage by Salon)'], 'Ayn Rand, Rand Paul', 'Credit: AP/Manuel Balce Ceneta/Photo montage by Salon'],
    [['A hotel door. (Ellen M. Banner / The Seattle Times)'], 'A hotel door.', 'Ellen M. Banner / The Seattle Times'],
    [['Raspberry Pi 3 - A credit card sized PC that only costs $35 - Image: Raspberry Pi Foundation'], 'Raspberry Pi 3 - A credit card sized PC that only costs $35', 'Image: Raspberry Pi Foundation'],
    [['Ein Artikel verunglimpfte den Politiker © Ivo Mayr / Correctiv'], 'Ein Artikel verunglimpfte den Politiker', '© Ivo Mayr / Correctiv'],
    [['先制点が決まり、喜ぶメッシ（左）とスアレス＝ロイター'], '先制点が決まり、喜ぶメッシ（左）とスアレス', 'ロイター'],
    [['Propaganda looked cooler in 1952. (Public domain)'], 'Propaganda looked cooler in 1952.', 'Public domain'],
    [['Un Népalais prie à Katmandou. (Photo Prakash Mathema. AFP)'], 'Un Népalais prie à Katmandou.', 'Photo Prakash Mathema. AFP'],
    [['(Image credit: HandyGames)'], '', 'Image credit: HandyGames'],
    [['A new street sign reads Maji-Maji-Allee (Tahir Della)'], 'A new street sign reads Maji-Maji-Allee', 'Tahir Della'],
    [['The living room opens onto the pool. Courtesy of Zillow'], 'The living room opens onto the pool.', 'Courtesy of Zillow'],
    [['The old mill at dusk.', 'Photograph by Jane Doe'], 'The old mill at dusk.', 'Photograph by Jane Doe'],
    [['A rendering of the proposed library seen from the river. (Jane Q. Doe)'], 'A rendering of the proposed library seen from the river.', 'Jane Q. Doe'],
    // Parentheses that are part of what the picture shows stay: a lower-case aside, a place inside the sentence.
    [['Angela Merkel (right) greets the delegation.'], 'Angela Merkel (right) greets the delegation.', ''],
    [['The mayor opens the fair (left)'], 'The mayor opens the fair (left)', ''],
    [['Backstage at the couture show, Serkan Cura, Bild via'], 'Backstage at the couture show, Serkan Cura', 'Bild via'],
    [['Two cats sit on a red sofa.'], 'Two cats sit on a red sofa.', ''],
    // A sentence that merely mentions a photo is not a credit.
    [['A photo of the harbour at dawn, taken from the ferry.'], 'A photo of the harbour at dawn, taken from the ferry.', ''],
  ])('%j → caption %j, credit %j', (lines, text, credit) => {
    expect(splitCredit(lines)).toEqual({ text, credit });
  });
});

describe('isCredit', () => {
  it.each(['Photo: Jane Doe', '© Jane Doe / dpa', 'Getty Images', 'ASSOCIATED PRESS', 'Devindra Hardawar/AOL', 'Quelle: Wikipedia', '(All photos: Atlas staff)', 'CC-BY-SA 2.0', 'Courtesy of Zillow', 'Photo courtesy Jane Doe', 'Video by Reuters'])(
    '%j is a credit',
    (text) => expect(isCredit(text)).toBe(true),
  );
  it.each(['Roger Ailes.', 'Penny’s room', 'Two dogs play in the snow near a red barn.', 'The Cooper Station post office is now a mail room.', 'Courtesy is a virtue the old town still keeps.'])(
    '%j is not a credit',
    (text) => expect(isCredit(text)).toBe(false),
  );
});

describe('selectedCaption (a caption the user selected on the page)', () => {
  it.each([
    // [selection as the page gives it, caption, credit]
    ['Protesters gather outside the court. (Jane Doe / AP)', 'Protesters gather outside the court.', 'Jane Doe / AP'],
    ['Protesters gather outside the court.\nPhoto: Jane Doe / AP', 'Protesters gather outside the court.', 'Photo: Jane Doe / AP'],
    ['Ein Eisbär auf einer Scholle. Foto: Iona Dutz', 'Ein Eisbär auf einer Scholle.', 'Foto: Iona Dutz'],
    ['Two cats sit on a red sofa.', 'Two cats sit on a red sofa.', ''],
    // Only a credit selected: it stays the caption (the user chose it), with no credit beside it.
    ['Photo: Jane Doe / AP', 'Photo: Jane Doe / AP', ''],
  ])('%j → caption %j, credit %j', (selection, text, credit) => {
    expect(selectedCaption(selection, 10_000)).toEqual({ text, credit });
  });

  it('caps the caption, not the credit, at maxChars', () => {
    expect(selectedCaption('A long caption about a dog. (Jane Doe / AP)', 10)).toEqual({ text: 'A long cap', credit: 'Jane Doe / AP' });
  });
});
